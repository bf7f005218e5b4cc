import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { decideLocale, detectLocale } from "../app/middleware/detect-locale.ts";
import { validateRouteParams } from "../app/middleware/params.ts";
import {
  adminMiddleware,
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
} from "../app/middleware/session-guards.ts";
import type { RouteMiddleware } from "../app/middleware/types.ts";
import {
  entryForPattern,
  entryForRouteId,
  GUARDS,
  type GuardName,
  localizePath,
  ROUTES,
  samplePaths,
  splitLocale,
} from "../app/route-table.ts";
import routeConfig from "../app/routes.ts";

// Spec §2, verbatim: every route and its layout ("none set" is null).
const SPEC_ROUTES: Record<string, string | null> = {
  "/": "default",
  "/login": "standalone",
  "/register": "standalone",
  "/profile-selection": "standalone",
  "/getting-started": "standalone",
  "/profile": "default",
  "/settings": null,
  "/action-center": null,
  "/action-center/keyword-recommendations/:marketplace/:id": null,
  "/admin/audit": "default-boxed",
  "/admin/strategy": "default-boxed",
  "/admin/users": "default-boxed",
  "/admin/users/:id": "default-boxed",
  "/auth": "empty",
  "/advertising-api-auth": "empty",
  "/sp-api-auth": "empty",
  "/account-connection-successful": "empty",
  "/account-connection-error": "empty",
  "/campaign/test": "default-boxed",
  "/cargo-bay/collections": "default",
  "/cargo-bay/collections/new": "default-boxed",
  "/cargo-bay/collections/:id": "default-boxed",
  "/hangar/campaigns": "default",
  "/hangar/bid-optimisation": "default",
  "/hangar/history": "default",
  "/hangar/campaigns/:sellerProfileId/:marketplace": "default-boxed",
  "/hangar/campaigns/:sellerProfileId/:marketplace/new": "default-boxed",
  "/hangar/campaigns/adgroup/:id": "default-boxed",
  "/hangar/campaigns/detail/:id": "default-boxed",
  "/product/imports": "default-boxed",
  "/product/list": "default-boxed",
  "/strategy-center": "default-boxed",
};

describe("route table", () => {
  it("matches the spec's routes and layouts exactly", () => {
    expect(Object.fromEntries(ROUTES.map((r) => [r.path, r.layout]))).toEqual(SPEC_ROUTES);
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
  });

  it("has the spec's back-button flags and public routes", () => {
    const byPath = (path: string) => ROUTES.find((r) => r.path === path)!;
    expect(byPath("/campaign/test").backButton).toBe(false);
    for (const path of [
      "/hangar/campaigns",
      "/hangar/campaigns/:sellerProfileId/:marketplace",
      "/hangar/campaigns/adgroup/:id",
      "/hangar/campaigns/detail/:id",
      "/admin/users/:id",
    ]) {
      expect(byPath(path).backButton).toBe(true);
    }
    expect(
      ROUTES.filter((r) => r.public)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        "/login",
        "/auth",
        "/register",
        "/advertising-api-auth",
        "/sp-api-auth",
        "/account-connection-successful",
        "/account-connection-error",
      ].sort(),
    );
  });

  it("declares a validator for every dynamic segment", () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(route.params ?? {}).sort(), route.path).toEqual(names.sort());
    }
  });

  it("localizes paths: German unprefixed, English under /en", () => {
    expect(localizePath("/", "de")).toBe("/");
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/login", "en")).toBe("/en/login");
    expect(splitLocale("/en/login")).toEqual({ locale: "en", path: "/login" });
    expect(splitLocale("/en")).toEqual({ locale: "en", path: "/" });
    expect(splitLocale("/english")).toEqual({ locale: "de", path: "/english" });
    expect(samplePaths({ id: "x", marketplace: "DE" })).toHaveLength(64);
  });

  it("finds entries by matched pattern and by route id", () => {
    expect(entryForPattern("en/hangar/campaigns/detail/:id")?.key).toBe("campaign-detail");
    expect(entryForPattern("/hangar/campaigns/:sellerProfileId/:marketplace")?.key).toBe(
      "campaigns-marketplace",
    );
    expect(entryForPattern("/")?.key).toBe("home");
    expect(entryForPattern("en")?.key).toBe("home");
    expect(entryForPattern("*")).toBeUndefined();
    expect(entryForRouteId("en:product-list")?.path).toBe("/product/list");
  });
});

describe("route guards", () => {
  const halves = (...guards: RouteMiddleware[]) => ({
    server: guards.flatMap((g) => (g.server ? [g.server] : [])),
    client: guards.flatMap((g) => (g.client ? [g.client] : [])),
  });
  const expected: Record<GuardName, ReturnType<typeof halves>> = {
    onboarding: halves(onboardingMiddleware),
    "signed-in": halves(authMiddleware, onboardingMiddleware),
    app: halves(authMiddleware, onboardingMiddleware, profileMiddleware),
    home: halves(detectLocale, authMiddleware, onboardingMiddleware, profileMiddleware),
    admin: halves(authMiddleware, onboardingMiddleware, adminMiddleware),
  };

  it("are React Router middleware of one module each, in order", async () => {
    for (const guard of GUARDS) {
      const module = (await import(`../app/guards/${guard}.ts`)) as {
        middleware: unknown[];
        clientMiddleware: unknown[];
      };
      expect(module.middleware, guard).toEqual(expected[guard].server);
      expect(module.clientMiddleware, guard).toEqual(expected[guard].client);
    }
  });

  it("put every guarded screen below its guard's layout route, in both languages", () => {
    const parents = new Map<string, string>();
    const walk = (routes: readonly RouteConfigEntry[], parent: string) => {
      for (const r of routes) {
        if (r.id) parents.set(r.id, parent);
        walk(r.children ?? [], r.file);
      }
    };
    walk(routeConfig, "root");
    for (const locale of ["de", "en"] as const)
      for (const entry of ROUTES) {
        const parent = parents.get(`${locale}:${entry.key}`);
        if (entry.guard) expect(parent, entry.path).toBe(`guards/${entry.guard}.ts`);
        else expect(parent, entry.path).toMatch(/^layouts\//);
      }
  });
});

describe("parameter validation", () => {
  const detail = ROUTES.find((r) => r.key === "campaigns-marketplace")!;
  const url = new URL("http://localhost/hangar/campaigns/x/y?tab=1");

  it("accepts UUIDs and known marketplace codes", () => {
    expect(() =>
      validateRouteParams(
        detail,
        { sellerProfileId: "0D3C1C6E-1A44-4C1A-8F3B-1E2F3A4B5C6D", marketplace: "gb" },
        url,
      ),
    ).not.toThrow();
  });

  it("rejects malformed ids and unknown marketplaces with a 404 carrying the full path", () => {
    for (const params of [
      { sellerProfileId: "42", marketplace: "DE" },
      { sellerProfileId: "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d", marketplace: "XX" },
      { sellerProfileId: "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d", marketplace: "DEU" },
      { sellerProfileId: "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d" },
    ]) {
      try {
        validateRouteParams(detail, params, url);
        expect.unreachable(JSON.stringify(params));
      } catch (error) {
        const thrown = error as { init?: { status?: number; statusText?: string }; data?: unknown };
        expect(thrown.init?.status).toBe(404);
        expect(thrown.init?.statusText).toBe("Page Not Found");
        expect(thrown.data).toEqual({
          reason: "invalid-params",
          path: "/hangar/campaigns/x/y?tab=1",
        });
      }
    }
  });
});

describe("locale detection at /", () => {
  it("remembers the browser language on a first visit", () => {
    const decision = decideLocale(null, "en-GB,en;q=0.9");
    expect(decision.locale).toBe("en");
    expect(decision.setCookie).toBe("i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("falls back to German", () => {
    expect(decideLocale(null, "fr-FR").locale).toBe("de");
    expect(decideLocale(null, null).locale).toBe("de");
  });

  it("respects a remembered choice and ignores a tampered cookie", () => {
    expect(decideLocale("i18n_redirected=de", "en-US")).toEqual({ locale: "de", setCookie: null });
    expect(decideLocale("other=1; i18n_redirected=en", "de-DE")).toEqual({
      locale: "en",
      setCookie: null,
    });
    expect(decideLocale("i18n_redirected=xx", "en-US").locale).toBe("en");
  });
});
