import { useEffect } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { useLocale } from "../lib/use-locale.ts";
import { localizePath } from "../route-table.ts";
import {
  isAdminUser,
  type SellerProfile,
  type SessionUser,
  TOKEN_CHECK_INTERVAL_MS,
} from "./session.ts";
import { configureBrowserSession, sessionStore } from "./store.ts";

export interface RootSession {
  user: SessionUser | null;
  profile: SellerProfile | null;
  secureCookies: boolean;
}

/**
 * Keeps the browser's session store in step with the server (user and profile from the root
 * loader, token from its cookie) and runs the background token check every 60 s (spec §4).
 */
export function SessionKeeper({ session, devMode }: { session: RootSession; devMode: boolean }) {
  const navigate = useNavigate();
  const locale = useLocale();
  const { user, profile, secureCookies } = session;

  useEffect(() => {
    configureBrowserSession({
      navigateToLogin: () => navigate(localizePath("/login", locale)),
      secureCookies,
      devMode,
    });
  }, [navigate, locale, secureCookies, devMode]);

  useEffect(() => {
    const store = sessionStore();
    store.hydrate({ token: store.cookieToken(), user, profile });
  }, [user, profile]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      void sessionStore().checkToken();
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return null;
}

/** The signed-in user as the server rendered it (null when signed out). */
export function useSessionUser(): SessionUser | null {
  const root = useRouteLoaderData("root") as { session?: RootSession } | undefined;
  return root?.session?.user ?? null;
}

export function useSellerProfile(): SellerProfile | null {
  const root = useRouteLoaderData("root") as { session?: RootSession } | undefined;
  return root?.session?.profile ?? null;
}

/** Whether the signed-in user is an administrator (always in dev mode), as spec §6 defines it. */
export function useIsAdmin(): boolean {
  const root = useRouteLoaderData("root") as
    | { session?: RootSession; publicConfig?: { devMode?: boolean } }
    | undefined;
  return isAdminUser(root?.session?.user, root?.publicConfig?.devMode ?? false);
}
