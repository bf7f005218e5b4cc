/**
 * The apply job on pg-boss: a push queues one job per batch and the worker applies it; a batch a
 * stopped server left pending is queued again when the workers start.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";

const LD = { "content-type": "application/ld+json" };

describe.each(TEST_DATABASE_KINDS)("the change-batch job on %s", (kind) => {
  let h: ChangesHarness;
  beforeAll(async () => {
    h = await openChangesHarness(kind, { boss: true, apply: { retryDelayMs: 10 } });
  }, 180_000);
  afterAll(() => h?.dispose());

  async function waitFor(batch: string, status: string) {
    for (let i = 0; i < 200; i++) {
      const body = (await h.request({ url: batch })).json();
      if (body.status === status) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${batch} never became ${status}`);
  }

  it("applies a pushed batch through the queue", async () => {
    const [keyword] = (
      await h.request({ url: "/api/keywords?itemsPerPage=1&state=ENABLED" })
    ).json()["hydra:member"];
    const added = await h.request({
      method: "POST",
      url: "/api/changes",
      headers: LD,
      payload: { entityType: "keywords", entity: keyword.id, field: "state", value: "PAUSED" },
    });
    expect(added.statusCode).toBe(201);
    const pushed = await h.request({
      method: "POST",
      url: `${added.json().batch}/push`,
      headers: LD,
      payload: "{}",
    });
    expect(pushed.statusCode).toBe(202);
    expect(await waitFor(added.json().batch, "applied")).toMatchObject({ applied: 1, failed: 0 });
    expect(h.sandbox.world.entities.keywords.get(keyword.amazonKeywordId)?.state).toBe("PAUSED");
    expect((await h.request({ url: keyword["@id"] })).json().state).toBe("PAUSED");
  }, 60_000);

  it("archives through Amazon's archive call; an archived keyword cannot change again", async () => {
    const [, keyword] = (
      await h.request({ url: "/api/keywords?itemsPerPage=2&state=ENABLED" })
    ).json()["hydra:member"];
    const added = await h.request({
      method: "POST",
      url: "/api/changes",
      headers: LD,
      payload: { entityType: "keywords", entity: keyword.id, field: "state", value: "ARCHIVED" },
    });
    await h.request({
      method: "POST",
      url: `${added.json().batch}/push`,
      headers: LD,
      payload: "{}",
    });
    await waitFor(added.json().batch, "applied");
    expect(h.sandbox.world.entities.keywords.get(keyword.amazonKeywordId)?.state).toBe("ARCHIVED");
    const again = await h.request({
      method: "POST",
      url: "/api/changes",
      headers: LD,
      payload: { entityType: "keywords", entity: keyword.id, field: "bid", value: 1 },
    });
    expect(again.statusCode).toBe(201);
    const state = await h.request({
      method: "POST",
      url: "/api/changes",
      headers: LD,
      payload: { entityType: "keywords", entity: keyword.id, field: "state", value: "ENABLED" },
    });
    expect(state.statusCode).toBe(422);
    expect(state.json().violations[0].code).toBe("changes.violation.archivedIsFinal");
    // Amazon refuses to change an archived entity: the bid change fails with its message.
    await h.request({
      method: "POST",
      url: `${again.json().batch}/push`,
      headers: LD,
      payload: "{}",
    });
    const failed = await waitFor(again.json().batch, "failed");
    expect(failed.failed).toBe(1);
    const change = (await h.request({ url: again.json()["@id"] })).json();
    expect(change.errorCode).toBe("ARCHIVED_ENTITY_CANNOT_BE_MODIFIED");
  }, 60_000);

  it("picks up a batch a stopped server left pending", async () => {
    const [keyword] = (
      await h.request({ url: "/api/keywords?itemsPerPage=1&page=5&state=ENABLED" })
    ).json()["hydra:member"];
    const added = (
      await h.request({
        method: "POST",
        url: "/api/changes",
        headers: LD,
        payload: { entityType: "keywords", entity: keyword.id, field: "bid", value: 0.66 },
      })
    ).json();
    const id = added.batch.split("/").pop();
    // Pushed, but its job was lost with the server.
    await h.db
      .update(schema.changeBatches)
      .set({ status: "pending", pushedAt: new Date() })
      .where(eq(schema.changeBatches.id, id));
    await h.restartJobs();
    await waitFor(added.batch, "applied");
    expect(h.sandbox.world.entities.keywords.get(keyword.amazonKeywordId)?.bid).toBe(0.66);
  }, 60_000);
});
