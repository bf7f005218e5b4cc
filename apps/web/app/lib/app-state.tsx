import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { writeBrowserCookie } from "./cookies.ts";
import { serializeTheme, THEME_COOKIE, THEME_COOKIE_OPTIONS, type ThemeSetting } from "./theme.ts";

interface AppState {
  theme: ThemeSetting;
  setDark(dark: boolean): void;
}

const AppStateContext = createContext<AppState | null>(null);

/** Client-held app state seeded from the server render (theme today; the session joins later). */
export function AppStateProvider({
  initialTheme,
  children,
}: {
  initialTheme: ThemeSetting;
  children: ReactNode;
}) {
  const [theme, setTheme] = useState(initialTheme);
  const setDark = useCallback((dark: boolean) => {
    setTheme((current) => {
      const next = { ...current, dark };
      writeBrowserCookie(THEME_COOKIE, serializeTheme(next), THEME_COOKIE_OPTIONS);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, setDark }), [theme, setDark]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error("useAppState must be used inside AppStateProvider");
  return state;
}
