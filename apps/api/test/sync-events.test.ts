/**
 * GET /api/sync_runs/events over a real socket: a HEAD answers its headers at once, a stream stops
 * reading the database when the client goes away, and every stream ends after its lifetime.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";

const INTERVAL_MS = 50;
const LIFETIME_MS = 1_500;

describe("the sync event stream", () => {
  let t: HydraTestApp;
  let address: string;
  beforeAll(async () => {
    t = await openHydraTestApp("pglite", {
      syncEvents: { intervalMs: INTERVAL_MS, lifetimeMs: LIFETIME_MS },
    });
    address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  }, 180_000);
  afterAll(() => t?.dispose());
  const url = () => `${address}/api/sync_runs/events`;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("answers HEAD with the headers at once and polls nothing after it", async () => {
    const select = vi.spyOn(t.db, "select");
    try {
      const response = await fetch(url(), {
        method: "HEAD",
        headers: t.headers.own,
        signal: AbortSignal.timeout(LIFETIME_MS * 10),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      // "At once" counted in polls, not milliseconds (a busy machine stretches time): a HEAD that
      // waited for the stream would have polled every INTERVAL_MS until the stream's lifetime.
      const answered = select.mock.calls.length;
      expect(answered).toBeLessThanOrEqual(1);
      await sleep(INTERVAL_MS * 6);
      expect(select.mock.calls.length).toBe(answered);
    } finally {
      select.mockRestore();
    }
  });

  it("stops reading the database as soon as the client goes away", async () => {
    const select = vi.spyOn(t.db, "select");
    try {
      const controller = new AbortController();
      const response = await fetch(url(), { headers: t.headers.own, signal: controller.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      while (!text.includes(": keep-alive"))
        text += new TextDecoder().decode((await reader.read()).value);
      await sleep(INTERVAL_MS * 3);
      expect(select.mock.calls.length).toBeGreaterThan(1);
      controller.abort();
      await sleep(INTERVAL_MS * 3);
      const afterClose = select.mock.calls.length;
      await sleep(INTERVAL_MS * 6);
      expect(select.mock.calls.length).toBe(afterClose);
    } finally {
      select.mockRestore();
    }
  });

  it("ends every stream after its lifetime", async () => {
    const started = performance.now();
    const response = await fetch(url(), {
      headers: t.headers.own,
      signal: AbortSignal.timeout(LIFETIME_MS + 3_000),
    });
    const body = await response.text();
    const lasted = performance.now() - started;
    expect(body).toMatch(/^retry: \d+\n\n/);
    expect(lasted).toBeGreaterThanOrEqual(LIFETIME_MS - 100);
    expect(lasted).toBeLessThan(LIFETIME_MS + 3_000);
  });
});
