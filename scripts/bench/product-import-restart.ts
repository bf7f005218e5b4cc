// The issue 11 restart check at full size: SIGKILL a PostgreSQL import of 100,000 rows after three
// committed batches, resume it, and compare the final table (own fields, tags, counters, row
// errors) with an uninterrupted import of the same file. It runs the restart test
// (apps/api/test/product-imports-restart.test.ts, which uses 30,000 rows in CI) with
// IMPORT_RESTART_ROWS and prints the outcome and the time.
// Usage: TEST_DATABASE_URL=postgres://… node scripts/bench/product-import-restart.ts [rows]
import { spawn } from "node:child_process";
import { join } from "node:path";

if (!process.env.TEST_DATABASE_URL?.startsWith("postgres")) {
  console.error("TEST_DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(2);
}
const rows = Number(process.argv[2] ?? 100_000);
const root = join(import.meta.dirname, "../..");
const started = performance.now();
const child = spawn(
  process.execPath,
  [
    join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "apps/api/test/product-imports-restart.test.ts",
    "-t",
    "postgres",
  ],
  { cwd: root, env: { ...process.env, IMPORT_RESTART_ROWS: String(rows) }, stdio: "inherit" },
);
const code = await new Promise<number | null>((done) => child.on("exit", done));
const seconds = (performance.now() - started) / 1000;
console.log(
  `restart check, ${rows.toLocaleString("en-US")} rows on PostgreSQL: ${
    code === 0
      ? "the killed and resumed import ends equal to the uninterrupted one"
      : `FAILED (exit ${code})`
  } (${seconds.toFixed(1)} s including both imports and setup)`,
);
process.exit(code ?? 1);
