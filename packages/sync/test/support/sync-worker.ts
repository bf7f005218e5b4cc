/**
 * A sync worker process for the restart test: the job engine and the sync engine on the given
 * database, against the sandbox at SANDBOX_URL. Prints every progress write as a JSON line and
 * "END <status>" once RUN_ID has finished.
 */
import { openDatabase, schema, startJobs } from "@starport/db";
import { eq } from "drizzle-orm";
import { createSyncEngine } from "../../src/engine.ts";
import { amazonFor, cipher, endpointsFor } from "./harness.ts";

const env = process.env;
const connection = await openDatabase({
  databaseUrl: env.SYNC_DATABASE_URL || undefined,
  dataDir: env.SYNC_DATA_DIR || undefined,
});
const boss = await startJobs(connection);
const engine = createSyncEngine({
  db: connection.db,
  boss,
  amazon: amazonFor(endpointsFor(env.SANDBOX_URL as string)),
  cipher,
  poll: { initialIntervalMs: 10, maxIntervalMs: 50 },
  today: () => env.SANDBOX_TODAY as string,
  initialReportDays: Number(env.REPORT_DAYS ?? 14),
  chunkSize: 100,
  leaseSeconds: 3,
  recoverSeconds: 1,
  onProgress(run) {
    const current = run.steps.find((s) => s.status === "pending");
    console.log(JSON.stringify({ step: current?.key ?? null, rows: current?.rows ?? 0 }));
  },
});
await engine.start();
for (;;) {
  const [run] = await connection.db
    .select()
    .from(schema.syncRuns)
    .where(eq(schema.syncRuns.id, env.RUN_ID as string));
  if (run && (run.status === "succeeded" || run.status === "failed")) {
    console.log(`END ${run.status}`);
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}
await engine.stop();
await boss.stop({ graceful: false, timeout: 2_000 });
await connection.close();
process.exit(0);
