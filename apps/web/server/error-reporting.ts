import type { Config } from "@starport/config";

type SentryNode = typeof import("@sentry/node");

/** Set once a DSN is configured: the Sentry SDK is loaded only then (about 2,000 modules). */
let sentry: SentryNode | undefined;

/**
 * The server half of the error-reporting hook: with a Sentry DSN configured, uncaught errors of
 * API handlers and of server renders, loaders and actions are sent to Sentry; without one nothing
 * leaves the process (they are still logged) and the SDK is never imported.
 */
export async function initServerErrorReporting(config: Config): Promise<void> {
  if (!config.sentryDsn) return;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.env,
    // Errors only: no tracing and no default integrations that patch modules at run time.
    tracesSampleRate: 0,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration()],
  });
  sentry = Sentry;
}

export function captureServerError(
  error: unknown,
  context: { method: string; path: string },
): void {
  if (!sentry?.isInitialized()) return;
  sentry.withScope((scope) => {
    scope.setTag("method", context.method);
    scope.setTag("path", context.path);
    sentry?.captureException(error);
  });
}

/** Sends what is queued before the process exits (graceful shutdown). */
export async function flushServerErrorReporting(timeoutMs: number): Promise<void> {
  if (sentry?.isInitialized()) await sentry.flush(timeoutMs);
}
