import { isRouteErrorResponse } from "react-router";
import { captureServerError } from "../../server/error-reporting.ts";

/**
 * The server half of the error-reporting hook: uncaught errors of server renders, loaders and
 * actions are logged as one JSON line (stack included, never sent to the browser) and, with a
 * Sentry DSN configured, sent to Sentry (server/error-reporting.ts initialises it).
 */
export function reportServerError(error: unknown, request: Request): void {
  // React Router's own 4xx (a method no route serves, a path no route matches) are answers, not
  // faults: they get their error page, no error-level line.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  captureServerError(error, { method: request.method, path: url.pathname });
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : isRouteErrorResponse(error)
        ? { type: "ErrorResponse", message: `${error.status} ${error.statusText}` }
        : { message: typeof error === "string" ? error : safeJson(error) };
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

/** A thrown non-Error as JSON (String() would log "[object Object]"). */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
