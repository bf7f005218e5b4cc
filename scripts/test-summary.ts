// Prints one closing line over every test runner: "tests: N passed, N failed, N skipped", and
// before it the flake detector: every test that took more than half of its timeout (it passes
// today and fails on a busier machine), every test that passed only on a retry (counted as a
// failure: a retry never hides a flake), and the slowest tests of each runner.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

/** One test's time against its timeout. */
interface Timing {
  runner: "vitest" | "playwright";
  name: string;
  durationMs: number;
  timeoutMs: number;
}
const timings: Timing[] = [];
const flaky: string[] = [];
/** Every failed test with the first line of its error: printed last, where a log's tail shows it. */
const failures: string[] = [];
const firstLine = (message: unknown) =>
  String(message ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 300) ?? "";

/** Vitest's default when a test did not record its own (scripts/vitest-timeouts.ts). */
const VITEST_DEFAULT_TIMEOUT_MS = 30_000;

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numFailedTestSuites?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  success?: boolean;
  testResults?: {
    name: string;
    assertionResults?: {
      fullName: string;
      status: string;
      duration?: number | null;
      meta?: { timeout?: number };
      failureMessages?: string[];
    }[];
    status?: string;
    message?: string;
  }[];
}

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8")) as VitestReport;
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && failed === 0) {
    // Unhandled errors fail the run without failing a test; vitest prints them above.
    failed += 1;
    console.error("vitest reported errors outside the tests (see 'Unhandled Errors' above)");
  }
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, "");
    if (
      file.status === "failed" &&
      (file.assertionResults ?? []).every((t) => t.status !== "failed")
    )
      failures.push(`vitest  ${path}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed")
        failures.push(
          `vitest  ${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
      if (test.status !== "passed" && test.status !== "failed") continue;
      timings.push({
        runner: "vitest",
        name: `${path} › ${test.fullName}`,
        durationMs: test.duration ?? 0,
        timeoutMs: test.meta?.timeout ?? VITEST_DEFAULT_TIMEOUT_MS,
      });
    }
  }
} else {
  failed += 1;
  console.error("vitest wrote no report");
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      timeout: number;
      projectName: string;
      status: "skipped" | "expected" | "unexpected" | "flaky";
      results: {
        duration: number;
        status?: string;
        retry: number;
        error?: { message?: string };
      }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

function walk(suite: PlaywrightSuite, titles: string[]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`;
      if (test.status === "flaky")
        flaky.push(`${name} (passed on retry ${test.results.length - 1})`);
      if (test.status === "unexpected")
        failures.push(
          `playwright  ${name} (${test.projectName}): ${firstLine(test.results.at(-1)?.error?.message)}`,
        );
      // Every attempt counts: a first attempt near its timeout is the warning this is about.
      for (const result of test.results) {
        if (result.status === "skipped") continue;
        timings.push({
          runner: "playwright",
          name: test.results.length > 1 ? `${name} (attempt ${result.retry + 1})` : name,
          durationMs: result.duration,
          timeoutMs: test.timeout,
        });
      }
    }
  }
  for (const child of suite.suites ?? [])
    walk(child, child.title ? [...titles, child.title] : titles);
}

if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  passed += report.stats?.expected ?? 0;
  failed +=
    (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.errors?.length ?? 0);
  skipped += report.stats?.skipped ?? 0;
  for (const error of report.errors ?? []) console.error(`playwright: ${error.message ?? error}`);
  // The file's suite title repeats its path: leave it out of the names.
  for (const file of (report.suites ?? []) as PlaywrightSuite[]) walk(file, []);
} else {
  failed += 1;
  console.error("playwright wrote no report");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (t: Timing) =>
  `  ${seconds(t.durationMs).padStart(8)} of ${seconds(t.timeoutMs).padStart(7)}  ${t.runner}  ${t.name}`;

const slow = timings
  .filter((t) => t.timeoutMs > 0 && t.durationMs > t.timeoutMs / 2)
  .sort((a, b) => b.durationMs / b.timeoutMs - a.durationMs / a.timeoutMs);
if (slow.length > 0) {
  console.log(
    `\nslow tests: ${slow.length} took more than half of their timeout (a flake in waiting)`,
  );
  for (const t of slow) console.log(line(t));
}
for (const runner of ["vitest", "playwright"] as const) {
  const slowest = timings
    .filter((t) => t.runner === runner)
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 10);
  if (slowest.length === 0) continue;
  console.log(`\nslowest ${runner} tests:`);
  for (const t of slowest) console.log(line(t));
}
if (flaky.length > 0) {
  console.error(`\nflaky tests: ${flaky.length} passed only on a retry (counted as failed)`);
  for (const name of flaky) console.error(`  ${name}`);
}

if (failures.length > 0) {
  console.log(`\nfailed tests: ${failures.length}`);
  for (const failure of failures) console.log(`  ${failure}`);
}

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
