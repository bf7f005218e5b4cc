/** Typed errors raised by the Amazon clients. Every failure path ends in one of these. */

export interface AmazonErrorOptions {
  /** Logical operation name, e.g. `ads.listCampaigns` or `sp.getCatalogItem`. */
  operation?: string;
  cause?: unknown;
}

/** Base class: anything thrown by `@starport/amazon` on purpose is an `AmazonError`. */
export class AmazonError extends Error {
  override name = "AmazonError";
  readonly operation: string | undefined;
  constructor(message: string, options: AmazonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.operation = options.operation;
  }
}

export interface AmazonApiErrorInit extends AmazonErrorOptions {
  status: number;
  /** Amazon's error code (`THROTTLED`, `INVALID_ARGUMENT`, `InvalidInput`, `invalid_grant`, …). */
  code: string;
  message: string;
  /** Further detail text (`details`/`detail`/`error_description`) when Amazon sent one. */
  details?: string | undefined;
  /** `x-amzn-RequestId` (or the body's `requestId`) for support tickets. */
  requestId?: string | undefined;
  /** The parsed error body (or raw text when it was not JSON). */
  body?: unknown;
}

/** Amazon answered with a non-success HTTP status. */
export class AmazonApiError extends AmazonError {
  override name = "AmazonApiError";
  readonly status: number;
  readonly code: string;
  readonly details: string | undefined;
  readonly requestId: string | undefined;
  readonly body: unknown;
  constructor(init: AmazonApiErrorInit) {
    super(init.message, init);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.body = init.body;
  }
}

/** HTTP 429 that survived all retries (or whose `Retry-After` exceeded the configured maximum wait). */
export class AmazonRateLimitError extends AmazonApiError {
  override name = "AmazonRateLimitError";
  /** Server-advised wait (from `Retry-After`), when present. */
  readonly retryAfterMs: number | undefined;
  constructor(init: AmazonApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Credentials rejected: LWA `invalid_grant`/`invalid_client`, Ads 401, SP-API 403 `Unauthorized`. */
export class AmazonAuthError extends AmazonApiError {
  override name = "AmazonAuthError";
}

/** An attempt did not complete within the configured timeout (after retries, if allowed). */
export class AmazonTimeoutError extends AmazonError {
  override name = "AmazonTimeoutError";
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number, options: AmazonErrorOptions = {}) {
    super(message, options);
    this.timeoutMs = timeoutMs;
  }
}

/** The connection failed (DNS, refused, reset) and retries were exhausted or not allowed. */
export class AmazonNetworkError extends AmazonError {
  override name = "AmazonNetworkError";
}

/** Amazon answered 2xx but the body was not what the contract promises (invalid JSON, wrong shape). */
export class AmazonResponseError extends AmazonError {
  override name = "AmazonResponseError";
  readonly status: number | undefined;
  constructor(message: string, options: AmazonErrorOptions & { status?: number } = {}) {
    super(message, options);
    this.status = options.status;
  }
}

/** An asynchronous report ended in `FAILED`/`FATAL`/`CANCELLED`, or did not finish in time. */
export class AmazonReportError extends AmazonError {
  override name = "AmazonReportError";
  readonly reportId: string;
  readonly status: string;
  constructor(message: string, reportId: string, status: string, options: AmazonErrorOptions = {}) {
    super(message, options);
    this.reportId = reportId;
    this.status = status;
  }
}

/** Invalid arguments passed to a client method (caught before any request is sent). */
export class AmazonInputError extends AmazonError {
  override name = "AmazonInputError";
}
