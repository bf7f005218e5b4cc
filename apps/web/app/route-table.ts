/**
 * Every screen of Starport (spec §2), declared once. routes.ts builds the German and English
 * routes from it (each behind its guard's layout route); the root middleware validates params
 * from it; the layouts read the back-button flag from it.
 */

export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "de";

/** Spec layouts; `null` is "none set", which renders in the default app shell. */
export type LayoutName = "default" | "default-boxed" | "standalone" | "empty";

/** How a dynamic segment must look; a mismatch is a 404 carrying the full path. */
export type ParamKind = "marketplace" | "id";

/**
 * The route guards (spec §4, §6), each a module in guards/ with its middleware in order:
 * `onboarding` (a signed-in user who has not finished onboarding goes there), `signed-in`
 * (+ sign-in), `app` (+ a seller profile), `home` (the locale detection, then `app`) and `admin`
 * (signed in as administrator).
 */
export const GUARDS = ["onboarding", "signed-in", "app", "home", "admin"] as const;
export type GuardName = (typeof GUARDS)[number];

export interface RouteEntry {
  /** Stable key: route ids, translation keys (`pages.<key>.*`) and tests use it. */
  key: string;
  /** Path without locale prefix, React Router syntax. */
  path: string;
  layout: LayoutName | null;
  /** Back button in the app shell's page header. */
  backButton?: boolean;
  /**
   * The guard the route shows behind: a pathless layout route (`guards/<name>.ts`) whose React
   * Router middleware runs before the route's loaders, on the server and on client navigations.
   */
  guard?: GuardName;
  params?: Readonly<Record<string, ParamKind>>;
  /** Reachable without signing in (spec §2). */
  public?: boolean;
  /**
   * Route module, relative to app/. Screens live in routes/ in folders mirroring their URL
   * (`/hangar/campaigns/detail/:id` → `routes/hangar/campaigns/detail/$id.tsx`); entries without
   * one show `routes/placeholder.tsx`.
   */
  file?: string;
}

/** Signed in, onboarded, with a seller profile: the app's working screens. */
const APP = "app";
/** Signed in and onboarded, no seller profile needed. */
const SIGNED_IN = "signed-in";
/** Signed in as administrator (spec §6). */
const ADMIN = "admin";

export const ROUTES: readonly RouteEntry[] = [
  {
    key: "home",
    path: "/",
    layout: "default",
    guard: "home",
    file: "routes/index.tsx",
  },
  { key: "login", path: "/login", layout: "standalone", public: true, file: "routes/login.tsx" },
  {
    key: "register",
    path: "/register",
    layout: "standalone",
    public: true,
    file: "routes/register.tsx",
  },
  {
    key: "profile-selection",
    path: "/profile-selection",
    layout: "standalone",
    guard: SIGNED_IN,
    file: "routes/profile-selection.tsx",
  },
  {
    key: "getting-started",
    path: "/getting-started",
    layout: "standalone",
    guard: SIGNED_IN,
    file: "routes/getting-started.tsx",
  },
  {
    key: "profile",
    path: "/profile",
    layout: "default",
    guard: SIGNED_IN,
    file: "routes/profile/route.tsx",
  },
  {
    key: "settings",
    path: "/settings",
    layout: null,
    guard: APP,
    file: "routes/settings.tsx",
  },
  {
    key: "action-center",
    path: "/action-center",
    layout: null,
    guard: APP,
    file: "routes/action-center/index.tsx",
  },
  {
    key: "keyword-recommendations",
    path: "/action-center/keyword-recommendations/:marketplace/:id",
    layout: null,
    params: { marketplace: "marketplace", id: "id" },
    guard: APP,
    file: "routes/action-center/keyword-recommendations/route.tsx",
  },
  { key: "admin-strategy", path: "/admin/strategy", layout: "default-boxed", guard: ADMIN },
  {
    key: "admin-users",
    path: "/admin/users",
    layout: "default-boxed",
    guard: ADMIN,
    file: "routes/admin/users/index.tsx",
  },
  {
    key: "admin-audit",
    path: "/admin/audit",
    layout: "default-boxed",
    guard: ADMIN,
    file: "routes/admin/audit/index.tsx",
  },
  {
    key: "admin-user",
    path: "/admin/users/:id",
    layout: "default-boxed",
    backButton: true,
    params: { id: "id" },
    guard: ADMIN,
    file: "routes/admin/users/$id.tsx",
  },
  { key: "auth", path: "/auth", layout: "empty", public: true, guard: "onboarding" },
  {
    key: "advertising-api-auth",
    path: "/advertising-api-auth",
    layout: "empty",
    public: true,
    file: "routes/advertising-api-auth.tsx",
  },
  {
    key: "sp-api-auth",
    path: "/sp-api-auth",
    layout: "empty",
    public: true,
    file: "routes/sp-api-auth.tsx",
  },
  {
    key: "account-connection-successful",
    path: "/account-connection-successful",
    layout: "empty",
    public: true,
    guard: "onboarding",
    file: "routes/account-connection-successful.tsx",
  },
  {
    key: "account-connection-error",
    path: "/account-connection-error",
    layout: "empty",
    public: true,
    guard: "onboarding",
    file: "routes/account-connection-error.tsx",
  },
  {
    key: "campaign-test",
    path: "/campaign/test",
    layout: "default-boxed",
    backButton: false,
    guard: APP,
  },
  {
    key: "collections",
    path: "/cargo-bay/collections",
    layout: "default",
    guard: APP,
    file: "routes/cargo-bay/collections/index.tsx",
  },
  {
    key: "collection-new",
    path: "/cargo-bay/collections/new",
    layout: "default-boxed",
    guard: APP,
    file: "routes/cargo-bay/collections/new.tsx",
  },
  {
    key: "collection-detail",
    path: "/cargo-bay/collections/:id",
    layout: "default-boxed",
    params: { id: "id" },
    guard: APP,
    file: "routes/cargo-bay/collections/$id.tsx",
  },
  {
    key: "campaigns",
    path: "/hangar/campaigns",
    layout: "default",
    backButton: true,
    guard: APP,
    file: "routes/hangar/campaigns/index.tsx",
  },
  {
    key: "change-history",
    path: "/hangar/history",
    layout: "default",
    backButton: true,
    guard: APP,
    file: "routes/hangar/history/index.tsx",
  },
  {
    key: "bid-optimisation",
    path: "/hangar/bid-optimisation",
    layout: "default",
    backButton: true,
    guard: APP,
    file: "routes/hangar/bid-optimisation/index.tsx",
  },
  {
    key: "campaigns-marketplace",
    path: "/hangar/campaigns/:sellerProfileId/:marketplace",
    layout: "default-boxed",
    backButton: true,
    params: { sellerProfileId: "id", marketplace: "marketplace" },
    guard: APP,
    file: "routes/hangar/campaigns/$sellerProfileId/$marketplace.tsx",
  },
  {
    key: "campaign-new",
    path: "/hangar/campaigns/:sellerProfileId/:marketplace/new",
    layout: "default-boxed",
    backButton: true,
    params: { sellerProfileId: "id", marketplace: "marketplace" },
    guard: APP,
    file: "routes/hangar/campaigns/$sellerProfileId/$marketplace/new.tsx",
  },
  {
    key: "ad-group-detail",
    path: "/hangar/campaigns/adgroup/:id",
    layout: "default-boxed",
    backButton: true,
    params: { id: "id" },
    guard: APP,
    file: "routes/hangar/campaigns/adgroup/$id.tsx",
  },
  {
    key: "campaign-detail",
    path: "/hangar/campaigns/detail/:id",
    layout: "default-boxed",
    backButton: true,
    params: { id: "id" },
    guard: APP,
    file: "routes/hangar/campaigns/detail/$id.tsx",
  },
  {
    key: "product-imports",
    path: "/product/imports",
    layout: "default-boxed",
    guard: APP,
    file: "routes/product/imports/route.tsx",
  },
  {
    key: "product-list",
    path: "/product/list",
    layout: "default-boxed",
    guard: APP,
    file: "routes/product/list/route.tsx",
  },
  { key: "strategy-center", path: "/strategy-center", layout: "default-boxed", guard: APP },
];

/** The shell a layout name renders in ("none set" uses the default shell). */
export function shellOf(entry: RouteEntry): LayoutName {
  return entry.layout ?? "default";
}

/** `/x` in German, `/en/x` in English. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** Splits a URL path into its locale and the path without prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return { locale, path: "/" };
    if (pathname.startsWith(`/${locale}/`))
      return { locale, path: pathname.slice(locale.length + 1) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

export function routeId(locale: Locale, key: string): string {
  return `${locale}:${key}`;
}

/** Finds the entry behind a React Router route id such as `en:campaign-detail`. */
export function entryForRouteId(id: string | undefined): RouteEntry | undefined {
  if (!id) return undefined;
  const key = id.slice(id.indexOf(":") + 1);
  return ROUTES.find((entry) => entry.key === key);
}

/** Finds the entry behind a matched pattern such as `/en/hangar/campaigns/detail/:id`. */
export function entryForPattern(pattern: string): RouteEntry | undefined {
  // React Router joins route paths without a leading slash ("en/hangar/campaigns").
  const { path } = splitLocale(pattern.startsWith("/") ? pattern : `/${pattern}`);
  const normalized = path.length > 1 ? path.replace(/\/$/, "") : path;
  return ROUTES.find((entry) => entry.path === normalized);
}

/** Every concrete path for tests: both locales, dynamic segments filled with valid values. */
export function samplePaths(
  fill: Record<ParamKind, string>,
): { locale: Locale; entry: RouteEntry; url: string }[] {
  return LOCALES.flatMap((locale) =>
    ROUTES.map((entry) => {
      const path = entry.path.replace(
        /:(\w+)/g,
        (_, name: string) => fill[entry.params?.[name] ?? "id"],
      );
      return { locale, entry, url: localizePath(path, locale) };
    }),
  );
}
