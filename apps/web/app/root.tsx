import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "mantine-datatable/styles.css";
import { MantineProvider } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { serverContext } from "#server-context";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { getI18n, MESSAGES_URL } from "./i18n/i18n.ts";
import { AppStateProvider, useAppState } from "./lib/app-state.tsx";
import { useCspNonce } from "./lib/csp-nonce.tsx";
import { localeOfPath } from "./lib/locale.ts";
import type { NotFoundData } from "./lib/not-found.ts";
import { DEFAULT_THEME, parseTheme } from "./lib/theme.ts";
import { cssVariablesResolver, mantineTheme } from "./lib/theme-config.ts";
import { BuildWatcher, CURRENT_BUILD_ID } from "./lifecycle/BuildWatcher.tsx";
import { initErrorReporting, reportError } from "./lifecycle/error-reporting.ts";
import { validateParams, validateParamsInBrowser } from "./middleware/run.ts";
import { entryForRouteId, splitLocale } from "./route-table.ts";
import { SessionKeeper } from "./session/SessionKeeper.tsx";
import { secureCookies, sessionContext } from "./session/server-session.ts";

/** Mantine's toast container loads after the page (see Toasts.tsx). */
const Toasts = lazy(() => import("./components/Toasts.tsx"));

/** zod reads its global config from here when it loads (zod/v4/core `globalConfig`). */
const ZOD_JITLESS =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

export const middleware: Route.MiddlewareFunction[] = [validateParams];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [validateParamsInBrowser];

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const session = context.get(sessionContext);
  return {
    theme: parseTheme(request.headers.get("cookie")),
    publicConfig: server.publicConfig,
    session: {
      user: session.user,
      profile: session.profile,
      secureCookies: secureCookies(context, request),
    },
  };
}

/**
 * Every page has a title: the route table's page title, unless the route module says more
 * (the deepest route's meta wins).
 */
export function meta({ matches, location }: Route.MetaArgs) {
  const entry = entryForRouteId(matches.at(-1)?.id);
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: entry ? `${t(`pages.${entry.key}.title`)} · Starport` : "Starport" }];
}

function ThemedMantine({ children }: { children: ReactNode }) {
  const { theme } = useAppState();
  const nonce = useCspNonce();
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={theme.dark ? "dark" : "light"}
      getStyleNonce={() => nonce ?? ""}
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {children}
    </MantineProvider>
  );
}

/** The document around every page, error pages included; the locale comes from the URL. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = localeOfPath(useLocation().pathname);
  const theme = root?.theme ?? DEFAULT_THEME;
  const sentryDsn = root?.publicConfig.sentryDsn ?? null;
  const nonce = useCspNonce();
  useEffect(() => {
    // Error pages render without App, so error reporting starts here.
    void initErrorReporting({
      dsn: sentryDsn,
      release: CURRENT_BUILD_ID,
      environment: import.meta.env.MODE,
    });
  }, [sentryDsn]);
  return (
    <html
      lang={locale}
      data-mantine-color-scheme={theme.dark ? "dark" : "light"}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The browser entry fetches this page's messages before hydrating (i18n.ts loadLocale). */}
        <link rel="preload" as="fetch" crossOrigin="anonymous" href={MESSAGES_URL[locale]} />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(locale)}>
          <AppStateProvider initialTheme={theme}>
            <ThemedMantine>{children}</ThemedMantine>
          </AppStateProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        {/* Before any module: zod compiles object parsers with `new Function` unless told not
            to, and probes for it when a schema is built (route modules build theirs on import).
            Our CSP forbids eval, and even the probe counts as a violation. */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, no user input.
          dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }}
        />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // Lets tests and monitoring see that hydration finished.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <SessionKeeper session={loaderData.session} devMode={loaderData.publicConfig.devMode} />
      <BuildWatcher />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    // Fatal or unhandled errors go to error reporting; 4xx answers are expected outcomes.
    if (!isRouteErrorResponse(error) || error.status >= 500) reportError(error);
  }, [error]);
  const path = `${location.pathname}${location.search}`;
  if (isRouteErrorResponse(error)) {
    const payload = (error.data ?? {}) as Partial<NotFoundData>;
    return <ErrorPage status={error.status} reason={payload.reason} path={payload.path ?? path} />;
  }
  return <ErrorPage status={500} path={path} />;
}
