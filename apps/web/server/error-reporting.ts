import type * as SentryNode from "@sentry/node";
import type { Config } from "@starport/config";

type Sentry = typeof SentryNode;

/**
 * @sentry/node (with OpenTelemetry, about 700 modules) is loaded only when
 * a DSN is configured. Kept on globalThis: the server build carries its own copy of this module.
 */
const SENTRY = Symbol.for("starport.sentry");
const holder = globalThis as { [SENTRY]?: Sentry };

/**
 * The server half of the error-reporting hook: with a Sentry DSN configured, uncaught errors of
 * API handlers and of server renders, loaders and actions are sent to Sentry; without one nothing
 * leaves the process (they are still logged).
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
  holder[SENTRY] = Sentry;
}

export function captureServerError(
  error: unknown,
  context: { method: string; path: string },
): void {
  const Sentry = holder[SENTRY];
  if (!Sentry?.isInitialized()) return;
  Sentry.withScope((scope) => {
    scope.setTag("method", context.method);
    scope.setTag("path", context.path);
    Sentry.captureException(error);
  });
}

/** Sends what is queued before the process exits (graceful shutdown). */
export async function flushServerErrorReporting(timeoutMs: number): Promise<void> {
  const Sentry = holder[SENTRY];
  if (Sentry?.isInitialized()) await Sentry.flush(timeoutMs);
}
