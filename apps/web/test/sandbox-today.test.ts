import { createSandbox } from "@starport/amazon-sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { cachedFor, PAGE_TODAY_TTL_MS, sandboxPageToday } from "../server/amazon.ts";

// Pages read the sandbox's day once a second at most (issue 23: it was an HTTP call per page).
describe("the sandbox's day for pages", () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  async function runningSandbox() {
    const sandbox = createSandbox({ seed: 7, startDate: "2026-03-01" });
    let todayReads = 0;
    sandbox.app.addHook("onRequest", async (request) => {
      if (request.url === "/__sandbox/today") todayReads++;
    });
    const url = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
    closing.push(() => sandbox.app.close());
    return { sandbox, url, reads: () => todayReads };
  }

  it("reads the day once for the calls of a second, and the advanced day after it", async () => {
    const { sandbox, url, reads } = await runningSandbox();
    let clock = 1_000_000;
    const pageToday = sandboxPageToday(url, () => clock);
    const first = await pageToday();
    expect(first).toBe(sandbox.clock.today());
    // Concurrent and later calls within the second share the one read.
    expect(await Promise.all([pageToday(), pageToday()])).toEqual([first, first]);
    sandbox.clock.advance(1);
    clock += PAGE_TODAY_TTL_MS - 1;
    expect(await pageToday()).toBe(first);
    expect(reads()).toBe(1);
    // A second later the page shows the advanced day.
    clock += 1;
    const advanced = await pageToday();
    expect(advanced).toBe(sandbox.clock.today());
    expect(advanced).not.toBe(first);
    expect(reads()).toBe(2);
  });

  it("does not keep a failed read: the next call asks again", async () => {
    let calls = 0;
    const read = cachedFor(
      async () => {
        calls++;
        if (calls === 1) throw new Error("sandbox not listening");
        return "2026-03-02";
      },
      PAGE_TODAY_TTL_MS,
      () => 0,
    );
    await expect(read()).rejects.toThrow("sandbox not listening");
    expect(await read()).toBe("2026-03-02");
    expect(await read()).toBe("2026-03-02");
    expect(calls).toBe(2);
  });
});
