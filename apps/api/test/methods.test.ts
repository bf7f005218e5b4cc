/**
 * Every method on every path under /api answers in the API's error format: a method the path does
 * not serve is a 405 naming the methods it does serve (`Allow`), never the web app's page or a 500,
 * also beside a catch-all that answers every other path as the web server's does.
 */
import { schema } from "@starport/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

const TAG = "3a000000-0000-4000-8000-0000000000e1";

describe("methods a path does not serve", () => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp("pglite", {
      // The web server's React Router catch-all: an HTML page for every method and path.
      beside: (app) => {
        app.all("*", async (_request, reply) =>
          reply.code(405).type("text/html").send("<!doctype html><p>web app</p>"),
        );
      },
    });
    await t.db.insert(schema.tags).values({ id: TAG, sellerProfileId: IDS.profileA, text: "x" });
  });
  afterAll(() => t?.dispose());

  const expect405 = (
    response: Awaited<ReturnType<HydraTestApp["request"]>>,
    method: string,
    path: string,
    allow: string,
  ) => {
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(405);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toMatchObject({
      "@type": "hydra:Error",
      status: 405,
      detail: `No route found for "${method} ${path}": Method Not Allowed.`,
    });
  };

  it.each(["PUT", "POST", "PATCH", "DELETE", "OPTIONS", "TRACE"])(
    "%s /api is a 405 allowing GET and HEAD, as JSON",
    async (method) => {
      const response = await t.request("own", { method: method as "GET", url: "/api" });
      expect405(response, method, "/api", "GET, HEAD");
    },
  );

  it("answers methods Fastify does not route (TRACE, PROPFIND, SEARCH) with a 405", async () => {
    for (const method of ["TRACE", "PROPFIND", "SEARCH", "PUT"]) {
      const response = await t.request("own", { method: method as "GET", url: "/api/tags" });
      expect405(response, method, "/api/tags", "GET, HEAD, POST");
    }
  });

  it("names the methods of the item in the Hydra layer's own 405", async () => {
    const path = `/api/tags/${TAG}`;
    const response = await t.request("own", { method: "PUT", url: path, payload: {} });
    expect405(response, "PUT", path, "DELETE, GET, HEAD, PATCH");
    // Read-only resources: the same 405, allowing only reads.
    const imports = await t.request("own", {
      method: "DELETE",
      url: `/api/product_imports/${TAG}`,
    });
    expect405(imports, "DELETE", `/api/product_imports/${TAG}`, "GET, HEAD");
  });

  it("keeps a path no route serves a 404 in JSON, for any method", async () => {
    for (const method of ["GET", "PUT", "TRACE", "PROPFIND"]) {
      const response = await t.request("own", {
        method: method as "GET",
        url: "/api/no_such_thing",
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(response.headers.allow).toBeUndefined();
    }
  });
});
