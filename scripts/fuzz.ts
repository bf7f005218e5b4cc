// Fuzzes the API from its own OpenAPI document (the generator of apps/api/test/fuzz.test.ts)
// with more requests and a random seed; prints the seed, the status histogram and every failure
// (a 5xx, or a 4xx without a JSON error body). Exits 1 when there is a failure.
// Usage: node scripts/fuzz.ts [count=20000] [seed=random]
import { fuzz, openFuzzTarget } from "../apps/api/test/support/openapi-fuzz.ts";

const count = Number(process.argv[2] ?? 20_000);
const seed =
  process.argv[3] === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.argv[3]);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("usage: node scripts/fuzz.ts [count=20000] [seed]");
  process.exit(64);
}
console.log(
  `fuzz: ${count} requests, seed ${seed} (node scripts/fuzz.ts ${count} ${seed} repeats it)`,
);
const target = await openFuzzTarget();
console.log(`${target.operations.length} operations in the OpenAPI document`);
const started = performance.now();
const report = await fuzz(target, seed, count, (done) => {
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${done} requests, ${Math.round(done / seconds)} per second`);
});
await target.close();

console.log("\nstatus  count");
for (const [status, n] of [...report.histogram].sort(([a], [b]) => a - b)) {
  console.log(`${String(status).padEnd(6)}  ${n}`);
}
const serverErrors = [...report.histogram]
  .filter(([s]) => s >= 500)
  .reduce((sum, [, n]) => sum + n, 0);
console.log(
  `\n5xx: ${serverErrors}; failures: ${report.failures.length}; operations reached: ${report.operationsHit.size}/${target.operations.length}`,
);
for (const failure of report.failures.slice(0, 50)) {
  console.log(`\n${failure.problem}: ${failure.request}\n  → ${failure.body}`);
}
process.exit(report.failures.length > 0 ? 1 : 0);
