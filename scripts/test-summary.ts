// Prints one closing line over every test runner: "tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && failed === 0) {
    // Unhandled errors fail the run without failing a test; vitest prints them above.
    failed += 1;
    console.error("vitest reported errors outside the tests (see 'Unhandled Errors' above)");
  }
} else {
  failed += 1;
  console.error("vitest wrote no report");
}

if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  passed += report.stats?.expected ?? 0;
  failed +=
    (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.errors?.length ?? 0);
  skipped += report.stats?.skipped ?? 0;
  for (const error of report.errors ?? []) console.error(`playwright: ${error.message ?? error}`);
} else {
  failed += 1;
  console.error("playwright wrote no report");
}

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
