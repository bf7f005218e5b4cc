/**
 * Optimiser runs (issue 19 §3–§5) over a synced sandbox seller: suggest mode leaves open
 * recommendations with reasons, a second run supersedes them, automatic mode writes changes
 * authored `optimiser` that the apply job takes to Amazon, a dry run writes nothing, two runs of
 * one profile never overlap, contradicting settings are the run's warnings, foreign ids are 404.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { reasonSentence } from "@starport/optimiser/reason-sentence";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optimiserAfterReportSync } from "../src/optimiser/jobs.ts";
import { queueOptimiserRun, runOptimiser } from "../src/optimiser/run-optimiser.ts";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";

const LD = { "content-type": "application/ld+json" };
const PATCH = { "content-type": "application/merge-patch+json" };

describe.each(TEST_DATABASE_KINDS)("optimiser runs on %s", (kind) => {
  let h: ChangesHarness;
  let today: string;
  beforeAll(async () => {
    h = await openChangesHarness(kind, { demo: { days: 20 } });
    // Facts and listings: the optimiser bids from the reports and the products' settings.
    await h.sync("reports");
    await h.sync("listings");
    today = h.sandbox.control.today();
  }, 180_000);
  afterAll(() => h?.dispose());

  async function settings(values: Record<string, unknown>) {
    const s = schema.sellerProfileSettings;
    await h.db.delete(s).where(eq(s.sellerProfileId, h.sellerProfileId));
    await h.db.insert(s).values({ sellerProfileId: h.sellerProfileId, values } as never);
  }
  async function run(dryRun = false) {
    const queued = await queueOptimiserRun(h.db, {
      sellerProfileId: h.sellerProfileId,
      trigger: "manual",
      dryRun,
      runDate: today,
    });
    return runOptimiser(h.db, queued!.id, {
      today,
      changes: {
        enqueue: async (id) => {
          h.queued.push(id);
        },
      },
    });
  }
  const countOf = async (table: typeof schema.recommendations | typeof schema.changes) =>
    (await h.db.select({ n: count() }).from(table))[0]!.n;

  it("suggest mode: open recommendations with their reasons and inputs", async () => {
    await settings({ automationMode: "suggest" });
    const posted = await h.request({
      method: "POST",
      url: "/api/optimiser_runs",
      headers: LD,
      payload: { sellerProfile: `/api/seller_profiles/${h.sellerProfileId}` },
    });
    expect(posted.statusCode).toBe(202);
    expect(posted.json()).toMatchObject({ status: "queued", dryRun: false, trigger: "manual" });
    const result = await runOptimiser(h.db, posted.json().id, { today });
    expect(result?.run.status).toBe("succeeded");
    expect(result!.decisions.length).toBeGreaterThan(0);
    const list = (
      await h.request({ url: `/api/recommendations?run=${posted.json()["@id"]}&kind=bid` })
    ).json();
    expect(list["hydra:totalItems"]).toBeGreaterThan(0);
    const [first] = list["hydra:member"];
    expect(first).toMatchObject({ status: "open", kind: "bid" });
    expect(["keywords", "targets"]).toContain(first.entityType);
    expect(["bidDiscovery", "bidOnTarget"]).toContain(first.reasonCode);
    expect(first.reasonParams).toHaveProperty("targetAcos");
    expect(first.inputs).toHaveProperty("shrunkCvr");
    expect(first.reasonParams.entityLabel, "the proposal names its keyword or target").toBeTruthy();
    expect(first.proposedValue).not.toBe(first.currentValue);
    expect((await h.request({ url: posted.json()["@id"] })).json()).toMatchObject({
      status: "succeeded",
      counts: { bid: result!.decisions.filter((d) => d.decision.kind === "bid").length },
    });
    const file = await h.request({
      url: `/api/recommendations?run=${posted.json()["@id"]}&format=csv&locale=en&columns[]=subject&columns[]=reasonSentence&columns[]=status`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(
      reasonSentence(first.reasonCode, first.reasonParams, { locale: "en" }),
    );
    expect(await countOf(schema.changes)).toBe(0);
  }, 60_000);

  it("a pause on low stock names the product it pauses", async () => {
    // Every listing's cover is under a year: the storage-disruption rule pauses its ads.
    await settings({ automationMode: "suggest", lowCoverAction: "pause", lowCoverDays: 365 });
    const result = await run();
    expect(result?.run.status).toBe("succeeded");
    const pauses = (
      await h.request({
        url: `/api/recommendations?run=/api/optimiser_runs/${result!.run.id}&kind=state`,
      })
    ).json()["hydra:member"];
    expect(pauses.length, "state recommendations on low cover").toBeGreaterThan(0);
    const titles = new Set((await h.db.select().from(schema.products)).map((p) => p.title));
    for (const pause of pauses) {
      expect(pause).toMatchObject({ entityType: "product_ads", proposedValue: "PAUSED" });
      expect(titles, "the paused ad is named by its product's title").toContain(
        pause.reasonParams.entityLabel,
      );
    }
  });

  it("a second run supersedes the open recommendations of the same entity and kind", async () => {
    const before = await h.db
      .select()
      .from(schema.recommendations)
      .where(eq(schema.recommendations.status, "open"));
    const second = await run();
    const rows = await h.db.select().from(schema.recommendations);
    const open = rows.filter((x) => x.status === "open");
    expect(open.every((x) => x.runId === second!.run.id)).toBe(true);
    expect(open.length).toBe(before.length);
    for (const old of before) expect(rows.find((x) => x.id === old.id)?.status).toBe("superseded");
  }, 60_000);

  it("accepting a bid recommendation stages the change in the caller's tray and links it", async () => {
    const [open] = (
      await h.request({ url: "/api/recommendations?status=open&kind=bid&itemsPerPage=1" })
    ).json()["hydra:member"];
    const accepted = await h.request({
      method: "PATCH",
      url: open["@id"],
      headers: PATCH,
      payload: { status: "accepted" },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("accepted");
    const change = (await h.request({ url: accepted.json().change })).json();
    expect(change).toMatchObject({
      entity: open.entity,
      field: "bid",
      newValue: open.proposedValue,
      reasonCode: open.reasonCode,
      authorKind: "user",
    });
    const again = await h.request({
      method: "PATCH",
      url: open["@id"],
      headers: PATCH,
      payload: { status: "rejected" },
    });
    expect(again.statusCode).toBe(409);
    const snoozeWithoutDate = await h.request({
      method: "PATCH",
      url: (await h.request({ url: "/api/recommendations?status=open&itemsPerPage=1" })).json()[
        "hydra:member"
      ][0]["@id"],
      headers: PATCH,
      payload: { status: "snoozed" },
    });
    expect(snoozeWithoutDate.statusCode).toBe(422);
    // The tray is the user's; the later runs' changes are the optimiser's alone.
    await h.db.delete(schema.changeBatches);
  }, 60_000);

  it("an accepted recommendation becomes applied when Amazon applies its change", async () => {
    const [open] = (
      await h.request({ url: "/api/recommendations?status=open&kind=bid&itemsPerPage=1" })
    ).json()["hydra:member"];
    const accepted = (
      await h.request({
        method: "PATCH",
        url: open["@id"],
        headers: PATCH,
        payload: { status: "accepted" },
      })
    ).json();
    const change = (await h.request({ url: accepted.change })).json();
    const pushed = await h.request({ method: "POST", url: `${change.batch}/push` });
    expect(pushed.statusCode).toBe(202);
    await h.applyQueued();
    expect((await h.request({ url: accepted.change })).json().status).toBe("applied");
    expect((await h.request({ url: open["@id"] })).json()).toMatchObject({
      status: "applied",
      change: accepted.change,
    });
    await h.db.delete(schema.changeBatches);
  }, 60_000);

  it("accepting a bid proposed from a value edited since is a 409 that says so; nothing staged", async () => {
    const [open] = (
      await h.request({ url: "/api/recommendations?status=open&kind=bid&itemsPerPage=1" })
    ).json()["hydra:member"];
    const table = open.entityType === "targets" ? schema.targets : schema.keywords;
    // Edited by hand (or on Amazon) after the run: the bid in force is another.
    const edited = Math.round((open.currentValue + 0.13) * 100) / 100;
    await h.db
      .update(table)
      .set({ bidMicros: Math.round(edited * 1_000_000) })
      .where(eq(table.id, open.entity));
    const refused = await h.request({
      method: "PATCH",
      url: open["@id"],
      headers: PATCH,
      payload: { status: "accepted" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(`it is ${edited} now`);
    expect((await h.request({ url: open["@id"] })).json()).toMatchObject({
      status: "open",
      change: null,
    });
    // Rejecting it stays possible.
    const rejected = await h.request({
      method: "PATCH",
      url: open["@id"],
      headers: PATCH,
      payload: { status: "rejected" },
    });
    expect(rejected.statusCode).toBe(200);
  }, 60_000);

  it("a dry run answers the decisions and writes nothing but its record", async () => {
    const recommendations = await countOf(schema.recommendations);
    const posted = await h.request({
      method: "POST",
      url: "/api/optimiser_runs",
      headers: LD,
      payload: { sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`, dryRun: true },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ status: "succeeded", dryRun: true });
    expect(posted.json().decisions.length).toBeGreaterThan(0);
    expect(posted.json().decisions[0]).toHaveProperty("reason");
    expect(
      posted.json().decisions.find((d: { kind: string }) => d.kind === "bid")?.entityLabel,
      "a previewed bid names its keyword or target",
    ).toBeTruthy();
    expect(await countOf(schema.recommendations)).toBe(recommendations);
    expect(await countOf(schema.changes)).toBe(0);
  }, 60_000);

  it("two runs of one profile at once: one runs, the other is refused", async () => {
    const [a, b] = await Promise.all([
      queueOptimiserRun(h.db, { sellerProfileId: h.sellerProfileId, trigger: "manual" }),
      queueOptimiserRun(h.db, { sellerProfileId: h.sellerProfileId, trigger: "manual" }),
    ]);
    const results = await Promise.all([
      runOptimiser(h.db, a!.id, { today }),
      runOptimiser(h.db, b!.id, { today }),
    ]);
    const statuses = results.map((x) => x?.run.status).sort();
    expect(statuses).toEqual(["failed", "succeeded"]);
    expect(results.find((x) => x?.run.status === "failed")?.run.error).toBe("alreadyRunning");
  }, 60_000);

  it("the sync hook queues one scheduled run per profile and day", async () => {
    const queued: string[] = [];
    const hook = optimiserAfterReportSync(h.db, () => ({
      enqueue: async (id) => {
        queued.push(id);
      },
    }));
    await hook(h.sellerProfileId, today);
    await hook(h.sellerProfileId, today);
    expect(queued).toHaveLength(1);
    const r = schema.optimiserRuns;
    const rows = await h.db
      .select()
      .from(r)
      .where(and(eq(r.sellerProfileId, h.sellerProfileId), eq(r.trigger, "scheduled")));
    expect(rows.map((x) => x.id)).toEqual(queued);
  });

  it("contradicting settings become the run's warnings, not a crash", async () => {
    await settings({ automationMode: "off" });
    await h.db.insert(schema.marketplaceSettings).values({
      sellerProfileId: h.sellerProfileId,
      marketplace: "DE",
      values: { minBidMicros: 3_000_000, maxBidMicros: 1_000_000 },
    } as never);
    const result = await run();
    expect(result?.run.status).toBe("succeeded");
    expect(result?.run.warnings).toContainEqual(
      expect.objectContaining({ code: "minBidAboveMaxBid", marketplace: "DE" }),
    );
    await h.db
      .delete(schema.marketplaceSettings)
      .where(eq(schema.marketplaceSettings.sellerProfileId, h.sellerProfileId));
  }, 60_000);

  it("automatic mode: changes authored optimiser with the run's id reach Amazon", async () => {
    await settings({ automationMode: "automatic" });
    const recommendations = await countOf(schema.recommendations);
    const result = await run();
    expect(result?.run.status).toBe("succeeded");
    expect(result?.run.changeBatchId).toBeTruthy();
    const changes = await h.db
      .select()
      .from(schema.changes)
      .where(eq(schema.changes.batchId, result!.run.changeBatchId!));
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes)
      expect(c).toMatchObject({
        authorKind: "optimiser",
        authorUserId: null,
        optimiserRunId: result!.run.id,
      });
    const [batch] = await h.db
      .select()
      .from(schema.changeBatches)
      .where(eq(schema.changeBatches.id, result!.run.changeBatchId!));
    expect(batch).toMatchObject({ authorKind: "optimiser", status: "pending" });
    // Bid decisions are not recommendations in automatic mode.
    const bidRecs = await h.db
      .select()
      .from(schema.recommendations)
      .where(eq(schema.recommendations.runId, result!.run.id));
    expect(bidRecs.filter((x) => x.kind === "bid")).toHaveLength(0);
    expect(await countOf(schema.recommendations)).toBeGreaterThanOrEqual(recommendations);

    expect(h.queued).toEqual([result!.run.changeBatchId]);
    // The log's reads: the run's changes, by reason, with the figures each bid was made from.
    const ofRun = (
      await h.request({ url: `/api/changes?optimiserRun=${result!.run.id}&itemsPerPage=1000` })
    ).json();
    expect(ofRun["hydra:totalItems"]).toBe(changes.length);
    const bidOfRun = ofRun["hydra:member"].find((x: { field: string }) => x.field === "bid");
    expect(bidOfRun.reasonParams.inputs).toHaveProperty("shrunkCvr");
    const byReason = (
      await h.request({
        url: `/api/changes?optimiserRun=${result!.run.id}&reasonCode=${bidOfRun.reasonCode}`,
      })
    ).json();
    expect(byReason["hydra:totalItems"]).toBe(
      changes.filter((x) => x.reasonCode === bidOfRun.reasonCode).length,
    );
    // The log's export: the reason as the screen's sentence, in the file's language.
    for (const locale of ["de", "en"] as const) {
      const file = await h.request({
        url: `/api/changes?optimiserRun=${result!.run.id}&format=csv&locale=${locale}&columns[]=entityLabel&columns[]=reasonSentence`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain(
        reasonSentence(bidOfRun.reasonCode, bidOfRun.reasonParams, { locale }),
      );
    }
    const [keywordRow] = await h.db
      .select()
      .from(schema.keywords)
      .where(eq(schema.keywords.id, bidOfRun.entity));
    if (keywordRow) {
      const [campaignRow] = await h.db
        .select()
        .from(schema.campaigns)
        .where(eq(schema.campaigns.amazonCampaignId, keywordRow.amazonCampaignId));
      const ofCampaign = (
        await h.request({
          url: `/api/changes?optimiserRun=${result!.run.id}&campaign=${campaignRow!.id}&itemsPerPage=1000`,
        })
      ).json();
      expect(ofCampaign["hydra:member"].map((x: { id: string }) => x.id)).toContain(bidOfRun.id);
      expect(ofCampaign["hydra:totalItems"]).toBeLessThanOrEqual(changes.length);
    }
    await h.applyQueued();
    const bid = changes.find((c) => c.field === "bid" && c.entityType === "keywords")!;
    expect(bid).toBeDefined();
    const [keyword] = await h.db
      .select()
      .from(schema.keywords)
      .where(eq(schema.keywords.id, bid.entityId!));
    expect(h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)?.bid).toBe(bid.newValue);
    // The bid in force today is the applied one (the keywords trigger keeps the history).
    const history = await h.db
      .select()
      .from(schema.bidHistory)
      .where(eq(schema.bidHistory.entityId, bid.entityId!));
    expect(history.at(-1)?.bidMicros).toBe(Math.round(Number(bid.newValue) * 1_000_000));
    // The entity is in its cool-down now: the next run leaves it.
    const next = await run();
    expect(
      next!.decisions.some(
        (d) => d.decision.kind === "bid" && d.decision.entityId === bid.entityId,
      ),
    ).toBe(false);
  }, 60_000);

  it("automatic mode creates harvested keywords and negatives on Amazon, authored optimiser", async () => {
    await settings({
      automationMode: "automatic",
      harvestingEnabled: true,
      harvestMinOrders: 1,
      negationEnabled: true,
      negationMinClicks: 1,
      negationConfidencePercent: 50,
    });
    const result = await run();
    expect(result?.run.status).toBe("succeeded");
    const creations = result!.decisions.filter(
      (d) =>
        (d.decision.kind === "negative" && d.decision.negativeKind === "keyword") ||
        (d.decision.kind === "keyword" &&
          d.decision.keywordKind === "keyword" &&
          d.decision.adGroupId),
    );
    expect(creations.length, "the run negates or harvests search terms").toBeGreaterThan(0);
    const created = await h.db
      .select()
      .from(schema.changes)
      .where(
        and(
          eq(schema.changes.optimiserRunId, result!.run.id),
          eq(schema.changes.operation, "create"),
        ),
      );
    expect(created).toHaveLength(creations.length);
    for (const c of created)
      expect(c).toMatchObject({ authorKind: "optimiser", authorUserId: null, status: "pending" });
    // Not left as proposals too.
    const proposed = await h.db
      .select()
      .from(schema.recommendations)
      .where(eq(schema.recommendations.runId, result!.run.id));
    expect(proposed.filter((x) => x.kind === "negative" || x.kind === "keyword")).toHaveLength(
      result!.decisions.filter(
        (d) => d.decision.kind === "negative" || d.decision.kind === "keyword",
      ).length - creations.length,
    );
    await h.applyQueued();
    const onAmazon = new Set(
      [
        ...h.sandbox.world.entities.negativeKeywords.values(),
        ...h.sandbox.world.entities.keywords.values(),
      ].map((k) => `${k.keywordText.toLowerCase()}|${k.matchType}`),
    );
    for (const c of created) {
      const value = c.newValue as { keywordText: string; matchType: string };
      expect(onAmazon.has(`${value.keywordText.toLowerCase()}|${value.matchType}`)).toBe(true);
    }
  }, 60_000);

  it("another customer's runs and recommendations are 404", async () => {
    const [mine] = (await h.request({ url: "/api/optimiser_runs?itemsPerPage=1" })).json()[
      "hydra:member"
    ];
    const [rec] = (await h.request({ url: "/api/recommendations?itemsPerPage=1" })).json()[
      "hydra:member"
    ];
    const other = { ...h.otherHeaders };
    expect((await h.app.inject({ url: mine["@id"], headers: other })).statusCode).toBe(404);
    expect((await h.app.inject({ url: rec["@id"], headers: other })).statusCode).toBe(404);
    const patched = await h.app.inject({
      method: "PATCH",
      url: rec["@id"],
      headers: { ...other, ...PATCH },
      payload: { status: "rejected" },
    });
    expect(patched.statusCode).toBe(404);
    const posted = await h.app.inject({
      method: "POST",
      url: "/api/optimiser_runs",
      headers: { ...other, ...LD },
      payload: { sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`, dryRun: true },
    });
    expect(posted.statusCode).toBe(404);
    const listed = await h.app.inject({
      url: `/api/recommendations?run=${mine["@id"]}`,
      headers: other,
    });
    expect(listed.statusCode).toBe(404);
  });
});
