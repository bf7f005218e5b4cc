/**
 * The error-reporting hook (spec §8): every uncaught application error goes through
 * reportError. With a Sentry DSN configured the browser loads the Sentry SDK (session replay for
 * 10% of sessions and 100% of sessions with an error, text masking and media blocking off, spec
 * §9); without one nothing is sent anywhere.
 */
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1.0;

type Capture = (error: unknown) => void;

let capture: Capture | null = null;
let starting: Promise<void> | null = null;
/** Set once configuration said there is no DSN: reports are dropped from then on. */
let disabled = false;
/** Errors reported before the SDK finished loading (or before it was configured), sent later. */
const pending: unknown[] = [];
const MAX_PENDING = 20;

export interface ErrorReportingOptions {
  dsn: string | null;
  release: string;
  environment: string;
}

/** The Sentry options Starport uses; exported for tests. */
export function sentryOptions(options: ErrorReportingOptions) {
  return {
    dsn: options.dsn ?? undefined,
    release: options.release,
    environment: options.environment,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    replay: { maskAllText: false, blockAllMedia: false },
  };
}

/** Starts error reporting in the browser once; a no-op without a DSN. */
export function initErrorReporting(options: ErrorReportingOptions): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  if (!options.dsn) {
    disabled = true;
    pending.length = 0;
    return Promise.resolve();
  }
  starting ??= import("@sentry/react")
    .then((Sentry) => {
      const config = sentryOptions(options);
      Sentry.init({
        dsn: config.dsn,
        release: config.release,
        environment: config.environment,
        replaysSessionSampleRate: config.replaysSessionSampleRate,
        replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
        integrations: [Sentry.replayIntegration(config.replay)],
      });
      capture = (error) => {
        Sentry.captureException(error);
      };
      for (const error of pending.splice(0)) capture(error);
    })
    .catch((error: unknown) => {
      console.error("Error reporting could not start:", error);
    });
  return starting;
}

/** Reports an uncaught error; kept until the SDK is ready, dropped when none is configured. */
export function reportError(error: unknown): void {
  if (capture) capture(error);
  else if (!disabled && pending.length < MAX_PENDING) pending.push(error);
}
