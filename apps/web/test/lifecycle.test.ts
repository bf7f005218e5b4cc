import { describe, expect, it } from "vitest";
import { BUILD_CHECK_INTERVAL_MS } from "../app/lifecycle/BuildWatcher.tsx";
import {
  REPLAY_ON_ERROR_SAMPLE_RATE,
  REPLAY_SESSION_SAMPLE_RATE,
  reportError,
  sentryOptions,
} from "../app/lifecycle/error-reporting.ts";
import { RELOAD_GUARD_MS, reloadOnce } from "../app/lifecycle/reload-guard.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("reload guard (spec §4, §9)", () => {
  it("reloads a path once within 10 seconds, again after that, other paths independently", () => {
    let now = 1_000_000;
    let reloads = 0;
    const deps = { storage: memoryStorage(), now: () => now, reload: () => void reloads++ };
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(reloadOnce("/hangar/campaigns", deps)).toBe(true);
    now += 9_999;
    expect(reloadOnce("/hangar/campaigns", deps)).toBe(false);
    expect(reloadOnce("/product/list", deps)).toBe(true);
    now += 1;
    expect(reloadOnce("/hangar/campaigns", deps)).toBe(true);
    expect(reloads).toBe(3);
  });
});

describe("build check and error reporting constants", () => {
  it("checks for a new build every 60 minutes", () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
  });

  it("samples 10% of sessions for replay, 100% with an error, masking and blocking off", () => {
    expect(REPLAY_SESSION_SAMPLE_RATE).toBe(0.1);
    expect(REPLAY_ON_ERROR_SAMPLE_RATE).toBe(1);
    expect(
      sentryOptions({ dsn: "https://k@o1.ingest.sentry.io/1", release: "r", environment: "e" }),
    ).toMatchObject({
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      replay: { maskAllText: false, blockAllMedia: false },
    });
  });

  it("drops reports when no DSN is configured", () => {
    expect(() => reportError(new Error("nobody listens"))).not.toThrow();
  });
});
