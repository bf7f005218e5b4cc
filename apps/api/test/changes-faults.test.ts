/**
 * Issue 10 "bad input and faults": a batch applied while Amazon answers 429/5xx to one call in
 * five, and a batch whose worker dies mid-way (SIGKILL of a worker process on PostgreSQL; on PGlite
 * a run stopped right after Amazon answered, before Starport recorded it): every row ends with an
 * outcome, every bid is on Amazon, and no row reached Amazon twice.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApplyAborted, applyBatch } from "../src/changes/apply-batch.ts";
import {
  amazonFor,
  type ChangesHarness,
  cipher,
  openChangesHarness,
} from "./support/changes-harness.ts";

const LD = { "content-type": "application/ld+json" };

describe.each(TEST_DATABASE_KINDS)("change batches under faults on %s", (kind) => {
  let h: ChangesHarness;
  /** Keyword updates that reached the sandbox's handler (past the injected faults), by Amazon id. */
  const sent = new Map<string, number>();
  /** Keyword updates the sandbox answered with an injected 429 or 5xx. */
  let faulted = 0;
  beforeAll(async () => {
    h = await openChangesHarness(kind, {
      seed: 21,
      demo: { maxProducts: 12, productsPerMarketplace: 16 },
      beforeListen: (sandbox) => {
        sandbox.app.addHook("preHandler", async (request) => {
          if (request.method !== "PUT" || !request.url.includes("/sp/keywords")) return;
          const items = (request.body as { keywords?: { keywordId: string }[] }).keywords ?? [];
          for (const k of items) sent.set(k.keywordId, (sent.get(k.keywordId) ?? 0) + 1);
        });
        sandbox.app.addHook("onResponse", async (request, reply) => {
          if (request.method === "PUT" && request.url.includes("/sp/keywords"))
            if (reply.statusCode === 429 || reply.statusCode >= 500) faulted += 1;
        });
      },
    });
  }, 180_000);
  afterAll(() => h?.dispose());

  /** A pushed batch setting `n` keywords (from `start`) to a bid of their own; its id and targets. */
  async function pushedBatch(n: number, start: number, bidOf: (i: number) => number) {
    const list = (
      await h.request({ url: "/api/keywords?itemsPerPage=1000&state=ENABLED&order[name]=asc" })
    ).json()["hydra:member"] as { id: string; amazonKeywordId: string }[];
    const rows = list.slice(start, start + n);
    expect(rows.length).toBe(n);
    const bulk = await h.request({
      method: "POST",
      url: "/api/bulk_changes",
      headers: LD,
      payload: {
        entityType: "keywords",
        selection: { ids: rows.map((r) => r.id) },
        action: { kind: "setBid", value: 7.77 },
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const batch = bulk.json().batch as string;
    const id = batch.split("/").pop()!;
    // A bid of their own per row, so a row sent twice or to the wrong entity would show.
    for (const [i, r] of rows.entries())
      await h.db
        .update(schema.changes)
        .set({ newValue: bidOf(i) })
        .where(and(eq(schema.changes.batchId, id), eq(schema.changes.entityId, r.id)));
    const pushed = await h.request({
      method: "POST",
      url: `${batch}/push`,
      headers: LD,
      payload: "{}",
    });
    expect(pushed.statusCode).toBe(202);
    h.queued.splice(0);
    return { batch, id, rows };
  }

  async function expectAllAppliedOnce(
    batch: string,
    rows: { amazonKeywordId: string }[],
    bidOf: (i: number) => number,
  ) {
    const body = (await h.request({ url: batch })).json();
    expect(body).toMatchObject({
      status: "applied",
      total: rows.length,
      applied: rows.length,
      failed: 0,
      pending: 0,
    });
    for (const [i, r] of rows.entries()) {
      expect(h.sandbox.world.entities.keywords.get(r.amazonKeywordId)?.bid).toBe(bidOf(i));
      expect(sent.get(r.amazonKeywordId), r.amazonKeywordId).toBe(1);
    }
  }

  it("applies every row exactly once while Amazon answers 429 and 5xx to 20 % of the calls", async () => {
    const bidOf = (i: number) => Math.round((0.3 + i / 100) * 100) / 100;
    const { batch, id, rows } = await pushedBatch(60, 0, bidOf);
    h.sandbox.control.setFaults({ rate429: 0.1, rate5xx: 0.1, retryAfterSeconds: 0, seed: 3 });
    // No retries in the client: the job's own retries must bring every row through.
    const access = {
      amazon: amazonFor(h.sandboxUrl, { retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 1 } }),
      cipher,
    };
    try {
      await applyBatch(h.db, access, id, { chunkSize: 3, retryDelayMs: 5 });
    } finally {
      h.sandbox.control.setFaults({ rate429: 0, rate5xx: 0 });
    }
    expect(faulted).toBeGreaterThan(0);
    await expectAllAppliedOnce(batch, rows, bidOf);
  }, 120_000);

  it("resumes a batch after its worker died mid-way, without sending a row twice", async () => {
    const bidOf = (i: number) => Math.round((1.1 + i / 100) * 100) / 100;
    const { batch, id, rows } = await pushedBatch(80, 60, bidOf);
    if (kind === "postgres") {
      const killedAfter = await applyAndKill(h.databaseUrl!, id, h.sandboxUrl, 2);
      expect(killedAfter).toBeGreaterThan(0);
    } else {
      // Amazon has applied the third chunk; the run stops before Starport records it.
      let calls = 0;
      await expect(
        applyBatch(h.db, h.access, id, {
          chunkSize: 10,
          afterCall: () => {
            calls += 1;
            if (calls === 3) throw new ApplyAborted("killed");
          },
        }),
      ).rejects.toThrow(ApplyAborted);
    }
    const mid = (await h.request({ url: batch })).json();
    expect(mid.status).toBe("applying");
    expect(mid.applied).toBeGreaterThan(0);
    expect(mid.applied).toBeLessThan(rows.length);
    // The restart: rows a dead run left "applying" are read back from Amazon, the rest is sent.
    await applyBatch(h.db, h.access, id, { chunkSize: 10, staleAfterMs: 0 });
    await expectAllAppliedOnce(batch, rows, bidOf);
    // Safe to run twice: a finished batch is left as it is.
    expect(await applyBatch(h.db, h.access, id)).toBeUndefined();
    for (const r of rows) expect(sent.get(r.amazonKeywordId)).toBe(1);
  }, 180_000);
});

/** Applies the batch in a child process and SIGKILLs it after `chunks` recorded chunks. */
function applyAndKill(
  databaseUrl: string,
  batchId: string,
  sandboxUrl: string,
  chunks: number,
): Promise<number> {
  // Node itself (it runs TypeScript), not a wrapper: SIGKILL must hit the process doing the work.
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, "support/apply-batch-child.ts")],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BATCH_ID: batchId,
        SANDBOX_URL: sandboxUrl,
        CHUNK_SIZE: "10",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((done, fail) => {
    let seen = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        const match = /^chunk (\d+)/.exec(line);
        if (!match) continue;
        seen += 1;
        if (seen === chunks) {
          child.kill("SIGKILL");
          done(Number(match[1]));
        }
      }
    });
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") fail(new Error(`child ended ${code}: ${stderr}`));
    });
  });
}
