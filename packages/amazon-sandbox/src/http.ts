/** Shared HTTP helpers: Amazon-style error bodies per API family, faults, body parsing. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { rngFor } from "./rng.ts";

export type Family = "v3" | "v2" | "reporting" | "sp" | "lwa" | "control";

export function familyOf(path: string): Family {
  if (path.startsWith("/__sandbox")) return "control";
  if (path.startsWith("/auth/o2/")) return "lwa";
  if (path.startsWith("/reporting/")) return "reporting";
  if (
    path.startsWith("/sp/targets/keywords/recommendations") ||
    path.startsWith("/sp/targets/bid/recommendations")
  )
    return "v2";
  if (path.startsWith("/sp/")) return "v3";
  if (path.startsWith("/v2/")) return "v2";
  return "sp";
}

const V3_CODES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHORIZED",
  403: "ACCESS_DENIED",
  404: "NOT_FOUND",
  406: "NOT_ACCEPTABLE",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "THROTTLED",
  500: "INTERNAL_ERROR",
  503: "SERVICE_UNAVAILABLE_EXCEPTION",
};

const SP_CODES: Record<number, string> = {
  400: "InvalidInput",
  403: "Unauthorized",
  404: "NotFound",
  413: "RequestEntityTooLarge",
  415: "UnsupportedMediaType",
  429: "QuotaExceeded",
  500: "InternalFailure",
  503: "ServiceUnavailable",
};

export function errorBody(
  family: Family,
  status: number,
  message: string,
  details = "",
): Record<string, unknown> {
  switch (family) {
    case "v3":
      return { code: V3_CODES[status] ?? String(status), message };
    case "reporting":
      return { code: String(status), detail: message };
    case "v2":
    case "control":
      return { code: String(status), details: message };
    case "lwa":
      return {
        error: status >= 500 ? "server_error" : "invalid_request",
        error_description: message,
      };
    default:
      return { errors: [{ code: SP_CODES[status] ?? String(status), message, details }] };
  }
}

export function sendError(
  reply: FastifyReply,
  family: Family,
  status: number,
  message: string,
  details = "",
): FastifyReply {
  return reply
    .code(status)
    .type("application/json")
    .send(JSON.stringify(errorBody(family, status, message, details)));
}

export function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  contentType = "application/json",
): FastifyReply {
  return reply.code(status).type(contentType).send(JSON.stringify(body));
}

export const INVALID_JSON = Symbol("invalid-json");

export interface FaultConfig {
  /** Share of Amazon requests answered 429 (with Retry-After). */
  rate429: number;
  /** Share answered with a 5xx (500 or 503). */
  rate5xx: number;
  /** Added latency per Amazon request (ms). */
  latencyMs: number;
  /** Share of reports that stay pending forever. */
  stuckReports: number;
  /** Retry-After seconds sent with injected 429s. */
  retryAfterSeconds: number;
  /** Seed for the fault draws (deterministic sequence). */
  seed: number;
}

export const NO_FAULTS: FaultConfig = {
  rate429: 0,
  rate5xx: 0,
  latencyMs: 0,
  stuckReports: 0,
  retryAfterSeconds: 1,
  seed: 1,
};

export function normalizeFaults(input: unknown, base: FaultConfig): FaultConfig | string {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return "faults must be an object";
  const o = input as Record<string, unknown>;
  const out = { ...base };
  for (const key of ["rate429", "rate5xx", "stuckReports"] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== "number" || !(v >= 0 && v <= 1)) return `${key} must be a number in [0, 1]`;
    out[key] = v;
  }
  for (const key of ["latencyMs", "retryAfterSeconds", "seed"] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 600_000)
      return `${key} must be a non-negative integer`;
    out[key] = v;
  }
  return out;
}

export class FaultInjector {
  config: FaultConfig;
  private counter = 0;
  constructor(config: FaultConfig) {
    this.config = config;
  }
  set(config: FaultConfig): void {
    this.config = config;
    this.counter = 0;
  }
  /** Deterministic draw for the n-th Amazon request. */
  draw(): "429" | "500" | "503" | undefined {
    const c = this.config;
    if (c.rate429 <= 0 && c.rate5xx <= 0) return undefined;
    const u = rngFor(c.seed, 0, `fault|${this.counter++}`).next();
    if (u < c.rate429) return "429";
    if (u < c.rate429 + c.rate5xx) return u < c.rate429 + c.rate5xx / 2 ? "500" : "503";
    return undefined;
  }
  isStuck(key: string): boolean {
    if (this.config.stuckReports <= 0) return false;
    return rngFor(this.config.seed, 0, `stuck|${key}`).next() < this.config.stuckReports;
  }
}

export function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  if (Array.isArray(v)) return v[0];
  return v;
}

/** The sandbox's public base URL as seen by this request (explicit `baseUrl`, else protocol + Host header). */
export function publicBaseUrl(explicit: string | undefined, req: FastifyRequest): string {
  if (explicit) return explicit;
  const host = header(req, "host") ?? "localhost";
  return `${req.protocol}://${host}`;
}

export function mediaTypeOf(req: FastifyRequest): string {
  return (header(req, "content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
