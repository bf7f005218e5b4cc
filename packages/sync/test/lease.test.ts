/**
 * The lease is per execution: two executions of the same run at once (two jobs for it, in one
 * process or in two) never both run it. Scale-out rests on this besides pg-boss' own once-only
 * delivery: recovery may queue a second job for a run whose first job is just starting.
 */
import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineDeps } from "../src/engine/deps.ts";
import { type RunnerParts, runSync } from "../src/engine/run.ts";
import {
  connectedSeller,
  engineFor,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: 3, maxProducts: 3 });
}, 120_000);
afterAll(() => h?.close());

describe.each(TEST_DATABASE_KINDS)("lease on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("lets only one of two simultaneous executions of a run work on it", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const ended: string[] = [];
    const log = {
      info: (o: object, msg?: string) => {
        if (msg === "sync run ended") ended.push((o as { syncRun: string }).syncRun);
      },
      warn() {},
      error() {},
    };
    const engine = engineFor(db, h, { initialReportDays: 3, log });
    const run = await engine.requestSync(sellerProfileId, "initial");
    // The same engine (one process) twice, and a second engine (another process) once.
    const other = engineFor(db, h, { initialReportDays: 3, log });
    const statuses = await Promise.all([
      engine.runSync(run.id),
      engine.runSync(run.id),
      other.runSync(run.id),
    ]);
    expect(statuses.filter((s) => s === "succeeded")).toHaveLength(1);
    const [after] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, run.id));
    expect(after?.status).toBe("succeeded");
    expect(after?.attempts).toBe(1);
    expect(after?.leaseOwner).toBeNull();
    expect(after?.steps.every((s) => s.status === "done")).toBe(true);
    expect(ended).toEqual([run.id]);
  });

  it("a run whose planning fails stops renewing its lease, so it can be taken over", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const run = await engineFor(db, h).requestSync(sellerProfileId, "initial");
    const quiet = { info() {}, warn() {}, error() {} };
    const parts = {
      workerId: "planning-fails",
      leaseSeconds: 1,
      maxAttempts: 3,
      executing: new Map<string, AbortController>(),
      afterReportHooks: [],
      planner: {
        initialSteps: async () => {
          throw new Error("database gone for a moment");
        },
      },
    } as unknown as RunnerParts;
    await expect(
      runSync({ db, log: quiet } as unknown as EngineDeps, parts, run.id),
    ).rejects.toThrow("database gone for a moment");
    expect(parts.executing.size).toBe(0);
    const leaseOf = async () =>
      (await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, run.id)))[0]
        ?.leaseExpiresAt;
    const claimedUntil = await leaseOf();
    // The renewal would run every 500 ms (a third of the lease, at least 500 ms).
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await leaseOf()).toEqual(claimedUntil);
    // Once the lease has run out, another engine takes the run and finishes it.
    const status = await engineFor(db, h, { initialReportDays: 3 }).runSync(run.id);
    expect(status).toBe("succeeded");
  });

  it("stop() hands a running run back at once; the next engine finishes it from its checkpoint", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const engine = engineFor(db, h, { initialReportDays: 3 });
    const run = await engine.requestSync(sellerProfileId, "initial");
    const running = engine.runSync(run.id);
    // Stop once the run has done some of its steps, as a shutdown arrives mid-way.
    for (;;) {
      const [now] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, run.id));
      if ((now?.stepsDone ?? 0) >= 2) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await engine.stop();
    expect(await running).toBe("running");
    const [handedBack] = await db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.id, run.id));
    expect(handedBack?.status).toBe("running");
    expect(handedBack?.stepsDone).toBeLessThan(handedBack?.stepsTotal ?? 0);
    // Its lease ended with the stop: another engine takes it over without waiting.
    expect(handedBack?.leaseExpiresAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(handedBack?.steps.filter((s) => s.status === "done").length).toBeGreaterThanOrEqual(2);
    const next = engineFor(db, h, { initialReportDays: 3 });
    expect(await next.runSync(run.id)).toBe("succeeded");
    const [after] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, run.id));
    expect(after?.attempts).toBe(2);
    expect(after?.steps.every((s) => s.status === "done")).toBe(true);
  });
});
