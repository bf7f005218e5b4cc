import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

/**
 * Synchronous verification of a compact HS256 JWT, with the checks `jose`'s jwtVerify makes for
 * Starport's options (algorithm HS256 only, issuer, required claims, exp/nbf/iat with a clock
 * tolerance). Why not jwtVerify: it verifies through WebCrypto, an asynchronous job on the
 * thread pool for every request (6 % of the API's CPU under load, scripts/bench/api-throughput.ts
 * with --cpu-prof-dir); an HMAC over ~300 bytes with a key made once is a few microseconds.
 * Signing stays with jose (SignJWT), at sign-in only.
 */

export type JwtFailure = "invalid" | "expired";

export class JwtError extends Error {
  readonly failure: JwtFailure;
  constructor(failure: JwtFailure, message: string) {
    super(message);
    this.name = "JwtError";
    this.failure = failure;
  }
}

export interface Hs256VerifyOptions {
  issuer: string;
  requiredClaims: readonly string[];
  /** Seconds since the epoch. */
  now: number;
  /** Seconds an exp (and nbf) may be off, as jose's clockTolerance. */
  clockTolerance?: number;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function invalid(message: string): never {
  throw new JwtError("invalid", message);
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  if (!BASE64URL.test(part)) invalid(`${what} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    invalid(`${what} is not JSON`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    invalid(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A verifier bound to one secret: its key object is made once. */
export function createHs256Verifier(secret: Uint8Array) {
  const key: KeyObject = createSecretKey(secret);
  return function verifyHs256(token: string, options: Hs256VerifyOptions) {
    const parts = token.split(".");
    if (parts.length !== 3) invalid("Invalid Compact JWS");
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodeJson(headerPart, "JWS Protected Header");
    // Only the header Starport writes: HS256, no critical extensions (b64: false and the like).
    if (header.alg !== "HS256") invalid('"alg" (Algorithm) Header Parameter value not allowed');
    if (header.crit !== undefined || header.b64 !== undefined) invalid("unsupported JWS header");
    if (!BASE64URL.test(signaturePart)) invalid("signature is not base64url");
    const expected = createHmac("sha256", key)
      .update(`${headerPart}.${payloadPart}`)
      .digest("base64url");
    const given = Buffer.from(signaturePart, "latin1");
    const wanted = Buffer.from(expected, "latin1");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      invalid("signature verification failed");
    const payload = decodeJson(payloadPart, "JWT Claims Set");
    for (const claim of options.requiredClaims)
      if (!(claim in payload)) invalid(`missing required "${claim}" claim`);
    if (payload.iss !== options.issuer) invalid('unexpected "iss" claim value');
    const tolerance = options.clockTolerance ?? 0;
    if (payload.iat !== undefined && typeof payload.iat !== "number")
      invalid('"iat" claim must be a number');
    if (payload.nbf !== undefined) {
      if (typeof payload.nbf !== "number") invalid('"nbf" claim must be a number');
      if (payload.nbf > options.now + tolerance) invalid('"nbf" claim timestamp check failed');
    }
    if (payload.exp !== undefined) {
      if (typeof payload.exp !== "number") invalid('"exp" claim must be a number');
      if (payload.exp <= options.now - tolerance)
        throw new JwtError("expired", '"exp" claim timestamp check failed');
    }
    return payload;
  };
}
