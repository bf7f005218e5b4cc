/**
 * Every route under /api declares what it takes and answers (issue 20: endpoints once): its path
 * parameters, query and body as zod schemas that Fastify validates before the handler, and its
 * answers (a success and the errors) that the OpenAPI document is generated from. The routes are
 * collected through onRoute in the API built with every optional part (changes, product imports,
 * Amazon). A hidden route is either a Hydra resource operation, which the registry documents and
 * the generic layer validates against the resource's schemas, or a route that only refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzTarget, openFuzzTarget, type RegisteredRoute } from "./support/openapi-fuzz.ts";

const NOT_OPERATIONS = new Set(["HEAD", "OPTIONS"]);
/** Hidden routes that are no operation: the documents (OpenAPI, Hydra) and the docs' pages. */
const isDocumentation = (url: string) =>
  url === "/api/docs" ||
  url === "/api/docs.json" ||
  url === "/api/docs.jsonld" ||
  url.startsWith("/api/docs/");

const isZod = (value: unknown) => typeof value === "object" && value !== null && "_zod" in value;
const shapeKeys = (value: unknown): string[] => {
  const shape = isZod(value) ? (value as { shape?: object }).shape : undefined;
  return shape ? Object.keys(shape) : [];
};
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/** What a route lacks of the schemas it takes; empty when it declares them all. */
function missingSchemas(route: RegisteredRoute): string[] {
  const schema = route.schema ?? {};
  const missing: string[] = [];
  if (!schema.operationId) missing.push("operationId");
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (params.length > 0 && shapeKeys(schema.params).sort().join() !== params.sort().join()) {
    missing.push(`params (${params.join(", ")})`);
  }
  // What the handler reads (directly, or through a helper it hands request.body or .query to).
  if (/request\.body\b/.test(route.handler) && !isZod(schema.body)) missing.push("body");
  if (/request\.query\b/.test(route.handler) && !isZod(schema.querystring)) {
    missing.push("querystring");
  }
  const multipart = [schema.consumes ?? []].flat().includes("multipart/form-data");
  if (/request\.(file|isMultipart)\(/.test(route.handler) && !(multipart && schema.body)) {
    missing.push("body (multipart/form-data)");
  }
  const statuses = Object.keys(schema.response ?? {}).map(Number);
  if (!statuses.some((s) => s >= 200 && s < 400)) missing.push("response (success)");
  if (!statuses.some((s) => s >= 400 && s < 500)) missing.push("response (errors)");
  return missing;
}

describe("the schemas of every /api route", () => {
  let t: FuzzTarget;
  let documented: Set<string>;
  beforeAll(async () => {
    t = await openFuzzTarget();
    const document = (await t.app.inject({ url: "/api/docs.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
  }, 300_000);
  afterAll(() => t?.close());

  const apiRoutes = () =>
    t.routes.filter(
      (route) =>
        route.url.startsWith("/api") && !NOT_OPERATIONS.has(route.method) && !route.refuses,
    );

  it("declares params, query, body and answers on every route that is not a Hydra resource's", () => {
    const lacking = apiRoutes()
      .filter((route) => !route.hidden)
      .map((route) => ({ route: `${route.method} ${route.url}`, missing: missingSchemas(route) }))
      .filter((entry) => entry.missing.length > 0)
      .map((entry) => `${entry.route}: ${entry.missing.join(", ")}`);
    expect(lacking).toEqual([]);
    // The check reaches the routes that once parsed their bodies in the handler.
    const checked = new Set(apiRoutes().map((route) => `${route.method} ${route.url}`));
    for (const route of [
      "POST /api/changes/:id/retry",
      "POST /api/bulk_changes",
      "GET /api/change_tray",
      "POST /api/product_imports/:id/run",
      "POST /api/keyword_lists/read",
    ]) {
      expect(checked).toContain(route);
    }
  });

  it("hides only the Hydra resources' operations (documented from the registry)", () => {
    const undocumented = apiRoutes()
      .filter((route) => route.hidden)
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((route) => !documented.has(route) && !isDocumentation(route.split(" ")[1]!));
    expect(undocumented).toEqual([]);
  });
});
