// The product-import job in its own process (what the server's pg-boss worker runs), for the
// benchmark: runs one import and prints its peak RSS. Env: DATABASE_URL, IMPORT_ID, DATA_DIR.

import { openDatabase } from "@starport/db";
import { runProductImport } from "../../apps/api/src/product-imports/run-import.ts";

const { DATABASE_URL, IMPORT_ID, DATA_DIR } = process.env;
const connection = await openDatabase({ databaseUrl: DATABASE_URL! });
await runProductImport(connection.db, IMPORT_ID!, { dataDir: DATA_DIR! });
await connection.close();
process.stdout.write(`${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
