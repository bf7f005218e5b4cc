import { openDatabase } from "@starport/db";
import { applyBatch } from "../../src/changes/apply-batch.ts";
import { amazonFor, cipher } from "./changes-harness.ts";

/**
 * Applies one change batch in its own process (the restart test SIGKILLs it mid-batch): prints
 * `chunk <applied>` after every chunk.
 */
const { DATABASE_URL, BATCH_ID, SANDBOX_URL, CHUNK_SIZE } = process.env;
const connection = await openDatabase({ databaseUrl: DATABASE_URL! });
await applyBatch(connection.db, { amazon: amazonFor(SANDBOX_URL!), cipher }, BATCH_ID!, {
  chunkSize: Number(CHUNK_SIZE ?? 25),
  retryDelayMs: 10,
  onChunk: ({ applied }) => {
    process.stdout.write(`chunk ${applied}\n`);
  },
});
process.stdout.write("finished\n");
await connection.close();
