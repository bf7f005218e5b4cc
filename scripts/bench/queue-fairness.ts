// Issue 18 §12: a 1-row import's wait behind another customer's 100 queued imports (2,000 rows
// each; the audit saw 289 s behind 94). It runs apps/api/test/fair-queues.test.ts with
// FAIRNESS_IMPORTS and prints the wait and how many of the other customer's imports were done by
// then. Usage: node scripts/bench/queue-fairness.ts [imports]   (PGlite; TEST_DATABASE_URL adds PostgreSQL)
import { spawn } from "node:child_process";
import { join } from "node:path";

const imports = Number(process.argv[2] ?? 100);
const root = join(import.meta.dirname, "../..");
const child = spawn(
  process.execPath,
  [
    join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "apps/api/test/fair-queues.test.ts",
    "-t",
    "1-row import",
  ],
  {
    cwd: root,
    env: { ...process.env, FAIRNESS_IMPORTS: String(imports) },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
let out = "";
child.stdout.on("data", (chunk) => {
  out += chunk;
});
const code = await new Promise<number | null>((done) => child.on("exit", done));
for (const [line] of out.matchAll(/\[fairness\][^\n]*/g)) console.log(line);
if (code !== 0) console.log(`FAILED (exit ${code})\n${out.slice(-4000)}`);
process.exit(code ?? 1);
