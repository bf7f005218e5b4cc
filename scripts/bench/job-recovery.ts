// Issue 18 §8: recovery time after kill -9. A worker process (apps/api/test/support/
// job-worker-child.ts) is SIGKILLed in the middle of a change batch (Amazon's answers held in
// flight) and of a product import on PostgreSQL; a new process is started and the time until the
// batch is settled (every row applied once) and the import completed is printed, from the new
// process's start and from its workers running. It runs apps/api/test/job-recovery.test.ts at the
// audit's size: 1,000 changes (CI: 120) and 100,000 import rows (CI: 20,000).
// Usage: TEST_DATABASE_URL=postgres://… node scripts/bench/job-recovery.ts [changes] [importRows]
import { spawn } from "node:child_process";
import { join } from "node:path";

if (!process.env.TEST_DATABASE_URL?.startsWith("postgres")) {
  console.error("TEST_DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(2);
}
const changes = Number(process.argv[2] ?? 1000);
const importRows = Number(process.argv[3] ?? 100_000);
const root = join(import.meta.dirname, "../..");
const child = spawn(
  process.execPath,
  [
    join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "apps/api/test/job-recovery.test.ts",
    "-t",
    "postgres",
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      RECOVERY_CHANGES: String(changes),
      RECOVERY_PRODUCTS: "80",
      RECOVERY_IMPORT_ROWS: String(importRows),
    },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
let out = "";
child.stdout.on("data", (chunk) => {
  out += chunk;
});
const code = await new Promise<number | null>((done) => child.on("exit", done));
for (const [line] of out.matchAll(/\[recovery\][^\n]*/g)) console.log(line);
console.log(
  code === 0
    ? `recovery after kill -9 (${changes} changes, ${importRows} import rows): settled within 30 s of the restart`
    : `FAILED (exit ${code})\n${out.slice(-4000)}`,
);
process.exit(code ?? 1);
