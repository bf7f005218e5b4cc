// Records each test's own timeout in its report metadata, so scripts/test-summary.ts can report
// the tests that took more than half of it (vitest's JSON report carries no timeout otherwise).
import { beforeEach } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    timeout?: number;
  }
}

beforeEach(({ task }) => {
  task.meta.timeout = task.timeout;
});
