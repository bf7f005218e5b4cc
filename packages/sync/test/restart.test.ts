/**
 * Restart test: a worker process is killed (SIGKILL) in the middle of a report sync; a new one
 * takes the run over once its lease expired, and the run ends with no duplicate or missing row.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type DatabaseConnection, migrateDatabase, openDatabase, schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Checksums, syncChecksums } from "../src/checksums.ts";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

const REPORT_DAYS = 14;
const worker = join(import.meta.dirname, "support/sync-worker.ts");

let h: SandboxHarness;
let reference: Checksums;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: REPORT_DAYS, maxProducts: 10 });
  const t = await openTestDatabase("pglite");
  try {
    const sellerProfileId = await connectedSeller(t.connection.db, h);
    const engine = engineFor(t.connection.db, h, { initialReportDays: REPORT_DAYS });
    const run = await engine.requestSync(sellerProfileId, "initial");
    expect(await runToEnd(engine, run.id)).toBe("succeeded");
    reference = await syncChecksums(t.connection.db, sellerProfileId);
  } finally {
    await t.dispose();
  }
}, 120_000);
afterAll(() => h?.close());

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [worker], {
    env: {
      ...process.env,
      ...env,
      SANDBOX_URL: h.baseUrl,
      SANDBOX_TODAY: h.sandbox.control.today(),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, lines, exited };
}

/** Resolves with the first line matching, or rejects when the process ends first. */
function waitForLine(
  w: { lines: ReturnType<typeof createInterface>; exited: Promise<number | null> },
  match: (line: string) => boolean,
): Promise<string> {
  return new Promise((resolve, reject) => {
    w.lines.on("line", (line) => {
      if (match(line)) resolve(line);
    });
    w.exited.then((code) => reject(new Error(`worker exited (${code}) before the expected line`)));
  });
}

describe.each(TEST_DATABASE_KINDS)("on %s", (kind) => {
  let dataDir: string | undefined;
  let test: TestDatabase | undefined;
  let children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await test?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a worker killed mid-report is taken over and the run completes exactly", async () => {
    let connection: DatabaseConnection;
    let env: Record<string, string>;
    if (kind === "pglite") {
      dataDir = mkdtempSync(join(tmpdir(), "starport-restart-"));
      connection = await openDatabase({ dataDir });
      await migrateDatabase(connection);
      env = { SYNC_DATA_DIR: dataDir };
    } else {
      test = await openTestDatabase("postgres");
      connection = test.connection;
      env = { SYNC_DATABASE_URL: connection.kind === "postgres" ? connection.url : "" };
    }
    const sellerProfileId = await connectedSeller(connection.db, h);
    const engine = engineFor(connection.db, h, { initialReportDays: REPORT_DAYS });
    const run = await engine.requestSync(sellerProfileId, "initial");
    // PGlite is one process's database: hand it to the worker.
    if (kind === "pglite") await connection.close();
    env = { ...env, RUN_ID: run.id, REPORT_DAYS: String(REPORT_DAYS) };

    const first = startWorker(env);
    children.push(first.child);
    const killedAt = await waitForLine(first, (line) => {
      if (!line.startsWith("{")) return false;
      const p = JSON.parse(line) as { step: string | null; rows: number };
      return Boolean(p.step?.startsWith("report:") && p.rows > 0);
    });
    first.child.kill("SIGKILL");
    await first.exited;
    expect(JSON.parse(killedAt).step).toMatch(/^report:/);

    const second = startWorker(env);
    children.push(second.child);
    const end = await waitForLine(second, (line) => line.startsWith("END "));
    expect(end).toBe("END succeeded");
    await second.exited;
    children = [];

    if (kind === "pglite") connection = await openDatabase({ dataDir });
    try {
      const db = connection.db;
      const [finished] = await db
        .select()
        .from(schema.syncRuns)
        .where(eq(schema.syncRuns.id, run.id));
      expect(finished?.attempts).toBeGreaterThanOrEqual(2);
      expect(finished?.stepsDone).toBe(finished?.stepsTotal);
      const duplicates = (await db.execute(sql`
        select count(*) - count(distinct (advertising_profile_id, entity_type, amazon_id, date)) as n
        from ad_performance_daily`)) as unknown as { rows: { n: string | number }[] };
      expect(Number(duplicates.rows[0]?.n)).toBe(0);
      expect(await syncChecksums(db, sellerProfileId)).toEqual(reference);
    } finally {
      if (kind === "pglite") await connection.close();
    }
  }, 180_000);
});
