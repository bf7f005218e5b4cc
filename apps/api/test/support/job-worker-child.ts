import { openDatabase, startJobs } from "@starport/db";
import { startChangeJobs } from "../../src/changes/jobs.ts";
import { startProductImportJobs } from "../../src/product-imports/jobs.ts";
import { amazonFor, cipher } from "./changes-harness.ts";

/**
 * A Starport worker process (pg-boss with the change-batch and product-import workers) for the
 * recovery tests and scripts/bench/job-recovery.ts: they SIGKILL it mid-batch or mid-import and
 * start another. Prints "ready" once its workers run. AFTER_CALL_MS holds every Amazon answer
 * that long before Starport records it, so a kill lands while rows are in flight.
 */
const { DATABASE_URL, SANDBOX_URL, DATA_DIR, CHUNK_SIZE, IMPORT_BATCH_SIZE, AFTER_CALL_MS } =
  process.env;
const connection = await openDatabase({ databaseUrl: DATABASE_URL! });
const boss = await startJobs(connection);
const pause = Number(AFTER_CALL_MS ?? 0);
await startChangeJobs(
  boss,
  connection.db,
  { amazon: amazonFor(SANDBOX_URL!), cipher },
  {
    pollingIntervalSeconds: 0.5,
    apply: {
      chunkSize: Number(CHUNK_SIZE ?? 25),
      retryDelayMs: 10,
      afterCall: () => new Promise((resolve) => setTimeout(resolve, pause)),
    },
  },
);
await startProductImportJobs(boss, connection.db, {
  dataDir: DATA_DIR!,
  pollingIntervalSeconds: 0.5,
  ...(IMPORT_BATCH_SIZE ? { batchSize: Number(IMPORT_BATCH_SIZE) } : {}),
});
process.stdout.write("ready\n");
