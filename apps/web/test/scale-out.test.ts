/**
 * Scale-out on PostgreSQL: two worker processes (`node apps/web/server.ts` with
 * STARPORT_ROLE=worker) and one web process (STARPORT_ROLE=web) start together on one empty
 * database; syncs for several sellers are queued through the web process's API against the local
 * Amazon sandbox. Every job runs exactly once, in a worker, and each seller's data equals what a
 * single in-process run produces.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { hashPassword, migrateDatabase, openDatabase, schema } from "@starport/db";
import {
  createThrowawayDatabase,
  openTestDatabase,
  TEST_DATABASE_KINDS,
  type ThrowawayDatabase,
} from "@starport/db/testing";
import {
  type Checksums,
  ECONOMICS_SYNC_KIND,
  rowsOf,
  SYNC_ECONOMICS_QUEUE,
  SYNC_QUEUE,
  syncChecksums,
} from "@starport/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "../../../packages/sync/test/support/harness.ts";
import { freePort } from "./support/free-port.ts";

const SERVER = resolve(import.meta.dirname, "../server.ts");
const WEB = resolve(import.meta.dirname, "support/web-process.ts");
const REPORT_DAYS = 5;
const SELLERS = 4;
/** The key harness.ts encrypts the sandbox tokens with: the processes must read them. */
const TOKEN_KEY = "test-key-0123456789abcdef0123456789abcdef";

interface Proc {
  name: string;
  base: string;
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

async function start(name: string, entry: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream as NodeJS.ReadableStream }).on("line", (l) => lines.push(l));
  const exited = new Promise<number | null>((done) => child.on("exit", done));
  return { name, base: `http://127.0.0.1:${port}`, child, lines, exited };
}

async function healthy(proc: Proc): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.lines.join("\n")}`);
    try {
      const response = await fetch(`${proc.base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${proc.name} did not become healthy:\n${proc.lines.join("\n")}`);
}

/** pino's JSON lines "sync run ended" a process printed: which runs it executed. */
function runsEndedBy(proc: Proc): { syncRun: string; worker: string; status: string }[] {
  return proc.lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    const entry = JSON.parse(line) as {
      msg?: string;
      syncRun: string;
      worker: string;
      status: string;
    };
    return entry.msg === "sync run ended" ? [entry] : [];
  });
}

it("refuses a split role on the embedded database, naming the setting", async () => {
  const proc = await start("worker", SERVER, {
    STARPORT_ROLE: "worker",
    DATABASE_URL: "",
    DATA_DIR: mkdtempSync(join(tmpdir(), "starport-role-")),
  });
  expect(await proc.exited).toBe(78);
  expect(proc.lines.join("\n")).toContain('STARPORT_ROLE: "worker" needs DATABASE_URL');
});

describe.each(TEST_DATABASE_KINDS.filter((kind) => kind === "postgres"))("on %s", () => {
  let h: SandboxHarness;
  let reference: Checksums;
  let database: ThrowawayDatabase;
  const procs: Proc[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "starport-scale-"));

  beforeAll(async () => {
    h = await startSandbox({ countries: ["DE"], days: REPORT_DAYS, maxProducts: 6 });
    // The single-process reference: the same sync in this process, on its own database.
    const single = await openTestDatabase("pglite");
    try {
      const seller = await connectedSeller(single.connection.db, h);
      const engine = engineFor(single.connection.db, h, { initialReportDays: REPORT_DAYS });
      const run = await engine.requestSync(seller, "initial");
      expect(await runToEnd(engine, run.id)).toBe("succeeded");
      // Then the economics run it queued on its way out, as the workers run it: total sales
      // recompute days of cover in product_stock.
      const [economics] = rowsOf<{ id: string }>(
        await single.connection.db.execute(
          sql`select id from sync_runs where seller_profile_id = ${seller}
            and kind = ${ECONOMICS_SYNC_KIND} and status = 'queued'`,
        ),
      );
      expect(economics).toBeDefined();
      expect(await runToEnd(engine, economics?.id as string)).toBe("succeeded");
      reference = await syncChecksums(single.connection.db, seller);
    } finally {
      await single.dispose();
    }
    database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL as string);
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    await database?.drop();
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs every queued sync exactly once in the workers, with the data of a single process", async () => {
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: "scale-out-test-jwt-secret-0123456789abcdef",
      TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
      // The local sandbox of this test, standalone: no process starts its own.
      AMAZON_SANDBOX: "false",
      AMAZON_API_BASE_URL: h.baseUrl,
      AMAZON_SANDBOX_DEMO_DAYS: String(REPORT_DAYS),
      CONVERSION_RATES_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    };
    // All three at once on an empty database: the first migrates, the others wait for it.
    procs.push(
      await start("worker-1", SERVER, { ...env, STARPORT_ROLE: "worker" }),
      await start("worker-2", SERVER, { ...env, STARPORT_ROLE: "worker" }),
      await start("web", WEB, { ...env, STARPORT_ROLE: "web" }),
    );
    await Promise.all(procs.map(healthy));
    const [worker1, worker2, web] = procs as [Proc, Proc, Proc];
    // A worker serves its health endpoint only; the web process serves the API.
    expect((await fetch(`${worker1.base}/api/tags`)).status).toBe(404);

    const connection = await openDatabase({ databaseUrl: database.url });
    try {
      await migrateDatabase(connection); // a no-op: the processes migrated
      const db = connection.db;
      const passwordHash = await hashPassword("scale-out-password");
      // The workers held still while the web process queues: it must not run a single job.
      worker1.child.kill("SIGSTOP");
      worker2.child.kill("SIGSTOP");
      const runIds: string[] = [];
      for (let i = 0; i < SELLERS; i++) {
        const sellerProfileId = await connectedSeller(db, h, `Seller ${i} GmbH`);
        const [profile] = rowsOf<{ customer_id: string }>(
          await db.execute(
            sql`select customer_id from seller_profiles where id = ${sellerProfileId}`,
          ),
        );
        const email = `seller-${i}@scale.test`;
        await db.insert(schema.users).values({
          customerId: profile?.customer_id as string,
          email,
          name: `Seller ${i}`,
          passwordHash,
          finishedOnboardingAt: new Date(),
        });
        const login = await fetch(`${web.base}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "scale-out-password" }),
        });
        expect(login.status).toBe(200);
        const { token } = (await login.json()) as { token: string };
        const queued = await fetch(`${web.base}/api/amazon/syncs`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            sellerProfile: `/api/seller_profiles/${sellerProfileId}`,
            kind: "initial",
          }),
        });
        expect(queued.status).toBe(202);
        runIds.push(((await queued.json()) as { id: string }).id);
      }

      await new Promise((r) => setTimeout(r, 3_000));
      const waiting = await db.select().from(schema.syncRuns);
      expect(waiting.map((r) => r.status)).toEqual(Array(SELLERS).fill("queued"));
      worker1.child.kill("SIGCONT");
      worker2.child.kill("SIGCONT");

      // Until every run has ended: the queued syncs and the economics run (fees, total sales)
      // each of them queues on its way out, on the economics queue.
      const ended = (r: { status: string }) => r.status === "succeeded" || r.status === "failed";
      const deadline = Date.now() + 150_000;
      let runs: (typeof schema.syncRuns.$inferSelect)[] = [];
      const ofKind = (economics: boolean) =>
        runs.filter((r) => (r.kind === ECONOMICS_SYNC_KIND) === economics);
      while (Date.now() < deadline) {
        runs = await db.select().from(schema.syncRuns);
        if (
          ofKind(false).length === SELLERS &&
          ofKind(true).length === SELLERS &&
          runs.every(ended)
        )
          break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const economicsRuns = ofKind(true);
      expect(
        ofKind(false)
          .map((r) => r.id)
          .sort(),
      ).toEqual([...runIds].sort());
      expect(economicsRuns.map((r) => r.sellerProfileId).sort()).toEqual(
        ofKind(false)
          .map((r) => r.sellerProfileId)
          .sort(),
      );
      for (const run of runs) {
        expect(run.status).toBe("succeeded");
        // Claimed once: no second execution took it (the lease is per execution).
        expect(run.attempts).toBe(1);
      }

      // pg-boss delivered one job per run on its queue, completed once.
      const jobsOf = async (queue: string) =>
        rowsOf<{ run: string; state: string }>(
          await db.execute(
            sql`select data->>'syncRunId' as run, state from pgboss.job where name = ${queue}`,
          ),
        );
      const jobs = await jobsOf(SYNC_QUEUE);
      expect(jobs.map((j) => j.run).sort()).toEqual([...runIds].sort());
      const economicsJobs = await jobsOf(SYNC_ECONOMICS_QUEUE);
      expect(economicsJobs.map((j) => j.run).sort()).toEqual(economicsRuns.map((r) => r.id).sort());
      expect([...jobs, ...economicsJobs].every((j) => j.state === "completed")).toBe(true);

      // Each run executed exactly once, all in the workers, both of which took part.
      const endedBy = [worker1, worker2].flatMap(runsEndedBy);
      expect(endedBy.map((e) => e.syncRun).sort()).toEqual(runs.map((r) => r.id).sort());
      expect(runsEndedBy(web)).toEqual([]);
      expect(runsEndedBy(worker1).length).toBeGreaterThan(0);
      expect(runsEndedBy(worker2).length).toBeGreaterThan(0);

      // The data equals a single-process run, for every seller.
      for (const run of ofKind(false)) {
        expect(await syncChecksums(db, run.sellerProfileId)).toEqual(reference);
      }
    } finally {
      await connection.close();
    }

    // SIGTERM ends every role cleanly.
    for (const p of procs) p.child.kill("SIGTERM");
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0, 0]);
  }, 240_000);
});
