/**
 * V8's memory saver mode goes on when the server's event loop has been quiet for a while and off
 * as soon as it works again (apps/web/server/idle-memory.ts; issue 23's idle RSS). The switch is
 * watched through the option that turns the V8 flag.
 */
import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { saveMemoryWhenIdle } from "../server/idle-memory.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, probe: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
/** Keeps the event loop busy (as requests or a job would) for `ms`. */
function work(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe("memory saver mode while idle", () => {
  it("is switched on after quiet checks, off when the loop works, off on close", async () => {
    const app = fastify();
    const switches: boolean[] = [];
    saveMemoryWhenIdle(app, {
      checkEveryMs: 40,
      quietWindows: 3,
      setMemorySaver: (on) => switches.push(on),
    });
    app.get("/busy", async () => {
      work(200);
      return { ok: true };
    });
    await app.ready();
    try {
      // Busy from the start: never on.
      for (let i = 0; i < 3; i++) {
        work(60);
        await sleep(1);
      }
      expect(switches).toEqual([]);
      await until("memory saver on", () => switches.length === 1);
      expect(switches).toEqual([true]);
      // A request that keeps the loop busy over a check switches it off.
      expect((await app.inject({ url: "/busy" })).statusCode).toBe(200);
      await until("memory saver off", () => switches.length === 2);
      expect(switches).toEqual([true, false]);
      // Quiet again: on again.
      await until("memory saver on again", () => switches.length === 3);
      expect(switches).toEqual([true, false, true]);
    } finally {
      await app.close();
    }
    // Closing while saving leaves V8 in its normal mode, and the checks stop.
    expect(switches).toEqual([true, false, true, false]);
    await sleep(200);
    expect(switches).toEqual([true, false, true, false]);
  });
});
