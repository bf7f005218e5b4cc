/**
 * The OpenAPI document (GET /api/docs.json) lists every route under /api with an operationId and
 * its error answers; `npm test` also lints it with redocly (scripts/starport.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzTarget, openFuzzTarget } from "./support/openapi-fuzz.ts";

/** Routes that are no operation of their own: HEAD twins of GETs, the catch-all, docs assets. */
const NOT_OPERATIONS = new Set(["HEAD", "OPTIONS"]);
/** Routes registered without a schema on purpose (none today). */
const UNDOCUMENTED = new Set<string>();

describe("the OpenAPI document", () => {
  let t: FuzzTarget;
  let document: {
    info: { license?: { name: string; identifier?: string } };
    paths: Record<
      string,
      Record<string, { operationId?: string; responses: object; requestBody?: object }>
    >;
  };
  beforeAll(async () => {
    t = await openFuzzTarget();
    document = (await t.app.inject({ url: "/api/docs.json" })).json();
  });
  afterAll(() => t?.close());

  it("lists every route under /api that is not hidden on purpose", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = t.routes
      .filter((route) => route.url.startsWith("/api") && !route.hidden)
      .filter((route) => !NOT_OPERATIONS.has(route.method))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, "{$1}")}`)
      .filter((route) => !documented.has(route) && !UNDOCUMENTED.has(route));
    expect(missing).toEqual([]);
    for (const route of [
      "POST /api/login",
      "POST /api/register",
      "POST /api/sign-in",
      "POST /api/refresh-token",
      "POST /api/sign-out",
      "GET /api/me",
      "GET /api/onboarding",
      "PUT /api/onboarding/steps/{step}",
      "POST /api/support_requests",
      "GET /api/sync_runs/events",
      "POST /api/amazon/callbacks/{api}",
      "GET /api/admin/users",
      "GET /api/health",
      "GET /api/tags",
    ]) {
      expect(documented).toContain(route);
    }
  });

  it("names every operation and documents its error answers; the document has a licence", () => {
    expect(document.info.license?.name).toBeTruthy();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^\w+$/);
        ids.add(operation.operationId!);
        const statuses = Object.keys(operation.responses).map(Number);
        expect(
          statuses.some((s) => s >= 400 && s < 500),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
    expect(ids.size).toBe(
      Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0),
    );
    const login = document.paths["/api/login"]!.post!.responses;
    expect(Object.keys(login)).toEqual(["200", "400", "401", "413", "415", "422", "429"]);
  });

  it("says which bodies may be left out: a retry's may, a login's and an upload's may not", () => {
    const required = (path: string) =>
      (document.paths[path]!.post!.requestBody as { required?: boolean }).required;
    expect(required("/api/changes/{id}/retry")).toBe(false);
    expect(required("/api/login")).toBe(true);
    expect(required("/api/keyword_lists/read")).toBe(true);
    const markers = JSON.stringify(document.paths).match(/"x-optional-body"/g);
    expect(markers).toBeNull();
  });
});
