import { openDatabase } from "@starport/db";
import { runProductImport } from "../../src/product-imports/run-import.ts";

/**
 * Runs one product import in its own process (the restart test SIGKILLs it mid-way): prints
 * `batch <rowsDone>` after every committed batch.
 */
const { DATABASE_URL, IMPORT_ID, DATA_DIR, BATCH_SIZE } = process.env;
const connection = await openDatabase({ databaseUrl: DATABASE_URL! });
await runProductImport(connection.db, IMPORT_ID!, {
  dataDir: DATA_DIR!,
  ...(BATCH_SIZE ? { batchSize: Number(BATCH_SIZE) } : {}),
  afterBatch: (done) => {
    process.stdout.write(`batch ${done}\n`);
  },
});
process.stdout.write("finished\n");
await connection.close();
