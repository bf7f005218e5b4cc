import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace: unit tests and API tests (app.inject on a real database).
export default defineConfig({
  test: {
    include: ["{apps,packages}/*/{src,test,app}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/build/**", "apps/web/e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the
    // database tests wait on PostgreSQL and child processes as much as they compute.
    maxWorkers: 2,
    // Each test's timeout in the JSON report, for the slow-test report (scripts/test-summary.ts).
    setupFiles: ["scripts/vitest-timeouts.ts"],
  },
});
