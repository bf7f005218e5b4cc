/**
 * What an administrator viewing Starport as a seller does in the optimiser is theirs (issue 22):
 * a "run now" records who asked for it and the administrator acting, and the changes its
 * automatic mode writes carry the administrator as actor, as changes made by hand do; a
 * recommendation decided one by one or in bulk records the deciding user and the administrator.
 * Without impersonation the actor fields are null.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOptimiser } from "../src/optimiser/run-optimiser.ts";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";
import { impersonateHarnessUser } from "./support/impersonation.ts";
import { seedRecommendations } from "./support/recommendation-fixture.ts";

const LD = { "content-type": "application/ld+json" };
const PATCH = { "content-type": "application/merge-patch+json" };

describe.each(TEST_DATABASE_KINDS)("the optimiser while impersonating on %s", (kind) => {
  let h: ChangesHarness;
  let view: Awaited<ReturnType<typeof impersonateHarnessUser>>;
  let today: string;
  beforeAll(async () => {
    h = await openChangesHarness(kind, { demo: { days: 20 } });
    // Facts and listings: the optimiser bids from the reports and the products' settings.
    await h.sync("reports");
    await h.sync("listings");
    today = h.sandbox.control.today();
    view = await impersonateHarnessUser(h);
  }, 180_000);
  afterAll(() => h?.dispose());

  const user = () => `/api/users/${h.userId}`;
  const admin = () => `/api/users/${view.adminId}`;
  const decide = (id: string, payload: Record<string, unknown>, headers = view.headers) =>
    h.app.inject({
      method: "PATCH",
      url: `/api/recommendations/${id}`,
      headers: { ...headers, ...PATCH },
      payload,
    });

  it("a recommendation decided while impersonating records the user and the administrator", async () => {
    const recs = await seedRecommendations(h.db, h.sellerProfileId, {
      keywordBids: 4,
      creations: 0,
    });
    const [rejected, accepted, snoozed, mine] = recs;
    const answers = [
      await decide(rejected!.id, { status: "rejected" }),
      await decide(accepted!.id, { status: "accepted", acceptedValue: 0.42 }),
      await decide(snoozed!.id, { status: "snoozed", snoozedUntil: "2099-01-01" }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        decidedBy: user(),
        decidedByActor: admin(),
        decidedByActorName: view.adminName,
      });
    }
    // the accepted one's change is the administrator's too
    const change = (await h.request({ url: answers[1]!.json().change })).json();
    expect(change).toMatchObject({ actor: admin(), actorName: view.adminName });
    // the log's file names them as the screen does
    const file = await h.request({
      url: `/api/recommendations?status=rejected&format=csv&locale=en&columns[]=subject&columns[]=decidedByLabel`,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain("Decided by");
    expect(file.body).toContain(`${view.adminName} (administrator) for A user`);

    // the seller's own decision: no actor
    const own = await decide(mine!.id, { status: "rejected" }, h.headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      decidedBy: user(),
      decidedByActor: null,
      decidedByActorName: null,
    });
    // never decided: nobody
    const [open] = await seedRecommendations(h.db, h.sellerProfileId, {
      keywordBids: 1,
      creations: 0,
    });
    expect((await h.request({ url: `/api/recommendations/${open!.id}` })).json()).toMatchObject({
      decidedBy: null,
      decidedByActor: null,
      decidedByActorName: null,
    });
    await h.db.delete(schema.recommendations).where(eq(schema.recommendations.id, open!.id));
  });

  it("a bulk decision while impersonating records the administrator on every row", async () => {
    const recs = await seedRecommendations(h.db, h.sellerProfileId, {
      keywordBids: 2,
      creations: 0,
    });
    const decided = await h.app.inject({
      method: "POST",
      url: "/api/recommendation_decisions",
      headers: { ...view.headers, "content-type": "application/json" },
      payload: {
        sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`,
        status: "rejected",
        kind: "bid",
      },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const rec = schema.recommendations;
    const rows = await h.db
      .select()
      .from(rec)
      .where(
        inArray(
          rec.id,
          recs.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({
        status: "rejected",
        decidedByUserId: h.userId,
        decidedByActorUserId: view.adminId,
        decidedByActorName: view.adminName,
      });
  });

  async function automatic() {
    const s = schema.sellerProfileSettings;
    await h.db.delete(s).where(eq(s.sellerProfileId, h.sellerProfileId));
    await h.db
      .insert(s)
      .values({ sellerProfileId: h.sellerProfileId, values: { automationMode: "automatic" } });
  }
  const runNow = (headers: Record<string, string>) =>
    h.app.inject({
      method: "POST",
      url: "/api/optimiser_runs",
      headers: { ...headers, ...LD },
      payload: { sellerProfile: `/api/seller_profiles/${h.sellerProfileId}` },
    });
  const changesOf = async (batchId: string) =>
    h.db.select().from(schema.changes).where(eq(schema.changes.batchId, batchId));

  it("a run now while impersonating records the administrator; its automatic changes are theirs", async () => {
    await automatic();
    const posted = await runNow(view.headers);
    expect(posted.statusCode, posted.body).toBe(202);
    expect(posted.json()).toMatchObject({
      trigger: "manual",
      requestedBy: user(),
      requestedByActor: admin(),
      requestedByActorName: view.adminName,
    });
    const result = await runOptimiser(h.db, posted.json().id, { today });
    expect(result?.run.status).toBe("succeeded");
    const changes = await changesOf(result!.run.changeBatchId!);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes)
      expect(c).toMatchObject({
        authorKind: "optimiser",
        authorUserId: null,
        actorUserId: view.adminId,
        actorName: view.adminName,
        optimiserRunId: result!.run.id,
      });
    const file = await h.request({
      url: `/api/changes?optimiserRun=${result!.run.id}&format=csv&locale=de&columns[]=entityLabel&columns[]=authorLabel`,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(`${view.adminName} (Administrator) für Gebotsoptimierung`);
    const listed = (
      await h.request({ url: `/api/optimiser_runs?sellerProfile=${h.sellerProfileId}` })
    ).json()["hydra:member"][0];
    expect(listed).toMatchObject({ id: posted.json().id, requestedByActorName: view.adminName });
    // throw the run's changes away: the next run decides from the same bids
    await h.db.delete(schema.changes).where(eq(schema.changes.batchId, result!.run.changeBatchId!));
  }, 60_000);

  it("a run now of the seller's own has no actor, nor have its changes", async () => {
    await automatic();
    const posted = await runNow(h.headers);
    expect(posted.statusCode, posted.body).toBe(202);
    expect(posted.json()).toMatchObject({
      requestedBy: user(),
      requestedByActor: null,
      requestedByActorName: null,
    });
    const result = await runOptimiser(h.db, posted.json().id, { today });
    const changes = await changesOf(result!.run.changeBatchId!);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c).toMatchObject({ actorUserId: null, actorName: null });
  }, 60_000);
});
