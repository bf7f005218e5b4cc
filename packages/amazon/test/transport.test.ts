import { describe, expect, it } from "vitest";
import {
  AmazonApiError,
  AmazonAuthError,
  AmazonNetworkError,
  AmazonRateLimitError,
  AmazonResponseError,
  AmazonTimeoutError,
} from "../src/errors.ts";
import {
  parseRetryAfter,
  RateLimiter,
  Transport,
  type TransportRequest,
} from "../src/transport.ts";
import { hang, json, scriptedFetch, virtualClock } from "./helpers.ts";

const req = (over: Partial<TransportRequest> = {}): TransportRequest => ({
  operation: "test.op",
  method: "GET",
  url: "https://example.test/x",
  idempotent: true,
  ...over,
});

function setup(
  fetch: ReturnType<typeof scriptedFetch>,
  extra: ConstructorParameters<typeof Transport>[0] = {},
) {
  const clock = virtualClock();
  const transport = new Transport({
    fetch,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...extra,
  });
  return { clock, transport };
}

describe("Transport retries", () => {
  it("retries 5xx with capped exponential backoff and equal jitter", async () => {
    const fetch = scriptedFetch(
      () => json(503, { code: "SERVICE_UNAVAILABLE_EXCEPTION", message: "busy" }),
      () => json(500, { code: "INTERNAL_ERROR", message: "oops" }),
      () => json(502, {}),
      () => json(200, { ok: true }),
    );
    const { clock, transport } = setup(fetch, { retry: { baseDelayMs: 500, maxDelayMs: 1500 } });
    const res = await transport.request(req());
    expect(res.body).toEqual({ ok: true });
    expect(fetch.calls).toHaveLength(4);
    // cap 500 → 250 + 0.5*250; cap 1000 → 750; cap min(2000,1500) → 1125
    expect(clock.state.sleeps).toEqual([375, 750, 1125]);
  });

  it("uses the random source for jitter (0 → half the cap, ~1 → the full cap)", () => {
    const low = new Transport({ random: () => 0, retry: { baseDelayMs: 1000 } });
    const high = new Transport({ random: () => 0.999999, retry: { baseDelayMs: 1000 } });
    expect(low.backoffMs(3)).toBe(2000);
    expect(high.backoffMs(3)).toBe(4000);
    expect(
      new Transport({ random: () => 0, retry: { baseDelayMs: 1000, maxDelayMs: 5000 } }).backoffMs(
        10,
      ),
    ).toBe(2500);
  });

  it("honours Retry-After in seconds as a floor for the delay", async () => {
    const fetch = scriptedFetch(
      () => json(429, { code: "THROTTLED", message: "slow down" }, { "retry-after": "7" }),
      () => json(200, []),
    );
    const { clock, transport } = setup(fetch);
    await transport.request(req());
    expect(clock.state.sleeps).toEqual([7000]);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const clockStart = Date.UTC(2026, 10, 22, 12, 0, 0);
    const fetch = scriptedFetch(
      () => json(429, {}, { "retry-after": new Date(clockStart + 12_000).toUTCString() }),
      () => json(200, {}),
    );
    const { clock, transport } = setup(fetch);
    await transport.request(req());
    expect(clock.state.sleeps).toEqual([12_000]);
  });

  it("gives up at once when Retry-After exceeds the maximum wait", async () => {
    const fetch = scriptedFetch(() =>
      json(429, { code: "THROTTLED", message: "later" }, { "retry-after": "3600" }),
    );
    const { clock, transport } = setup(fetch, { retry: { maxRetryAfterMs: 60_000 } });
    const error = await transport.request(req()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonRateLimitError);
    expect((error as AmazonRateLimitError).retryAfterMs).toBe(3_600_000);
    expect((error as AmazonRateLimitError).code).toBe("THROTTLED");
    expect(fetch.calls).toHaveLength(1);
    expect(clock.state.sleeps).toEqual([]);
  });

  it("throws the typed error of the last attempt when retries run out", async () => {
    const fetch = scriptedFetch(() =>
      json(
        503,
        { code: "SERVICE_UNAVAILABLE_EXCEPTION", message: "down" },
        { "x-amzn-RequestId": "req-1" },
      ),
    );
    const { transport } = setup(fetch, { retry: { maxAttempts: 3 } });
    const error = await transport.request(req()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({
      status: 503,
      code: "SERVICE_UNAVAILABLE_EXCEPTION",
      requestId: "req-1",
    });
    expect(fetch.calls).toHaveLength(3);
  });

  it("does not retry 5xx for non-idempotent operations but does retry 429", async () => {
    const f1 = scriptedFetch(() => json(500, { code: "INTERNAL_ERROR", message: "x" }));
    const t1 = setup(f1).transport;
    await expect(t1.request(req({ idempotent: false, method: "POST" }))).rejects.toMatchObject({
      status: 500,
    });
    expect(f1.calls).toHaveLength(1);

    const f2 = scriptedFetch(
      () => json(429, { code: "THROTTLED", message: "x" }),
      () => json(207, { ok: 1 }),
    );
    const t2 = setup(f2).transport;
    await expect(t2.request(req({ idempotent: false, method: "POST" }))).resolves.toMatchObject({
      status: 207,
    });
    expect(f2.calls).toHaveLength(2);
  });

  it("does not retry 4xx other than 429", async () => {
    const fetch = scriptedFetch(() => json(400, { code: "INVALID_ARGUMENT", message: "bad" }));
    const { transport } = setup(fetch);
    await expect(transport.request(req())).rejects.toMatchObject({
      status: 400,
      code: "INVALID_ARGUMENT",
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it("retries network errors for idempotent calls only, except refused connections", async () => {
    const boom = () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
    };
    const f1 = scriptedFetch(boom, () => json(200, { ok: 1 }));
    await expect(setup(f1).transport.request(req())).resolves.toMatchObject({ body: { ok: 1 } });

    const f2 = scriptedFetch(boom, () => json(200, { ok: 1 }));
    await expect(setup(f2).transport.request(req({ idempotent: false }))).rejects.toBeInstanceOf(
      AmazonNetworkError,
    );
    expect(f2.calls).toHaveLength(1);

    const refused = () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    };
    const f3 = scriptedFetch(refused, () => json(200, { ok: 1 }));
    await expect(setup(f3).transport.request(req({ idempotent: false }))).resolves.toMatchObject({
      body: { ok: 1 },
    });
  });

  it("times out hanging attempts via AbortSignal, retries, then throws AmazonTimeoutError", async () => {
    const fetch = scriptedFetch(hang);
    const { transport } = setup(fetch, { timeoutMs: 20, retry: { maxAttempts: 2 } });
    const error = await transport.request(req()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonTimeoutError);
    expect((error as AmazonTimeoutError).timeoutMs).toBe(20);
    expect(fetch.calls).toHaveLength(2);
  });

  it("recovers when only the first attempt is slow", async () => {
    const fetch = scriptedFetch(hang, () => json(200, { fine: true }));
    const { transport } = setup(fetch, { timeoutMs: 20 });
    await expect(transport.request(req())).resolves.toMatchObject({ body: { fine: true } });
  });

  it("a caller abort stops immediately without retrying", async () => {
    const fetch = scriptedFetch(hang);
    const { transport } = setup(fetch, { timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = transport.request(req({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("user cancelled")), 5);
    await expect(pending).rejects.toThrow("user cancelled");
    expect(fetch.calls).toHaveLength(1);
  });
});

describe("Transport error mapping", () => {
  it("maps the SP-API error envelope", async () => {
    const fetch = scriptedFetch(() =>
      json(404, { errors: [{ code: "NotFound", message: "No item", details: "ASIN B0" }] }),
    );
    const error = await setup(fetch)
      .transport.request(req())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: "NotFound", details: "ASIN B0" });
    expect((error as Error).message).toContain("No item");
  });

  it("maps SP-API 403 Unauthorized and Ads 401 to AmazonAuthError", async () => {
    const sp = scriptedFetch(() =>
      json(403, {
        errors: [{ code: "Unauthorized", message: "Access to requested resource is denied." }],
      }),
    );
    await expect(setup(sp).transport.request(req())).rejects.toBeInstanceOf(AmazonAuthError);
    const ads = scriptedFetch(() => json(401, { code: "UNAUTHORIZED", message: "bad token" }));
    await expect(setup(ads).transport.request(req())).rejects.toBeInstanceOf(AmazonAuthError);
    const lwa = scriptedFetch(() =>
      json(400, { error: "invalid_grant", error_description: "expired code" }),
    );
    const e = await setup(lwa)
      .transport.request(req())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AmazonAuthError);
    expect(e).toMatchObject({ code: "invalid_grant", status: 400 });
  });

  it("maps Ads {code, details} and reporting {code, detail} bodies, and non-JSON bodies", async () => {
    const a = scriptedFetch(() => json(422, { code: "422", details: "Unsupported marketplace" }));
    await expect(setup(a).transport.request(req())).rejects.toMatchObject({
      code: "422",
      details: "Unsupported marketplace",
    });
    const b = scriptedFetch(() => json(400, { code: "400", detail: "invalid groupBy" }));
    await expect(setup(b).transport.request(req())).rejects.toMatchObject({
      details: "invalid groupBy",
    });
    const c = scriptedFetch(() => new Response("<html>Bad Gateway</html>", { status: 404 }));
    await expect(setup(c).transport.request(req())).rejects.toMatchObject({
      code: "HTTP_404",
      status: 404,
    });
  });

  it("rejects a 2xx answer that is not JSON with AmazonResponseError (never crashes)", async () => {
    const fetch = scriptedFetch(() => new Response("{not json", { status: 200 }));
    await expect(setup(fetch).transport.request(req())).rejects.toBeInstanceOf(AmazonResponseError);
  });

  it("returns undefined for empty bodies and passes accepted statuses through", async () => {
    const fetch = scriptedFetch(
      () => new Response(null, { status: 204 }),
      () => json(425, { code: "425", detail: "duplicate" }),
    );
    const { transport } = setup(fetch);
    await expect(transport.request(req())).resolves.toMatchObject({ status: 204, body: undefined });
    await expect(transport.request(req({ acceptStatuses: [425] }))).resolves.toMatchObject({
      status: 425,
    });
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 0, 1);
  it("parses seconds, dates, and rejects garbage", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter("0.5", now)).toBe(500);
    expect(parseRetryAfter(new Date(now + 3000).toUTCString(), now)).toBe(3000);
    expect(parseRetryAfter(new Date(now - 3000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("rate limiting", () => {
  it("token bucket: burst passes, then requests are spaced at the rate", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter(clock.now, clock.sleep);
    const limit = { rate: 2, burst: 2 };
    for (let i = 0; i < 4; i++) await limiter.acquire("k", limit);
    expect(clock.state.sleeps).toEqual([500, 500]);
  });

  it("concurrent callers reserve in order", async () => {
    const sleeps: number[] = [];
    const limiter = new RateLimiter(
      () => 0,
      async (ms) => {
        sleeps.push(ms);
      },
    );
    await Promise.all([0, 1, 2, 3].map(() => limiter.acquire("k", { rate: 0.5, burst: 1 })));
    expect(sleeps).toEqual([2000, 4000, 6000]);
  });

  it("refills over time and keeps separate buckets per key", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter(clock.now, clock.sleep);
    await limiter.acquire("a", { rate: 1, burst: 1 });
    await limiter.acquire("b", { rate: 1, burst: 1 });
    expect(clock.state.sleeps).toEqual([]);
    clock.state.now += 1000;
    await limiter.acquire("a", { rate: 1, burst: 1 });
    expect(clock.state.sleeps).toEqual([]);
  });

  it("the transport applies per-operation limits, overridable or disabled", async () => {
    const fetch = scriptedFetch(() => json(200, {}));
    const { clock, transport } = setup(fetch, { rateLimits: { "op.fast": null } });
    const limited = req({ operation: "op.slow", rateLimit: { rate: 0.0167, burst: 1 } });
    await transport.request(limited);
    await transport.request(limited);
    expect(clock.state.sleeps).toHaveLength(1);
    expect(clock.state.sleeps[0]).toBeGreaterThan(59_000);
    await transport.request(req({ operation: "op.fast", rateLimit: { rate: 0.001, burst: 1 } }));
    await transport.request(req({ operation: "op.fast", rateLimit: { rate: 0.001, burst: 1 } }));
    expect(clock.state.sleeps).toHaveLength(1);
  });
});
