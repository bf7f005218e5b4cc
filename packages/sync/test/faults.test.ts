/**
 * Fault test: with the sandbox answering 20 % of Amazon requests with 429 (Retry-After) or 500/503
 * and every answer slowed down, a full sync ends with exactly the data of a fault-free sync.
 */
import type { RetryEvent } from "@starport/amazon";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@starport/db/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { syncChecksums } from "../src/checksums.ts";
import {
  amazonFor,
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: 7, maxProducts: 4 });
});
afterAll(() => h?.close());

async function fullSync(
  kind: (typeof TEST_DATABASE_KINDS)[number],
  onRetry?: (e: RetryEvent) => void,
) {
  const t = await openTestDatabase(kind);
  try {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const engine = engineFor(db, h, {
      amazon: amazonFor(h.endpoints, onRetry ? { onRetry } : {}),
      chunkSize: 500,
    });
    const run = await engine.requestSync(sellerProfileId, "initial");
    const status = await runToEnd(engine, run.id);
    return { status, checksums: await syncChecksums(db, sellerProfileId) };
  } finally {
    await t.dispose();
  }
}

it("a full sync under 20 % 429/5xx and slow answers equals the fault-free sync", async () => {
  const clean = await fullSync("pglite");
  expect(clean.status).toBe("succeeded");
  expect(clean.checksums.ad_performance_daily?.rows).toBeGreaterThan(50);

  h.sandbox.control.setFaults({
    rate429: 0.1,
    rate5xx: 0.1,
    latencyMs: 25,
    retryAfterSeconds: 1,
    seed: 3,
  });
  const retries: RetryEvent[] = [];
  try {
    const faulty = await fullSync(TEST_DATABASE_KINDS.at(-1) ?? "pglite", (e) => retries.push(e));
    expect(faulty.status).toBe("succeeded");
    expect(faulty.checksums).toEqual(clean.checksums);
  } finally {
    h.sandbox.control.setFaults({ rate429: 0, rate5xx: 0, latencyMs: 0 });
  }
  const reasons = new Set(retries.map((r) => r.reason));
  expect(reasons.has("HTTP 429")).toBe(true);
  expect([...reasons].some((r) => r === "HTTP 500" || r === "HTTP 503")).toBe(true);
}, 180_000);
