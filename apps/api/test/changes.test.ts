/**
 * Changes (issue 10): the tray, validation against the marketplace's limits, pushing and applying
 * a batch against the sandbox (207 per row, rejections), the conflict guard, history and undo.
 */
import { hashPassword, schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushBatch } from "../src/changes/push-batch.ts";
import { pushCreations } from "../src/changes/push-creations.ts";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";

const LD = { "content-type": "application/ld+json" };

describe.each(TEST_DATABASE_KINDS)("changes on %s", (kind) => {
  let h: ChangesHarness;
  beforeAll(async () => {
    h = await openChangesHarness(kind);
  }, 120_000);
  afterAll(() => h?.dispose());

  /** n enabled keywords from position `start` of the list (each test takes its own). */
  async function keywords(n: number, start = 0) {
    const list = await h.request({
      url: "/api/keywords?itemsPerPage=1000&state=ENABLED&order[name]=asc",
    });
    expect(list.statusCode, list.body).toBe(200);
    const members = (
      list.json()["hydra:member"] as {
        id: string;
        "@id": string;
        amazonKeywordId: string;
        bid: number | null;
      }[]
    ).slice(start, start + n);
    expect(members.length).toBe(n);
    return members;
  }

  const addChange = (body: Record<string, unknown>, headers = {}) =>
    h.request({
      method: "POST",
      url: "/api/changes",
      headers: { ...LD, ...headers },
      payload: body,
    });

  const push = (batch: string) =>
    h.request({ method: "POST", url: `${batch}/push`, headers: LD, payload: "{}" });

  it("adds a bid change to the tray, pushes it and applies it on Amazon", async () => {
    const [keyword] = await keywords(1);
    const oldBid = keyword!.bid;
    const added = await addChange({
      entityType: "keywords",
      entity: keyword!["@id"],
      field: "bid",
      value: 1.23,
      reasonText: "mehr Sichtbarkeit",
    });
    expect(added.statusCode, added.body).toBe(201);
    const change = added.json();
    expect(change).toMatchObject({
      entityType: "keywords",
      entity: keyword!.id,
      field: "bid",
      oldValue: oldBid,
      newValue: 1.23,
      status: "pending",
      authorKind: "user",
      reasonText: "mehr Sichtbarkeit",
    });
    // Another customer neither sees the change nor the tray.
    expect((await h.app.inject({ url: change["@id"], headers: h.otherHeaders })).statusCode).toBe(
      404,
    );
    const tray = await h.request({
      url: `/api/change_batches?status=draft&sellerProfile=${h.sellerProfileId}`,
    });
    expect(tray.json()["hydra:member"]).toHaveLength(1);
    expect(tray.json()["hydra:member"][0]).toMatchObject({ total: 1, pending: 1 });
    // The same entity and field again replaces the draft change.
    const again = await addChange({
      entityType: "keywords",
      entity: keyword!.id,
      field: "bid",
      value: 1.25,
    });
    expect(again.statusCode).toBe(201);
    const listed = await h.request({ url: `/api/changes?batch=${change.batch}` });
    expect(listed.json()["hydra:totalItems"]).toBe(1);

    const pushed = await push(change.batch);
    expect(pushed.statusCode, pushed.body).toBe(202);
    expect(pushed.json()).toMatchObject({ status: "pending", total: 1 });
    expect(h.queued).toEqual([change.batch.split("/").pop()]);
    // Pushing twice queues nothing new.
    expect((await push(change.batch)).statusCode).toBe(202);
    expect(h.queued).toHaveLength(1);
    // The replaced draft change is gone; a pushed change is history: it cannot be removed from
    // the tray any more, nor its batch discarded.
    expect((await h.request({ url: change["@id"] })).statusCode).toBe(404);
    const pushedChange = (await h.request({ url: `/api/changes?batch=${change.batch}` })).json()[
      "hydra:member"
    ][0];
    expect((await h.request({ method: "DELETE", url: pushedChange["@id"] })).statusCode).toBe(409);
    expect((await h.request({ method: "DELETE", url: change.batch })).statusCode).toBe(409);
    await h.applyQueued();

    const batch = (await h.request({ url: change.batch })).json();
    expect(batch).toMatchObject({ status: "applied", applied: 1, failed: 0, pending: 0 });
    expect(h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)?.bid).toBe(1.25);
    const after = (await h.request({ url: keyword!["@id"] })).json();
    expect(after.bid).toBe(1.25);
    const history = (await h.request({ url: `/api/changes?entity=${keyword!.id}` })).json();
    expect(history["hydra:member"][0]).toMatchObject({
      status: "applied",
      oldValue: oldBid,
      newValue: 1.25,
    });
    expect(history["hydra:member"][0].appliedAt).toBeTruthy();
    // The ad group's history lists the change just made to its keyword (issue 17 item 12).
    expect(after.adGroup).toMatch(/^\/api\/ad_groups\//);
    const groupHistory = (
      await h.request({ url: `/api/changes?adGroup=${encodeURIComponent(after.adGroup)}` })
    ).json()["hydra:member"] as { "@id": string }[];
    const applied = history["hydra:member"][0]["@id"] as string;
    expect(groupHistory.map((m) => m["@id"])).toContain(applied);
    const otherGroups = (await h.request({ url: "/api/ad_groups?itemsPerPage=50" })).json()[
      "hydra:member"
    ] as { "@id": string }[];
    const other = otherGroups.find((g) => g["@id"] !== after.adGroup)!;
    const otherHistory = (
      await h.request({ url: `/api/changes?adGroup=${encodeURIComponent(other["@id"])}` })
    ).json()["hydra:member"] as { "@id": string }[];
    expect(otherHistory.map((m) => m["@id"])).not.toContain(applied);
  }, 60_000);

  it("stages a search term as a keyword and as a negative, and creates them once on push", async () => {
    // Keywords belong in a manual campaign's ad group.
    const manual = (
      await h.request({ url: "/api/campaigns?targetingType=MANUAL&state=ENABLED&order[name]=desc" })
    ).json()["hydra:member"] as { id: string }[];
    const groups = (
      await h.request({ url: `/api/ad_groups?campaign=${manual[0]!.id}&state=ENABLED` })
    ).json()["hydra:member"] as { id: string; "@id": string; campaign: string }[];
    const group = groups[0]!;
    const create = (body: Record<string, unknown>, headers = {}) =>
      h.request({
        method: "POST",
        url: "/api/changes/creations",
        headers: { ...LD, ...headers },
        payload: body,
      });
    const term = `harvested term ${kind}`;
    // Refused before anything is staged: a bid over the limit, a negative's match type on a keyword.
    const tooHigh = await create({
      entityType: "keywords",
      adGroup: group["@id"],
      value: { keywordText: term, matchType: "EXACT", bid: 5000 },
    });
    expect(tooHigh.statusCode, tooHigh.body).toBe(422);
    expect(tooHigh.json().violations[0]).toMatchObject({
      propertyPath: "value.bid",
      code: "changes.violation.bidOutOfRange",
    });
    const wrongMatch = await create({
      entityType: "keywords",
      adGroup: group.id,
      value: { keywordText: term, matchType: "NEGATIVE_EXACT" },
    });
    expect(wrongMatch.statusCode).toBe(422);
    // Another customer's ad group is a 404, to an administrator of another customer too.
    for (const stranger of [h.otherHeaders, h.adminHeaders])
      expect(
        (
          await create(
            {
              entityType: "keywords",
              adGroup: group.id,
              value: { keywordText: term, matchType: "EXACT", bid: 0.5 },
            },
            stranger,
          )
        ).statusCode,
      ).toBe(404);

    const keyword = await create({
      entityType: "keywords",
      adGroup: group["@id"],
      value: { keywordText: term, matchType: "EXACT", bid: 0.55 },
      reasonCode: "search_term_harvest",
      reasonParams: { searchTerm: term },
    });
    expect(keyword.statusCode, keyword.body).toBe(201);
    expect(keyword.json()).toMatchObject({
      operation: "create",
      entityType: "keywords",
      entityLabel: term,
      status: "pending",
    });
    // Harvesting the same term again (any case) leaves one draft, with the newer bid.
    const again = await create({
      entityType: "keywords",
      adGroup: group.id,
      value: { keywordText: term.toUpperCase(), matchType: "EXACT", bid: 0.6 },
      reasonCode: "search_term_harvest",
      reasonParams: { searchTerm: term },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(keyword.json().id);
    const staged = await h.request({
      url: `/api/changes?batch=${encodeURIComponent(keyword.json().batch)}&itemsPerPage=100`,
    });
    const drafts = (staged.json()["hydra:member"] ?? []) as { entityLabel: string }[];
    expect(
      drafts.filter((d) => d.entityLabel.toLowerCase() === term.toLowerCase()),
      staged.body,
    ).toHaveLength(1);
    const revert = await create({
      entityType: "keywords",
      adGroup: group.id,
      value: { keywordText: term, matchType: "EXACT", bid: 0.55 },
      reasonCode: "search_term_harvest",
      reasonParams: { searchTerm: term },
    });
    expect(revert.json().id).toBe(keyword.json().id);
    // A staged creation is part of its ad group's history.
    const groupHistory = (await h.request({ url: `/api/changes?adGroup=${group.id}` })).json()[
      "hydra:member"
    ] as { id: string }[];
    expect(groupHistory.map((m) => m.id)).toContain(keyword.json().id);
    const negative = await create({
      entityType: "negative_keywords",
      campaign: group.campaign,
      value: { keywordText: term, matchType: "NEGATIVE_PHRASE" },
    });
    expect(negative.statusCode, negative.body).toBe(201);
    expect(negative.json().batch).toBe(keyword.json().batch);
    const groupNegative = await create({
      entityType: "negative_keywords",
      adGroup: group.id,
      value: { keywordText: `${term} x`, matchType: "NEGATIVE_EXACT" },
    });
    expect(groupNegative.statusCode, groupNegative.body).toBe(201);

    const batch = keyword.json().batch as string;
    expect((await push(batch)).statusCode).toBe(202);
    await h.applyQueued();
    expect((await h.request({ url: batch })).json()).toMatchObject({
      status: "applied",
      applied: 3,
    });
    const groupNegatives = (
      await h.request({ url: `/api/negative_keywords?adGroup=${group.id}` })
    ).json()["hydra:member"] as { keywordText: string; matchType: string }[];
    expect(groupNegatives.map((n) => [n.keywordText, n.matchType])).toContainEqual([
      `${term} x`,
      "NEGATIVE_EXACT",
    ]);
    const onAmazon = (map: Map<string, { keywordText: string; matchType: string }>) =>
      [...map.values()].filter((k) => k.keywordText === term);
    expect(onAmazon(h.sandbox.world.entities.keywords as never)).toHaveLength(1);
    expect(onAmazon(h.sandbox.world.entities.keywords as never)[0]).toMatchObject({
      matchType: "EXACT",
      bid: 0.55,
    });
    const negatives = [...h.sandbox.world.entities.campaignNegativeKeywords.values()].filter(
      (k) => k.keywordText === term,
    );
    expect(negatives).toHaveLength(1);
    expect(negatives[0]).toMatchObject({ matchType: "NEGATIVE_PHRASE" });
    const synced = (
      await h.request({ url: `/api/keywords?search=${encodeURIComponent(term)}` })
    ).json()["hydra:member"];
    expect(synced).toHaveLength(1);
  }, 60_000);

  it("refuses values outside the marketplace's limits with a 422 on the value", async () => {
    const [keyword] = await keywords(1, 1);
    for (const value of [0.01, 1000.01, "viel"]) {
      const res = await addChange({
        entityType: "keywords",
        entity: keyword!.id,
        field: "bid",
        value,
      });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().violations[0].propertyPath).toBe("value");
    }
    const tooLow = await addChange({
      entityType: "keywords",
      entity: keyword!.id,
      field: "bid",
      value: 0.01,
    });
    expect(tooLow.json().violations[0]).toMatchObject({
      code: "changes.violation.bidOutOfRange",
      params: { min: 0.02, max: 1000 },
    });
    expect(
      (await addChange({ entityType: "keywords", entity: keyword!.id, field: "bid", value: 0.02 }))
        .statusCode,
    ).toBe(201);
    // A field the entity does not have, an unknown or foreign entity.
    expect(
      (await addChange({ entityType: "keywords", entity: keyword!.id, field: "budget", value: 5 }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await addChange({
          entityType: "keywords",
          entity: "00000000-0000-4000-8000-00000000dead",
          field: "bid",
          value: 1,
        })
      ).statusCode,
    ).toBe(404);
    for (const stranger of [h.otherHeaders, h.adminHeaders])
      expect(
        (
          await addChange(
            { entityType: "keywords", entity: keyword!.id, field: "bid", value: 1 },
            stranger,
          )
        ).statusCode,
      ).toBe(404);
    const campaigns = (await h.request({ url: "/api/campaigns?itemsPerPage=1" })).json()[
      "hydra:member"
    ];
    const budget = await addChange({
      entityType: "campaigns",
      entity: campaigns[0].id,
      field: "budget",
      value: 0.5,
    });
    expect(budget.statusCode).toBe(422);
    expect(budget.json().violations[0].code).toBe("changes.violation.budgetOutOfRange");
    // The tray is discarded as a whole.
    const tray = (
      await h.request({
        url: `/api/change_batches?status=draft&sellerProfile=${h.sellerProfileId}`,
      })
    ).json()["hydra:member"][0];
    expect((await h.request({ method: "DELETE", url: tray["@id"] })).statusCode).toBe(204);
    expect((await h.request({ url: tray["@id"] })).statusCode).toBe(404);
  }, 60_000);

  it("applies 19 of 20 bid changes when Amazon rejects one, with Amazon's message", async () => {
    const rows = await keywords(20, 2);
    const rejected = rows[7]!;
    const control = await fetch(`${h.sandboxUrl}/__sandbox/rejections`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        entityIds: [rejected.amazonKeywordId],
        code: "BID_REJECTED",
        message: "Dieses Gebot wird nicht akzeptiert.",
      }),
    });
    expect(control.status).toBe(200);
    let batch = "";
    for (const row of rows) {
      const res = await addChange({
        entityType: "keywords",
        entity: row.id,
        field: "bid",
        value: 0.42,
      });
      expect(res.statusCode).toBe(201);
      batch = res.json().batch;
    }
    expect((await push(batch)).statusCode).toBe(202);
    await h.applyQueued();
    await fetch(`${h.sandboxUrl}/__sandbox/rejections`, { method: "DELETE" });
    expect((await h.request({ url: batch })).json()).toMatchObject({
      status: "partially_applied",
      total: 20,
      applied: 19,
      failed: 1,
    });
    const failed = (await h.request({ url: `/api/changes?batch=${batch}&status=failed` })).json()[
      "hydra:member"
    ];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      entity: rejected.id,
      errorCode: "BID_REJECTED",
      errorMessage: "Dieses Gebot wird nicht akzeptiert.",
    });
    for (const row of rows) {
      const onAmazon = h.sandbox.world.entities.keywords.get(row.amazonKeywordId)?.bid;
      if (row.id === rejected.id) expect(onAmazon).toBe(row.bid);
      else expect(onAmazon).toBe(0.42);
    }
    // Only accepted rows changed in Starport.
    const [synced] = await h.db
      .select()
      .from(schema.keywords)
      .where(eq(schema.keywords.id, rejected.id));
    expect(synced?.bidMicros).toBe(row(rejected.bid));
  }, 60_000);

  it("undoes a batch: the old bids are back on Amazon, and the history shows both", async () => {
    const rows = await keywords(5, 30);
    let batch = "";
    for (const r of rows) {
      const res = await addChange({
        entityType: "keywords",
        entity: r.id,
        field: "bid",
        value: 2.5,
      });
      batch = res.json().batch;
    }
    await push(batch);
    await h.applyQueued();
    for (const r of rows)
      expect(h.sandbox.world.entities.keywords.get(r.amazonKeywordId)?.bid).toBe(2.5);
    const undone = await h.request({
      method: "POST",
      url: `${batch}/undo`,
      headers: LD,
      payload: "{}",
    });
    expect(undone.statusCode, undone.body).toBe(202);
    expect(undone.json()).toMatchObject({
      authorKind: "undo",
      undoOf: batch,
      total: 5,
      status: "pending",
    });
    await h.applyQueued();
    expect((await h.request({ url: undone.json()["@id"] })).json()).toMatchObject({
      status: "applied",
      applied: 5,
    });
    for (const r of rows)
      expect(h.sandbox.world.entities.keywords.get(r.amazonKeywordId)?.bid).toBe(
        r.bid ?? undefined,
      );
    const history = (await h.request({ url: `/api/changes?entity=${rows[0]!.id}` })).json()[
      "hydra:member"
    ];
    expect(history.map((c: { reasonCode: string }) => c.reasonCode)).toEqual(["undo", "manual"]);
    expect(history[0]).toMatchObject({ oldValue: 2.5, newValue: rows[0]!.bid, authorKind: "undo" });
    expect(history[0].undoOf).toBe(history[1]["@id"]);
    // Undoing a single change works the same way; a draft change has nothing to undo.
    const single = await h.request({
      method: "POST",
      url: `${history[1]["@id"]}/undo`,
      headers: LD,
      payload: "{}",
    });
    expect(single.statusCode).toBe(202);
    expect(single.json().total).toBe(1);
    await h.applyQueued();
    expect(h.sandbox.world.entities.keywords.get(rows[0]!.amazonKeywordId)?.bid).toBe(
      rows[0]!.bid ?? undefined,
    );
    // A foreign batch is a 404.
    expect(
      (
        await h.app.inject({
          method: "POST",
          url: `${batch}/undo`,
          headers: { ...h.otherHeaders, ...LD },
          payload: "{}",
        })
      ).statusCode,
    ).toBe(404);
  }, 60_000);

  it("fails a change against a stale value with a conflict, and re-applies it on the current value", async () => {
    const [keyword] = await keywords(1, 40);
    const added = (
      await addChange({ entityType: "keywords", entity: keyword!.id, field: "bid", value: 3.33 })
    ).json();
    // Meanwhile the bid changed on Amazon, and a sync brought the new value.
    h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)!.bid = 0.99;
    await h.syncEntities();
    await push(added.batch);
    await h.applyQueued();
    const failed = (await h.request({ url: added["@id"] })).json();
    expect(failed).toMatchObject({ status: "failed", errorCode: "STARPORT_CONFLICT" });
    expect(JSON.parse(failed.errorMessage).current).toBe(0.99);
    expect(h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)?.bid).toBe(0.99);
    expect((await h.request({ url: added.batch })).json()).toMatchObject({
      status: "failed",
      failed: 1,
    });

    const retried = await h.request({
      method: "POST",
      url: `${added["@id"]}/retry`,
      headers: LD,
      payload: "{}",
    });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({
      oldValue: 0.99,
      newValue: 3.33,
      reasonCode: "conflict_reapply",
      status: "pending",
    });
    await push(retried.json().batch);
    await h.applyQueued();
    expect(h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)?.bid).toBe(3.33);
    // Only a failed change can be retried.
    expect(
      (
        await h.request({
          method: "POST",
          url: `${retried.json()["@id"]}/retry`,
          headers: LD,
          payload: "{}",
        })
      ).statusCode,
    ).toBe(409);
  }, 60_000);

  it("keeps the author's failed changes in their tray until dismissed or retried, both recorded", async () => {
    const [first, second] = await keywords(2, 50);
    const staged: { "@id": string; batch: string; sellerProfile: string }[] = [];
    for (const keyword of [first!, second!])
      staged.push(
        (
          await addChange({ entityType: "keywords", entity: keyword.id, field: "bid", value: 2.22 })
        ).json(),
      );
    // Both bids changed on Amazon meanwhile: the push fails both rows with a conflict.
    for (const keyword of [first!, second!])
      h.sandbox.world.entities.keywords.get(keyword.amazonKeywordId)!.bid = 0.77;
    await h.syncEntities();
    await push(staged[0]!.batch);
    await h.applyQueued();
    const sellerProfile = staged[0]!.sellerProfile as string;
    const trayOf = async (headers = {}) => {
      const res = await h.request({
        url: `/api/change_tray?sellerProfile=${sellerProfile}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        batch: { status: string } | null;
        changes: { "@id": string }[];
        failed: { "@id": string; errorCode: string; errorMessage: string }[];
      };
    };
    const tray = await trayOf();
    expect(tray.batch).toBeNull();
    expect(tray.changes).toEqual([]);
    const failedIds = tray.failed.map((c) => c["@id"]);
    expect(failedIds).toEqual(expect.arrayContaining(staged.map((c) => c["@id"])));
    const failedFirst = tray.failed.find((c) => c["@id"] === staged[0]!["@id"])!;
    expect(failedFirst.errorCode).toBe("STARPORT_CONFLICT");
    expect(JSON.parse(failedFirst.errorMessage).current).toBe(0.77);
    // A colleague's tray is their own: my failures are not in it.
    const theirs = await trayOf(h.colleagueHeaders);
    expect(theirs.failed.map((c) => c["@id"])).not.toContain(staged[0]!["@id"]);
    // A foreign seller profile is a 404.
    expect(
      (
        await h.app.inject({
          url: `/api/change_tray?sellerProfile=${sellerProfile}`,
          headers: h.otherHeaders,
        })
      ).statusCode,
    ).toBe(404);
    // Two seller profiles name none: a 404, not a 500 (found by the fuzz test).
    expect(
      (
        await h.request({
          url: `/api/change_tray?sellerProfile=${sellerProfile}&sellerProfile=${sellerProfile}`,
        })
      ).statusCode,
    ).toBe(404);

    // Dismissed: out of the tray, recorded; a second dismissal is refused.
    const dismissed = await h.request({
      method: "POST",
      url: `${staged[0]!["@id"]}/dismiss`,
      headers: LD,
      payload: "{}",
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: "failed", failureResolution: "dismissed" });
    expect(dismissed.json().failureResolvedAt).toEqual(expect.any(String));
    expect(
      (
        await h.request({
          method: "POST",
          url: `${staged[0]!["@id"]}/dismiss`,
          headers: LD,
          payload: "{}",
        })
      ).statusCode,
    ).toBe(409);
    // Retried with a corrected value: a new draft, the failed change out of the tray, recorded.
    const retried = await h.request({
      method: "POST",
      url: `${staged[1]!["@id"]}/retry`,
      headers: LD,
      payload: { value: 1.11 },
    });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ oldValue: 0.77, newValue: 1.11, status: "pending" });
    expect((await h.request({ url: staged[1]!["@id"] })).json()).toMatchObject({
      failureResolution: "retried",
    });
    const after = await trayOf();
    expect(after.failed.map((c) => c["@id"])).not.toContain(staged[0]!["@id"]);
    expect(after.failed.map((c) => c["@id"])).not.toContain(staged[1]!["@id"]);
    expect(after.changes.map((c) => c["@id"])).toEqual([retried.json()["@id"]]);
    // The history keeps both as failed.
    const history = (
      await h.request({ url: `/api/changes?entity=${first!.id}&status=failed` })
    ).json()["hydra:member"];
    expect(history.map((c: { "@id": string }) => c["@id"])).toContain(staged[0]!["@id"]);
    await h.request({ method: "DELETE", url: after.changes[0]!["@id"] });
  }, 60_000);

  it("two users edit the same bid: the first push wins, the second is a conflict, history keeps both", async () => {
    const [keyword] = await keywords(1, 45);
    const mine = (
      await addChange({ entityType: "keywords", entity: keyword!.id, field: "bid", value: 1.5 })
    ).json();
    const theirs = (
      await addChange(
        { entityType: "keywords", entity: keyword!.id, field: "bid", value: 1.7 },
        h.colleagueHeaders,
      )
    ).json();
    // Each has a tray of their own; neither sees the other's draft.
    expect(mine.batch).not.toBe(theirs.batch);
    expect((await h.request({ url: theirs["@id"] })).statusCode).toBe(404);
    await h.app.inject({
      method: "POST",
      url: `${theirs.batch}/push`,
      headers: { ...h.colleagueHeaders, ...LD },
      payload: "{}",
    });
    await h.applyQueued();
    await push(mine.batch);
    await h.applyQueued();
    expect(h.sandbox.world.entities.keywords.get(keyword!.amazonKeywordId)?.bid).toBe(1.7);
    expect((await h.request({ url: mine["@id"] })).json()).toMatchObject({
      status: "failed",
      errorCode: "STARPORT_CONFLICT",
    });
    const history = (await h.request({ url: `/api/changes?entity=${keyword!.id}` })).json()[
      "hydra:member"
    ];
    expect(
      history.map((c: { newValue: number; status: string }) => [c.newValue, c.status]),
    ).toEqual([
      [1.7, "applied"],
      [1.5, "failed"],
    ]);
  }, 60_000);

  it("creates a campaign with its ad group, ad, keywords and a negative, without duplicates on retry", async () => {
    const [profile] = await h.db.select().from(schema.advertisingProfiles);
    const [ad] = await h.db.select().from(schema.productAds);
    const principal = {
      userId: h.userId,
      customerId: (
        await h.db
          .select()
          .from(schema.sellerProfiles)
          .where(eq(schema.sellerProfiles.id, h.sellerProfileId))
      )[0]!.customerId,
      roles: ["ROLE_USER"],
      isAdmin: false,
      tokenId: "00000000-0000-4000-8000-000000000001",
      expiresAt: 0,
    };
    const jobs = { enqueue: async (id: string) => void h.queued.push(id) };
    const name = `SP Manuell ${Date.now()}`;
    const batch = await pushCreations(h.db, jobs, principal as never, {
      profile: profile!.id,
      entities: [
        {
          key: "campaign",
          entityType: "campaigns",
          item: {
            name,
            targetingType: "MANUAL",
            state: "ENABLED",
            budget: { budget: 25, budgetType: "DAILY" },
            startDate: h.sandbox.control.today(),
            dynamicBidding: { strategy: "LEGACY_FOR_SALES", placementBidding: [] },
          },
        },
        {
          key: "adGroup",
          parent: "campaign",
          entityType: "ad_groups",
          item: { name: "Anzeigengruppe 1", defaultBid: 0.75 },
        },
        { key: "ad", parent: "adGroup", entityType: "product_ads", item: { sku: ad!.sku } },
        {
          key: "k1",
          parent: "adGroup",
          entityType: "keywords",
          item: { keywordText: "gartenschlauch 20m", matchType: "EXACT", bid: 0.9 },
        },
        {
          key: "k2",
          parent: "adGroup",
          entityType: "keywords",
          item: { keywordText: "gartenschlauch", matchType: "PHRASE", bid: 0.6 },
        },
        {
          key: "n1",
          parent: "campaign",
          entityType: "negative_keywords",
          item: { keywordText: "gebraucht", matchType: "NEGATIVE_PHRASE" },
        },
      ],
    });
    expect(batch.total).toBe(6);
    await h.applyQueued();
    const done = (await h.request({ url: `/api/change_batches/${batch.id}` })).json();
    const rows = (await h.request({ url: `/api/changes?batch=${batch.id}` })).json()[
      "hydra:member"
    ];
    expect(
      done,
      JSON.stringify(rows.map((r: { errorMessage: string }) => r.errorMessage)),
    ).toMatchObject({ status: "applied", applied: 6 });
    const campaigns = [...h.sandbox.world.entities.campaigns.values()].filter(
      (c) => c.name === name,
    );
    expect(campaigns).toHaveLength(1);
    const campaignId = campaigns[0]!.campaignId;
    const adGroups = [...h.sandbox.world.entities.adGroups.values()].filter(
      (g) => g.campaignId === campaignId,
    );
    expect(adGroups.map((g) => g.name)).toEqual(["Anzeigengruppe 1"]);
    const kws = [...h.sandbox.world.entities.keywords.values()].filter(
      (k) => k.campaignId === campaignId,
    );
    expect(kws.map((k) => k.keywordText).sort()).toEqual(["gartenschlauch", "gartenschlauch 20m"]);
    // Every change knows its synced row now.
    for (const r of rows) expect(r.entity).toBeTruthy();
    const synced = await h.request({ url: `/api/campaigns?search=${encodeURIComponent(name)}` });
    expect(synced.json()["hydra:totalItems"]).toBe(1);

    // A lost answer: the keywords look unsent. Sending again takes the existing ones.
    await h.db
      .update(schema.changes)
      .set({ status: "failed", errorCode: "AMAZON_UNAVAILABLE" })
      .where(and(eq(schema.changes.batchId, batch.id), eq(schema.changes.entityType, "keywords")));
    await h.db
      .update(schema.changeBatches)
      .set({ status: "partially_applied" })
      .where(eq(schema.changeBatches.id, batch.id));
    await pushBatch(h.db, jobs, principal as never, batch.id);
    await h.applyQueued();
    expect((await h.request({ url: `/api/change_batches/${batch.id}` })).json()).toMatchObject({
      status: "applied",
      applied: 6,
    });
    const again = [...h.sandbox.world.entities.keywords.values()].filter(
      (k) => k.campaignId === campaignId,
    );
    expect(again).toHaveLength(2);
  }, 60_000);

  it("writes a campaign's budget, placements and strategy, and an ad group's default bid and state", async () => {
    const [campaign] = (
      await h.request({ url: "/api/campaigns?itemsPerPage=1&state=ENABLED" })
    ).json()["hydra:member"];
    const [adGroup] = (
      await h.request({ url: `/api/ad_groups?campaign=${campaign["@id"]}&itemsPerPage=1` })
    ).json()["hydra:member"];
    const edits = [
      { entityType: "campaigns", entity: campaign.id, field: "budget", value: 42.5 },
      { entityType: "campaigns", entity: campaign.id, field: "placementTopOfSearch", value: 35 },
      { entityType: "campaigns", entity: campaign.id, field: "biddingStrategy", value: "MANUAL" },
      { entityType: "ad_groups", entity: adGroup.id, field: "bid", value: 0.61 },
      { entityType: "ad_groups", entity: adGroup.id, field: "state", value: "PAUSED" },
    ];
    let batch = "";
    for (const edit of edits) {
      const res = await addChange(edit);
      expect(res.statusCode, res.body).toBe(201);
      batch = res.json().batch;
    }
    expect((await push(batch)).statusCode).toBe(202);
    await h.applyQueued();
    expect((await h.request({ url: batch })).json()).toMatchObject({
      status: "applied",
      applied: 5,
    });
    const truth = h.sandbox.world.entities;
    const onAmazon = truth.campaigns.get(campaign.amazonCampaignId)!;
    expect(onAmazon.budget.budget).toBe(42.5);
    expect(onAmazon.dynamicBidding.strategy).toBe("MANUAL");
    expect(
      onAmazon.dynamicBidding.placementBidding.find((p) => p.placement === "PLACEMENT_TOP")
        ?.percentage,
    ).toBe(35);
    const group = truth.adGroups.get(adGroup.amazonAdGroupId)!;
    expect([group.defaultBid, group.state]).toEqual([0.61, "PAUSED"]);
    const synced = (await h.request({ url: campaign["@id"] })).json();
    expect(synced).toMatchObject({ budget: 42.5, biddingStrategy: "MANUAL" });
    expect(synced.placementBidding.topOfSearch).toBe(35);
    expect((await h.request({ url: adGroup["@id"] })).json()).toMatchObject({
      defaultBid: 0.61,
      state: "PAUSED",
    });
    // Names and dates are checked before anything is sent.
    for (const [field, value] of [
      ["name", "<b>"],
      ["name", "x".repeat(129)],
      ["placementProductPage", 901],
      ["endDate", "2001-01-01"],
      ["biddingStrategy", "ALWAYS_WIN"],
    ] as const) {
      const res = await addChange({ entityType: "campaigns", entity: campaign.id, field, value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
    }
  }, 60_000);

  it("keeps rest of search when the strategy or top of search changes, and writes rest of search", async () => {
    // Issue 17 item 10 / issue 20: Amazon replaces dynamicBidding as a whole; an update that
    // rebuilt it from top of search and product pages alone erased rest of search.
    const [campaign] = (
      await h.request({ url: "/api/campaigns?itemsPerPage=1&page=3&state=ENABLED" })
    ).json()["hydra:member"];
    const onAmazon = () => h.sandbox.world.entities.campaigns.get(campaign.amazonCampaignId)!;
    const restOfSearch = () =>
      onAmazon().dynamicBidding.placementBidding.find(
        (p) => p.placement === "PLACEMENT_REST_OF_SEARCH",
      )?.percentage ?? 0;
    // Rest of search set on Amazon (and synced) before Starport changes anything.
    const bidding = onAmazon().dynamicBidding;
    bidding.placementBidding = [
      ...bidding.placementBidding.filter((p) => p.placement !== "PLACEMENT_REST_OF_SEARCH"),
      { placement: "PLACEMENT_REST_OF_SEARCH", percentage: 40 },
    ];
    await h.db
      .update(schema.campaigns)
      .set({ placementRestOfSearchPct: 40 })
      .where(eq(schema.campaigns.id, campaign.id));
    const strategy = bidding.strategy === "MANUAL" ? "LEGACY_FOR_SALES" : "MANUAL";
    let batch = "";
    for (const edit of [
      { field: "biddingStrategy", value: strategy },
      { field: "placementTopOfSearch", value: 25 },
    ]) {
      const res = await addChange({ entityType: "campaigns", entity: campaign.id, ...edit });
      expect(res.statusCode, res.body).toBe(201);
      batch = res.json().batch;
    }
    expect((await push(batch)).statusCode).toBe(202);
    await h.applyQueued();
    expect((await h.request({ url: batch })).json()).toMatchObject({ status: "applied" });
    expect(onAmazon().dynamicBidding.strategy).toBe(strategy);
    expect(restOfSearch()).toBe(40);

    // Rest of search is a field of its own, 0–900 % like the others.
    const res = await addChange({
      entityType: "campaigns",
      entity: campaign.id,
      field: "placementRestOfSearch",
      value: 55,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await push(res.json().batch)).statusCode).toBe(202);
    await h.applyQueued();
    expect(restOfSearch()).toBe(55);
    expect(
      onAmazon().dynamicBidding.placementBidding.find((p) => p.placement === "PLACEMENT_TOP")
        ?.percentage,
    ).toBe(25);
    const synced = (await h.request({ url: campaign["@id"] })).json();
    expect(synced.placementBidding).toMatchObject({ topOfSearch: 25, restOfSearch: 55 });
    const tooHigh = await addChange({
      entityType: "campaigns",
      entity: campaign.id,
      field: "placementRestOfSearch",
      value: 901,
    });
    expect(tooHigh.statusCode).toBe(422);
  }, 60_000);

  it("bulk-adjusts every row matching the collection's filter, across pages", async () => {
    const groups = (await h.request({ url: "/api/ad_groups?itemsPerPage=50" })).json()[
      "hydra:member"
    ];
    let adGroup: { "@id": string } | undefined;
    let matching: { id: string; bid: number | null }[] = [];
    for (const g of groups) {
      const list = (
        await h.request({
          url: `/api/keywords?adGroup=${g["@id"]}&state=ENABLED&itemsPerPage=1000`,
        })
      ).json()["hydra:member"];
      if (list.length >= 3) {
        adGroup = g;
        matching = list;
        break;
      }
    }
    expect(adGroup).toBeDefined();
    const query = `adGroup=${encodeURIComponent(adGroup!["@id"])}&state=ENABLED&itemsPerPage=2&page=1`;
    const bulk = await h.request({
      method: "POST",
      url: "/api/bulk_changes",
      headers: LD,
      payload: {
        entityType: "keywords",
        selection: { query },
        action: { kind: "adjustBid", percent: 10, max: 5 },
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().created + bulk.json().skipped.length).toBe(matching.length);
    const tray = (
      await h.request({ url: `/api/changes?batch=${bulk.json().batch}&itemsPerPage=1000` })
    ).json()["hydra:member"] as { entity: string; oldValue: number | null; newValue: number }[];
    for (const k of matching) {
      const change = tray.find((c) => c.entity === k.id);
      if (k.bid === null) continue;
      expect(change?.newValue).toBe(Math.min(5, Math.round(k.bid * 1.1 * 100) / 100));
    }
    // A bid below the floor of the marketplace is skipped with the reason, unless clamped.
    const [one] = matching;
    const low = await h.request({
      method: "POST",
      url: "/api/bulk_changes",
      headers: LD,
      payload: {
        entityType: "keywords",
        selection: { ids: [one!.id] },
        action: { kind: "setBid", value: 0.001 },
      },
    });
    expect(low.json()).toMatchObject({
      created: 0,
      skipped: [{ entity: one!.id, reason: "bidOutOfRange" }],
    });
    const clamped = await h.request({
      method: "POST",
      url: "/api/bulk_changes",
      headers: LD,
      payload: {
        entityType: "keywords",
        selection: { ids: [one!.id] },
        action: { kind: "adjustBid", amount: -1000, min: 0 },
      },
    });
    expect(clamped.json().created).toBe(1);
    const after = (
      await h.request({ url: `/api/changes?batch=${clamped.json().batch}&entity=${one!.id}` })
    ).json()["hydra:member"];
    expect(after[0].newValue).toBe(0.02);
    // Amazon's suggested bid (theme-based bid recommendations of the ad group).
    const suggested = await h.request({
      method: "POST",
      url: "/api/bulk_changes",
      headers: LD,
      payload: {
        entityType: "keywords",
        selection: { ids: matching.map((k) => k.id) },
        action: { kind: "suggestedBid" },
      },
    });
    expect(suggested.statusCode, suggested.body).toBe(200);
    expect(suggested.json().created, suggested.body).toBeGreaterThan(0);
    const withSuggestion = (
      await h.request({ url: `/api/changes?batch=${suggested.json().batch}&itemsPerPage=1000` })
    ).json()["hydra:member"] as { reasonParams: { kind: string }; newValue: number }[];
    const fromSuggestion = withSuggestion.filter((c) => c.reasonParams.kind === "suggestedBid");
    expect(fromSuggestion.length).toBe(suggested.json().created);
    for (const c of fromSuggestion) expect(c.newValue).toBeGreaterThan(0);
    // Bad input is a 4xx: an action the entity has no field for, a malformed body.
    expect(
      (
        await h.request({
          method: "POST",
          url: "/api/bulk_changes",
          headers: LD,
          payload: {
            entityType: "keywords",
            selection: { ids: [one!.id] },
            action: { kind: "setBudget", value: 5 },
          },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await h.request({
          method: "POST",
          url: "/api/bulk_changes",
          headers: LD,
          payload: { entityType: "x" },
        })
      ).statusCode,
    ).toBe(422);
    await h.request({ method: "DELETE", url: bulk.json().batch });
  }, 60_000);

  it("suggests bids for auto targets, and a target whose expression Amazon refuses is a skipped row, not a 500", async () => {
    const all = (await h.request({ url: "/api/targets?itemsPerPage=1000&state=ENABLED" })).json()[
      "hydra:member"
    ] as { id: string; adGroup: string; expression: { type: string; value?: string }[] }[];
    const auto = all.filter((t) => t.expression[0]?.type.startsWith("QUERY_"));
    expect(auto.length).toBeGreaterThan(0);
    const adGroup = auto[0]!.adGroup;
    const mine = all.filter((t) => t.adGroup === adGroup);
    // One of the ad group's targets gets an expression the recommendations do not take.
    const odd = mine.find((t) => t !== auto[0]) ?? auto[0]!;
    const targets = schema.targets;
    const [before] = await h.db.select().from(targets).where(eq(targets.id, odd.id));
    await h.db
      .update(targets)
      .set({ expression: [{ type: "ASIN_BRAND_SAME_AS", value: "12345" }] })
      .where(eq(targets.id, odd.id));
    try {
      const bulk = await h.request({
        method: "POST",
        url: "/api/bulk_changes",
        headers: LD,
        payload: {
          entityType: "targets",
          selection: { ids: mine.map((t) => t.id) },
          action: { kind: "suggestedBid" },
        },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const answer = bulk.json() as {
        batch: string | null;
        created: number;
        skipped: { entity: string; reason: string; message?: string }[];
      };
      expect(answer.skipped).toContainEqual({
        entity: odd.id,
        reason: "amazonRefused",
        message: expect.stringContaining("ASIN_BRAND_SAME_AS"),
      });
      // The auto targets (close and loose match, substitutes, complements) got Amazon's value.
      const others = mine.filter((t) => t.id !== odd.id);
      const skippedOthers = answer.skipped.filter((s) => s.entity !== odd.id);
      expect(answer.created + skippedOthers.length).toBe(others.length);
      expect(skippedOthers.filter((s) => s.reason === "amazonRefused")).toEqual([]);
      expect(answer.created).toBeGreaterThan(0);
      if (answer.batch) await h.request({ method: "DELETE", url: answer.batch });
    } finally {
      await h.db
        .update(targets)
        .set({ expression: before!.expression })
        .where(eq(targets.id, odd.id));
    }
  }, 60_000);

  it("a change made while an administrator views Starport as its author names them as actor (issue 22)", async () => {
    const [customer] = await h.db.insert(schema.customers).values({ name: "Ops" }).returning();
    const email = `ops-${Date.now()}@example.test`;
    const [admin] = await h.db
      .insert(schema.users)
      .values({
        customerId: customer!.id,
        email,
        name: "Ops Admin",
        passwordHash: await hashPassword("an ops password"),
        roles: ["ROLE_USER", "ROLE_ADMIN"],
      })
      .returning();
    try {
      const login = await h.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: "an ops password" },
      });
      expect(login.statusCode, login.body).toBe(200);
      const started = await h.app.inject({
        method: "POST",
        url: `/api/admin/users/${h.userId}/impersonation`,
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(started.statusCode, started.body).toBe(201);
      const view = { authorization: `Bearer ${started.json().token}` };
      const [keyword] = await keywords(1, 46);
      const added = await addChange(
        { entityType: "keywords", entity: keyword!["@id"], field: "bid", value: 0.77 },
        view,
      );
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        author: `/api/users/${h.userId}`,
        actor: `/api/users/${admin!.id}`,
        actorName: "Ops Admin",
      });
      // the seller sees it in their own tray, made by the administrator
      const own = await h.request({ url: added.json()["@id"] });
      expect(own.json().actor).toBe(`/api/users/${admin!.id}`);
      const [audited] = await h.db
        .select()
        .from(schema.auditEvents)
        .where(
          and(
            eq(schema.auditEvents.actorUserId, admin!.id),
            eq(schema.auditEvents.action, "write"),
          ),
        );
      expect(audited).toMatchObject({ method: "POST", resource: "/api/changes", status: 201 });
      // a change of the seller's own names no actor
      const [other] = await keywords(1, 47);
      const mine = await addChange({
        entityType: "keywords",
        entity: other!["@id"],
        field: "bid",
        value: 0.78,
      });
      expect(mine.json()).toMatchObject({ actor: null, actorName: null });
      for (const change of [added, mine])
        await h.request({ method: "DELETE", url: change.json()["@id"] });
    } finally {
      await h.db
        .delete(schema.userSessions)
        .where(eq(schema.userSessions.impersonatorId, admin!.id));
      await h.db.delete(schema.auditEvents).where(eq(schema.auditEvents.actorUserId, admin!.id));
      await h.db.delete(schema.users).where(eq(schema.users.id, admin!.id));
      await h.db.delete(schema.customers).where(eq(schema.customers.id, customer!.id));
    }
  });
});

const row = (bid: number | null) => (bid === null ? null : Math.round(bid * 1_000_000));
