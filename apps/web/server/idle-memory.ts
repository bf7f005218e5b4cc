import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import type { FastifyInstance } from "fastify";

/**
 * V8's memory saver mode while the process is idle, its normal mode while it works (issue 23).
 *
 * V8 keeps the heap pages a collection frees in a pool, resident: after the soak
 * (scripts/bench/soak.ts) the server held 536 MB RSS for 92 MB of V8 heap, and an idle process
 * never gives them back. In memory saver mode V8 compacts and hands freed pages to the system
 * (its memory reducer does so within seconds of the switch, without allocations), but under load
 * it collects far more often: a loop allocating 200,000 objects 30 times took 17.7 s instead of
 * 2.2 s. So the mode is switched on after `quietWindows` checks in a row found the event loop
 * below `idleBelow` utilisation (jobs count as work, so do requests), and off at the first check
 * above `busyAbove`. Switching back restores full speed.
 * Measured (scripts/bench/soak.ts --minutes 3 --idle-seconds 30, shared 2-core machine): idle RSS
 * on PostgreSQL 529-536 MB before, 224 MB after; on PGlite 684 MB before, 510-533 MB after (its
 * WebAssembly memory, 214 MB, stays). scripts/bench/mixed-load.ts, alternated: 236 / 199 req/s,
 * p99 181 / 140 ms before; 189 / 207 req/s, p99 141 / 136 ms after.
 */
export interface IdleMemoryOptions {
  /** How often the event loop's utilisation is looked at (ms). */
  checkEveryMs?: number;
  /** Checks in a row below `idleBelow` before memory saver mode goes on. */
  quietWindows?: number;
  idleBelow?: number;
  busyAbove?: number;
  /** Turns V8's memory saver mode on or off (tests watch it). */
  setMemorySaver?: (on: boolean) => void;
}

export const setV8MemorySaver = (on: boolean) =>
  setFlagsFromString(on ? "--memory-saver-mode" : "--no-memory-saver-mode");

export function saveMemoryWhenIdle(app: FastifyInstance, options: IdleMemoryOptions = {}): void {
  const {
    checkEveryMs = 2_000,
    quietWindows = 5,
    idleBelow = 0.05,
    busyAbove = 0.2,
    setMemorySaver = setV8MemorySaver,
  } = options;
  let saving = false;
  let quiet = 0;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    quiet = utilization < idleBelow ? quiet + 1 : 0;
    if (!saving && quiet >= quietWindows) {
      saving = true;
      setMemorySaver(true);
    } else if (saving && utilization > busyAbove) {
      saving = false;
      setMemorySaver(false);
    }
  }, checkEveryMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    if (saving) setMemorySaver(false);
  });
}
