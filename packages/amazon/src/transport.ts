/**
 * The one HTTP transport used by every Amazon client: per-operation token-bucket rate limiting,
 * timeouts, retries with capped exponential backoff + jitter honouring `Retry-After`, typed errors.
 *
 * Retry policy (documented choice):
 * - 429 is retried for every operation: Amazon throttles before doing any work, so a throttled
 *   request had no effect.
 * - 5xx (500/502/503/504), timeouts and network errors are retried only for operations declared
 *   `idempotent` (reads, list calls, absolute updates, archive-deletes, recommendation queries,
 *   LWA grants). Non-idempotent creates (SP v3 entity creates, SP-API createReport, listings PATCH)
 *   are NOT retried on those failures, because the first attempt may have succeeded server-side and
 *   a retry could duplicate entities; the caller gets the typed error and decides.
 *   Exception: a connection that was refused never reached Amazon and is always retried.
 *   (Ads reporting v3 createReport is declared idempotent by its client because Amazon answers a
 *   duplicate with 425 + the original report id, which the client resolves.)
 * - Delay before retry n (1-based): `cap = min(maxDelayMs, baseDelayMs * 2^(n-1))`, "equal jitter"
 *   `cap/2 + random()*cap/2`. A `Retry-After` header (delta-seconds or HTTP date) is a floor for the
 *   delay; if it exceeds `maxRetryAfterMs` the transport gives up at once with `AmazonRateLimitError`
 *   carrying `retryAfterMs` so a job scheduler can come back later.
 */
import {
  AmazonApiError,
  AmazonAuthError,
  type AmazonError,
  AmazonNetworkError,
  AmazonRateLimitError,
  AmazonResponseError,
  AmazonTimeoutError,
} from "./errors.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RateLimit {
  /** Sustained rate in requests per second (token refill rate). */
  rate: number;
  /** Bucket size: requests allowed back-to-back after idling. */
  burst: number;
}

export interface RetryPolicy {
  /** Total attempts including the first (1 = no retries). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

export interface RetryEvent {
  operation: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface TransportOptions {
  fetch?: FetchLike;
  /** Milliseconds clock (default `Date.now`). */
  now?: () => number;
  /** Sleep used for backoff and rate limiting (default: timer-based, abortable). */
  sleep?: SleepFn;
  /** Uniform [0,1) random source for jitter (default `Math.random`). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeout in ms, covering headers and body (default 30 000). */
  timeoutMs?: number;
  /**
   * Rate limit overrides keyed by operation name (e.g. `sp.getPricing`); `null` disables limiting for
   * that operation. `rateLimiting: false` disables client-side limiting altogether.
   */
  rateLimits?: Record<string, RateLimit | null>;
  rateLimiting?: boolean;
  userAgent?: string;
  onRetry?: (event: RetryEvent) => void;
}

export interface TransportRequest {
  /** Operation name: rate-limit bucket key and error label, e.g. `ads.listCampaigns`. */
  operation: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Whether repeating the request is harmless (see the retry policy above). */
  idempotent: boolean;
  /** Default rate limit of this operation (overridable through `TransportOptions.rateLimits`). */
  rateLimit?: RateLimit | undefined;
  /** Buckets are per (operation, scope): e.g. per selling partner or per Ads profile. */
  rateLimitScope?: string;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
  /** Non-2xx statuses to hand back as responses instead of throwing (e.g. 425 for Ads reports). */
  acceptStatuses?: readonly number[];
}

export interface TransportResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, `undefined` when empty. */
  body: unknown;
  requestId: string | undefined;
}

const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Per-key token buckets. Reservations are taken synchronously, so concurrent callers queue fairly. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();
  private readonly now: () => number;
  private readonly sleep: SleepFn;
  constructor(now: () => number, sleep: SleepFn) {
    this.now = now;
    this.sleep = sleep;
  }

  async acquire(key: string, limit: RateLimit, signal?: AbortSignal): Promise<void> {
    if (!(limit.rate > 0) || !(limit.burst >= 1)) return;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, last: now };
    bucket.tokens = Math.min(
      limit.burst,
      bucket.tokens + (Math.max(0, now - bucket.last) / 1000) * limit.rate,
    );
    bucket.last = now;
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 0) return;
    const waitMs = Math.ceil((-bucket.tokens / limit.rate) * 1000);
    try {
      await this.sleep(waitMs, signal);
    } catch (error) {
      bucket.tokens += 1; // give the reservation back
      throw error;
    }
  }
}

/** Parses `Retry-After` (delta-seconds or HTTP date) into milliseconds; `undefined` if absent/invalid. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

const AUTH_CODES = new Set([
  "invalid_grant",
  "invalid_client",
  "unauthorized_client",
  "Unauthorized",
  "UNAUTHORIZED",
]);

function stringOrUndefined(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  return undefined;
}

/** Builds the typed error for a non-success response from any Amazon API (Ads, SP-API, LWA). */
export function toApiError(
  status: number,
  body: unknown,
  headers: Headers,
  operation: string,
  retryAfterMs?: number,
): AmazonApiError {
  let code: string | undefined;
  let message: string | undefined;
  let details: string | undefined;
  let bodyRequestId: string | undefined;
  if (typeof body === "object" && body !== null) {
    const b = body as Record<string, unknown>;
    const first = Array.isArray(b.errors)
      ? (b.errors[0] as Record<string, unknown> | undefined)
      : undefined;
    if (typeof b.error === "string") {
      code = b.error; // LWA
      message = stringOrUndefined(b.error_description);
    } else if (b.code !== undefined) {
      code = stringOrUndefined(b.code);
      message =
        stringOrUndefined(b.message) ?? stringOrUndefined(b.details) ?? stringOrUndefined(b.detail);
      details = stringOrUndefined(b.details) ?? stringOrUndefined(b.detail);
    } else if (first && typeof first === "object") {
      code = stringOrUndefined(first.code); // SP-API {errors:[{code,message,details}]}
      message = stringOrUndefined(first.message);
      details = stringOrUndefined(first.details);
    }
    bodyRequestId = stringOrUndefined(b.requestId);
  } else if (typeof body === "string" && body.trim() !== "") {
    message = body.trim().slice(0, 500);
  }
  const init = {
    status,
    code: code ?? `HTTP_${status}`,
    message: `${operation}: ${message ?? `HTTP ${status}`}`,
    details: details === "" ? undefined : details,
    requestId: headers.get("x-amzn-requestid") ?? bodyRequestId,
    body,
    operation,
  };
  if (status === 429) return new AmazonRateLimitError({ ...init, retryAfterMs });
  if (status === 401 || AUTH_CODES.has(init.code)) return new AmazonAuthError(init);
  return new AmazonApiError(init);
}

type AttemptOutcome =
  | { kind: "ok"; response: Response; body: unknown }
  | { kind: "retry"; error: AmazonError; retryAfterMs?: number | undefined }
  | { kind: "fail"; error: unknown };

const RETRYABLE_5XX = new Set([500, 502, 503, 504]);

function isConnectionRefused(error: unknown): boolean {
  let cur: unknown = error;
  for (let i = 0; i < 4 && cur; i++) {
    if (
      typeof cur === "object" &&
      cur !== null &&
      (cur as { code?: unknown }).code === "ECONNREFUSED"
    ) {
      return true;
    }
    cur = typeof cur === "object" && cur !== null ? (cur as { cause?: unknown }).cause : undefined;
  }
  return false;
}

export class Transport {
  readonly fetch: FetchLike;
  readonly now: () => number;
  readonly sleep: SleepFn;
  readonly random: () => number;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
  private readonly limiter: RateLimiter;
  private readonly options: TransportOptions;

  constructor(options: TransportOptions = {}) {
    this.options = options;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.limiter = new RateLimiter(this.now, this.sleep);
  }

  /** Backoff before retry number `retry` (1-based), ignoring `Retry-After`. */
  backoffMs(retry: number): number {
    const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (retry - 1));
    return Math.round(cap / 2 + this.random() * (cap / 2));
  }

  private rateLimitFor(req: TransportRequest): RateLimit | undefined {
    if (this.options.rateLimiting === false) return undefined;
    const overrides = this.options.rateLimits;
    if (overrides && Object.hasOwn(overrides, req.operation)) {
      return overrides[req.operation] ?? undefined;
    }
    return req.rateLimit;
  }

  /** Sends a request whose answer is JSON (or empty); throws typed errors for failures. */
  async request(req: TransportRequest): Promise<TransportResponse> {
    const { response, body } = await this.execute(req, false);
    return {
      status: response.status,
      headers: response.headers,
      body,
      requestId: response.headers.get("x-amzn-requestid") ?? undefined,
    };
  }

  /**
   * Sends a request and returns the successful `Response` with its body unread (for streaming
   * downloads). The attempt's timeout keeps applying while the body is consumed.
   */
  async stream(req: TransportRequest): Promise<Response> {
    const { response } = await this.execute(req, true);
    return response;
  }

  private async execute(
    req: TransportRequest,
    streamBody: boolean,
  ): Promise<{ response: Response; body: unknown }> {
    const limit = this.rateLimitFor(req);
    const bucketKey = `${req.operation}|${req.rateLimitScope ?? ""}`;
    for (let attempt = 1; ; attempt++) {
      req.signal?.throwIfAborted();
      if (limit) await this.limiter.acquire(bucketKey, limit, req.signal);
      const outcome = await this.attempt(req, streamBody);
      if (outcome.kind === "ok") return { response: outcome.response, body: outcome.body };
      if (outcome.kind === "fail") throw outcome.error;
      const { error, retryAfterMs } = outcome;
      if (retryAfterMs !== undefined && retryAfterMs > this.retry.maxRetryAfterMs) throw error;
      if (attempt >= this.retry.maxAttempts) throw error;
      const delayMs = Math.max(retryAfterMs ?? 0, this.backoffMs(attempt));
      this.options.onRetry?.({
        operation: req.operation,
        attempt,
        delayMs,
        reason: error instanceof AmazonApiError ? `HTTP ${error.status}` : error.name,
      });
      await this.sleep(delayMs, req.signal);
    }
  }

  private async attempt(req: TransportRequest, streamBody: boolean): Promise<AttemptOutcome> {
    const timeoutMs = req.timeoutMs ?? this.timeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException("timeout", "TimeoutError")),
      timeoutMs,
    );
    timer.unref?.();
    const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
    const headers: Record<string, string> = { ...req.headers };
    if (this.options.userAgent && !headers["user-agent"])
      headers["user-agent"] = this.options.userAgent;
    let keepTimer = false;
    try {
      let response: Response;
      try {
        response = await this.fetch(req.url, {
          method: req.method,
          headers,
          body: req.body ?? null,
          signal,
          redirect: "follow",
        });
      } catch (error) {
        return this.classifyThrown(req, error, timeout.signal, timeoutMs);
      }
      const ok =
        (response.status >= 200 && response.status < 300) ||
        (req.acceptStatuses?.includes(response.status) ?? false);
      if (ok && streamBody) {
        keepTimer = true;
        // Clear the timer once the body has been fully consumed or cancelled.
        return { kind: "ok", response: this.withTimerCleanup(response, timer), body: undefined };
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        return this.classifyThrown(req, error, timeout.signal, timeoutMs);
      }
      let body: unknown;
      let parsed = true;
      if (text.trim() === "") body = undefined;
      else {
        try {
          body = JSON.parse(text);
        } catch {
          parsed = false;
          body = text;
        }
      }
      if (ok) {
        if (!parsed) {
          return {
            kind: "fail",
            error: new AmazonResponseError(`${req.operation}: response body is not valid JSON`, {
              operation: req.operation,
              status: response.status,
            }),
          };
        }
        return { kind: "ok", response, body };
      }
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), this.now());
      const error = toApiError(
        response.status,
        body,
        response.headers,
        req.operation,
        retryAfterMs,
      );
      if (response.status === 429) return { kind: "retry", error, retryAfterMs };
      if (RETRYABLE_5XX.has(response.status) && req.idempotent) {
        return { kind: "retry", error, retryAfterMs };
      }
      return { kind: "fail", error };
    } finally {
      if (!keepTimer) clearTimeout(timer);
    }
  }

  private classifyThrown(
    req: TransportRequest,
    error: unknown,
    timeoutSignal: AbortSignal,
    timeoutMs: number,
  ): AttemptOutcome {
    if (req.signal?.aborted) return { kind: "fail", error: req.signal.reason };
    if (timeoutSignal.aborted) {
      const timeoutError = new AmazonTimeoutError(
        `${req.operation}: no complete answer within ${timeoutMs} ms`,
        timeoutMs,
        { operation: req.operation, cause: error },
      );
      return req.idempotent
        ? { kind: "retry", error: timeoutError }
        : { kind: "fail", error: timeoutError };
    }
    const message = error instanceof Error ? error.message : String(error);
    const networkError = new AmazonNetworkError(`${req.operation}: network error: ${message}`, {
      operation: req.operation,
      cause: error,
    });
    return req.idempotent || isConnectionRefused(error)
      ? { kind: "retry", error: networkError }
      : { kind: "fail", error: networkError };
  }

  private withTimerCleanup(response: Response, timer: ReturnType<typeof setTimeout>): Response {
    const source = response.body;
    if (!source) {
      clearTimeout(timer);
      return response;
    }
    const reader = source.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            clearTimeout(timer);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          clearTimeout(timer);
          controller.error(error);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
}
