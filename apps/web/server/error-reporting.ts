import * as Sentry from "@sentry/node";
import type { Config } from "@starport/config";

/**
 * The server half of the error-reporting hook: with a Sentry DSN configured, uncaught errors of
 * API handlers and of server renders, loaders and actions are sent to Sentry; without one nothing
 * leaves the process (they are still logged).
 */
export function initServerErrorReporting(config: Config): void {
  if (!config.sentryDsn) return;
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.env,
    // Errors only: no tracing and no default integrations that patch modules at run time.
    tracesSampleRate: 0,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration()],
  });
}

export function captureServerError(
  error: unknown,
  context: { method: string; path: string },
): void {
  if (!Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    scope.setTag("method", context.method);
    scope.setTag("path", context.path);
    Sentry.captureException(error);
  });
}

/** Sends what is queued before the process exits (graceful shutdown). */
export async function flushServerErrorReporting(timeoutMs: number): Promise<void> {
  if (Sentry.isInitialized()) await Sentry.flush(timeoutMs);
}
