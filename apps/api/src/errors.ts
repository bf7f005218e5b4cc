import {
  AmazonApiError,
  AmazonAuthError,
  AmazonError,
  AmazonNetworkError,
  AmazonRateLimitError,
  AmazonTimeoutError,
} from "@starport/amazon";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { REFUSES, trackAllowedMethods } from "./allowed-methods.ts";

/** Domain errors raised by use cases; the one error handler below maps them to HTTP. */
export class DomainError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = new.target.name;
    this.status = status;
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not Found") {
    super(404, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "Access Denied.") {
    super(403, message);
  }
}

/** The item is in a state that does not allow the operation (a pushed batch cannot be discarded). */
export class ConflictError extends DomainError {
  constructor(message = "Conflict") {
    super(409, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Full authentication is required to access this resource.") {
    super(401, message);
  }
}

/**
 * One constraint violation (spec §5): where, the English message (a fallback), and the code the
 * web translates (`formValidationError.<code>` or a namespaced key such as
 * `changes.violation.bidOutOfRange`) with the limits it names.
 */
export interface Violation {
  propertyPath: string;
  message: string;
  code: string;
  params?: Record<string, string | number>;
}

/** A 422 (or 400) carrying violations, as API Platform's ConstraintViolation (spec §5). */
export class ValidationError extends DomainError {
  readonly violations: Violation[];
  constructor(violations: Violation[], status = 422) {
    super(status, violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"));
    this.violations = violations;
  }
}

/** Too many attempts; retryAfterSeconds goes out as Retry-After. */
export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = "Too many attempts. Please try again later.") {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How much of a value an error quotes: a 1 MB value is not echoed back (twice). */
const EXCERPT_CHARACTERS = 60;
/** The longest detail an error body carries, whatever a message quoted. */
const MAX_DETAIL_CHARACTERS = 1000;

/** The start of an input value for an error message, with its length when it is cut. */
export function excerpt(value: string, max = EXCERPT_CHARACTERS): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length} characters)`;
}

/** API Platform's title of every error body; the status and detail say what happened. */
const ERROR_TITLE = "An error occurred";

/** An error body as API Platform writes it (hydra:Error, also valid problem+json). */
export function hydraError(status: number, message: string) {
  const title = ERROR_TITLE;
  const detail = excerpt(message, MAX_DETAIL_CHARACTERS);
  return {
    "@context": "/api/contexts/Error",
    "@type": "hydra:Error",
    title,
    "hydra:title": title,
    detail,
    "hydra:description": detail,
    status,
    type: `/errors/${status}`,
  };
}

/** The error body's schema (documented once, as the OpenAPI component "Error"). */
export const errorBody = z
  .object({
    "@context": z.string(),
    "@type": z.string(),
    title: z.string(),
    "hydra:title": z.string(),
    detail: z.string(),
    "hydra:description": z.string(),
    status: z.int().min(400).max(599),
    type: z.string(),
    violations: z
      .array(
        z.object({
          propertyPath: z.string(),
          message: z.string(),
          code: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional()
      .describe("Constraint violations (422, and 400 for query values)"),
  })
  .meta({ id: "Error", description: "A Hydra error, also valid application/problem+json" });

export function sendHydraError(reply: FastifyReply, status: number, detail: string) {
  return reply
    .code(status)
    .type("application/problem+json; charset=utf-8")
    .send(hydraError(status, detail));
}

/** The one place errors become HTTP answers: 4xx say what was wrong, 5xx never leak internals. */
/** Receives uncaught (5xx) errors, e.g. to send them to Sentry. */
export type ErrorReporter = (error: unknown, context: { method: string; path: string }) => void;

/** A method the path does not serve; the handler adds `Allow` with the methods it does serve. */
export class MethodNotAllowedError extends DomainError {
  constructor(method: string, path: string) {
    super(405, `No route found for "${method} ${excerpt(path, 200)}": Method Not Allowed.`);
  }
}

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "";

/**
 * PostgreSQL's integrity errors that concurrent requests cause, not bugs: an item a write refers
 * to was deleted meanwhile (a seller profile deleted while a tag is created for it), or is still
 * referred to. Drizzle wraps the driver's error: the code is on it or its causes.
 */
const INTEGRITY_CONFLICTS: Record<string, string> = {
  "23503": "A related item was deleted meanwhile, or is still in use.",
  "23505": "The item was created meanwhile.",
};

function integrityConflict(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(INTEGRITY_CONFLICTS, code))
      return INTEGRITY_CONFLICTS[code]!;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Amazon's answer to a call a use case made and did not handle itself: its refusal of the content
 * is the caller's 422, its limit a 429, refused credentials a 409 (the connection needs renewing);
 * only Amazon failing or not answering is a gateway error.
 */
function amazonFailure(
  error: unknown,
): { status: number; message: string; retryAfterSeconds?: number } | null {
  if (!(error instanceof AmazonError)) return null;
  if (error instanceof AmazonRateLimitError)
    return {
      status: 429,
      message: "Amazon is limiting requests; please try again shortly.",
      retryAfterSeconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000)),
    };
  if (error instanceof AmazonAuthError)
    return {
      status: 409,
      message: `Amazon refused Starport's access (${error.code}); the Amazon connection needs to be renewed.`,
    };
  if (error instanceof AmazonApiError && error.status < 500)
    return {
      status: 422,
      message: `Amazon refused the request (${error.code}): ${excerpt(error.message, 300)}`,
    };
  if (error instanceof AmazonTimeoutError)
    return { status: 504, message: "Amazon did not answer in time." };
  if (error instanceof AmazonApiError || error instanceof AmazonNetworkError)
    return { status: 502, message: "Amazon could not be reached or failed; please try again." };
  return null;
}

export function registerErrorHandling(app: FastifyInstance, reportError?: ErrorReporter): void {
  // Before any route: the 405s name the methods the routes registered after this serve.
  const allowed = trackAllowedMethods(app);
  app.setErrorHandler(
    (error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ValidationError) {
        return reply
          .code(error.status)
          .type("application/problem+json; charset=utf-8")
          .send({
            ...hydraError(error.status, error.message),
            "@context": "/api/contexts/ConstraintViolation",
            "@type": "ConstraintViolation",
            violations: error.violations.map((v) => ({
              ...v,
              propertyPath: excerpt(v.propertyPath, 200),
            })),
          });
      }
      if (error instanceof TooManyRequestsError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      if (error instanceof MethodNotAllowedError) {
        reply.header("allow", allowed.of(pathOf(request)).join(", "));
      }
      if (error instanceof DomainError) return sendHydraError(reply, error.status, error.message);
      const amazon = amazonFailure(error);
      if (amazon) {
        request.log.warn({ err: error }, "Amazon refused or failed a request's call");
        if (amazon.retryAfterSeconds) reply.header("retry-after", String(amazon.retryAfterSeconds));
        return sendHydraError(reply, amazon.status, amazon.message);
      }
      const conflict = integrityConflict(error);
      if (conflict) return sendHydraError(reply, 409, conflict);
      const status = typeof error.statusCode === "number" ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, "request failed");
        reportError?.(error, { method: request.method, path: pathOf(request) });
        return sendHydraError(reply, status, "Internal Server Error");
      }
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type) keep their message.
      return sendHydraError(reply, status, error.message);
    },
  );
  // No route for the method: a 405 naming the methods the path serves, else a 404.
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const methods = allowed.of(path);
    if (methods.length > 0 && !methods.includes(request.method)) {
      throw new MethodNotAllowedError(request.method, path);
    }
    return sendHydraError(
      reply,
      404,
      `No route matches "${request.method} ${excerpt(path, 200)}".`,
    );
  };
  app.setNotFoundHandler(notFound);
  // The web app's catch-all would otherwise answer unknown API paths, and methods the
  // entrypoint (`/api` itself, GET only) does not serve, with an HTML page.
  app.all("/*", { schema: { hide: true }, config: REFUSES }, notFound);
  // The prefix's own path (`/api`); an app without a prefix (a test's bare instance) has none.
  if (app.prefix !== "")
    app.route({
      method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"],
      url: "",
      schema: { hide: true },
      config: REFUSES,
      handler: notFound,
    });
}
