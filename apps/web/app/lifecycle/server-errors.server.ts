import { captureServerError } from "../../server/error-reporting.ts";

/**
 * The server half of the error-reporting hook: uncaught errors of server renders, loaders and
 * actions are logged as one JSON line (stack included, never sent to the browser) and, with a
 * Sentry DSN configured, sent to Sentry (server/error-reporting.ts initialises it).
 */
export function reportServerError(error: unknown, request: Request): void {
  const url = new URL(request.url);
  captureServerError(error, { method: request.method, path: url.pathname });
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  console.error(
    JSON.stringify({
      level: 50,
      time: Date.now(),
      msg: "uncaught server error",
      method: request.method,
      path: url.pathname,
      err,
    }),
  );
}
