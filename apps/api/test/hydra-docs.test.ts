import type { AddressInfo } from "node:net";
import {
  type Api,
  type Field,
  parseHydraDocumentation,
  type Resource,
} from "@api-platform/api-doc-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../src/index.ts";
import { openHydraTestApp } from "./support/hydra-app.ts";

/**
 * API Platform's own client reads our Hydra documentation: the real server on a loopback port,
 * `parseHydraDocumentation` on /api with a Bearer token, over HTTP as an outside client does.
 */

const XSD = "http://www.w3.org/2001/XMLSchema#";

async function serve(hydraPrefix: boolean) {
  const t = await openHydraTestApp("pglite", { hydraPrefix });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const entrypoint = `http://127.0.0.1:${port}/api`;
  const parse = () =>
    parseHydraDocumentation(entrypoint, { headers: new Headers(t.headers.own) }).then(
      (result) => result.api,
      // The parser rejects with a plain object { api, error, response, status }.
      (failure: { error?: unknown; status?: number }) => {
        throw new Error(`api-doc-parser failed (status ${failure.status}): ${failure.error}`);
      },
    );
  return { t, entrypoint, parse };
}

function resource(api: Api, name: string): Resource {
  const found = api.resources?.find((r) => r.name === name);
  if (!found) throw new Error(`resource ${name} not parsed`);
  return found;
}

function field(of: Resource, name: string): Field {
  const found = of.fields?.find((f) => f.name === name);
  if (!found) throw new Error(`field ${of.name}.${name} not parsed`);
  return found;
}

const names = (fields: readonly Field[] | null | undefined) => (fields ?? []).map((f) => f.name);
const operationTypes = (of: Resource) => (of.operations ?? []).map((o) => o.type).sort();

describe("Hydra documentation read by api-doc-parser", () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let api: Api;
  beforeAll(async () => {
    server = await serve(true);
    api = await server.parse();
  });
  afterAll(() => server?.t.dispose());

  it("finds every resource of the registry, at its collection, with its class", () => {
    expect(api.entrypoint).toBe(server.entrypoint);
    expect(api.title).toBe("Starport API");
    expect(api.resources).toHaveLength(ALL_RESOURCES.length);
    for (const declared of ALL_RESOURCES) {
      const parsed = resource(api, declared.path);
      expect(parsed.url).toBe(`${server.entrypoint}/${declared.path}`);
      expect(parsed.id).toBe(`${server.entrypoint}/docs.jsonld#${declared.shortName}`);
      expect(parsed.title).toBe(declared.shortName);
      // Every field of the representation is documented, readable, with a range.
      for (const name of Object.keys(declared.output.shape)) {
        expect(names(parsed.readableFields)).toContain(name);
        expect(field(parsed, name).range, `${declared.shortName}.${name}`).toBeTruthy();
      }
    }
  });

  it("documents a writable resource's fields: ranges, flags and its relation as a reference", () => {
    const tags = resource(api, "tags");
    expect(names(tags.fields)).toEqual(["id", "text", "sellerProfile"]);
    expect(names(tags.readableFields)).toEqual(["id", "text", "sellerProfile"]);
    expect(names(tags.writableFields)).toEqual(["text", "sellerProfile"]);
    expect(field(tags, "id")).toMatchObject({ range: `${XSD}string`, required: false });
    expect(field(tags, "text")).toMatchObject({
      id: `${server.entrypoint}/docs.jsonld#Tag/text`,
      range: `${XSD}string`,
      type: "string",
      required: true,
      reference: null,
    });
    const sellerProfile = field(tags, "sellerProfile");
    expect(sellerProfile.required).toBe(true);
    expect(sellerProfile.maxCardinality).toBe(1);
    expect(sellerProfile.embedded).toBeNull();
    expect(sellerProfile.reference).toBe(resource(api, "seller_profiles"));

    const taxes = resource(api, "taxes");
    expect(field(taxes, "rate")).toMatchObject({ type: "decimal", required: true });
    expect(field(taxes, "validFrom")).toMatchObject({ type: "date", required: true });
    // Optional in the input (defaults or the caller's customer): writeable, not required.
    expect(field(taxes, "type")).toMatchObject({ type: "string", required: false });
    expect(field(taxes, "customer")).toMatchObject({
      required: false,
      reference: resource(api, "customers"),
    });
    expect(names(taxes.writableFields)).toEqual([
      "customer",
      "marketplace",
      "rate",
      "type",
      "validFrom",
    ]);

    const profiles = resource(api, "advertising_profiles");
    expect(field(profiles, "active")).toMatchObject({ type: "boolean", required: false });
    expect(field(resource(api, "product_collections"), "productCount").type).toBe("integer");
  });

  it("documents read-only resources: no writable fields, relations as references", () => {
    const campaigns = resource(api, "campaigns");
    expect(campaigns.writableFields).toEqual([]);
    expect(field(campaigns, "advertisingProfile").reference).toBe(
      resource(api, "advertising_profiles"),
    );
    expect(field(campaigns, "budget")).toMatchObject({ type: "decimal", required: false });
    const keywords = resource(api, "keywords");
    expect(field(keywords, "campaign").reference).toBe(campaigns);
    expect(field(keywords, "adGroup").reference).toBe(resource(api, "ad_groups"));
    expect(field(resource(api, "products"), "sellerAccount").reference).toBe(
      resource(api, "seller_accounts"),
    );
    // Users: the customer is an IRI, readable only; name, locale and roles are managed by admins.
    const users = resource(api, "users");
    expect(field(users, "customer").reference).toBe(resource(api, "customers"));
    expect(names(users.writableFields).sort()).toEqual(["locale", "name", "roles"]);
  });

  it("documents an embedded relation as embedded, not as a reference", () => {
    const customer = field(resource(api, "seller_profiles"), "customer");
    expect(customer.reference).toBeNull();
    expect(customer.embedded).toBe(resource(api, "customers"));
  });

  it("documents the operations each resource supports", () => {
    expect(operationTypes(resource(api, "tags"))).toEqual([
      "create",
      "delete",
      "edit",
      "list",
      "show",
    ]);
    expect(operationTypes(resource(api, "campaigns"))).toEqual(["list", "show"]);
    expect(operationTypes(resource(api, "users"))).toEqual(["delete", "edit", "list", "show"]);
    expect(operationTypes(resource(api, "customers"))).toEqual(["edit", "list", "show"]);
    const edit = resource(api, "tags").operations?.find((o) => o.type === "edit");
    expect(edit).toMatchObject({ method: "PATCH", name: "patchTag" });
    for (const declared of ALL_RESOURCES) {
      const { create, update, delete: remove } = declared.operations;
      const writable = declared.input !== undefined;
      const expected = [
        "list",
        ...(declared.itemOperation === false ? [] : ["show"]),
        ...(create && writable ? ["create"] : []),
        ...(update && writable ? ["edit"] : []),
        ...(remove ? ["delete"] : []),
      ].sort();
      expect(operationTypes(resource(api, declared.path)), declared.shortName).toEqual(expected);
    }
  });

  it("links the documentation absolutely, on the host the request named", async () => {
    const { t } = server;
    const rel = 'rel="http://www.w3.org/ns/hydra/core#apiDocumentation"';
    const on = async (host: string) =>
      (await t.request("own", { url: "/api/tags", headers: { host } })).headers.link;
    expect(await on("example.test:8443")).toBe(
      `<http://example.test:8443/api/docs.jsonld>; ${rel}`,
    );
    expect(await on("[::1]:3000")).toBe(`<http://[::1]:3000/api/docs.jsonld>; ${rel}`);
    // A Host that is no host name is never echoed: the link stays relative.
    expect(await on("evil.test/x?y")).toBe(`</api/docs.jsonld>; ${rel}`);
    const context = async (name: string) =>
      t.request("anonymous", { url: `/api/contexts/${name}`, headers: { host: "h.test" } });
    expect((await context("Entrypoint")).json()["@context"]).toMatchObject({
      "@vocab": "http://h.test/api/docs.jsonld#",
      campaign: { "@id": "Entrypoint/campaign", "@type": "@id" },
    });
    expect((await context("Campaign")).json()["@context"]).toMatchObject({
      name: "Campaign/name",
      advertisingProfile: { "@id": "Campaign/advertisingProfile", "@type": "@id" },
    });
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect((await context(name)).statusCode, name).toBe(404);
    }
  });

  it("reads a collection's search parameters with the token", async () => {
    const parameters = await resource(api, "tags").getParameters?.();
    expect(parameters?.map((p) => p.variable)).toEqual(
      expect.arrayContaining(["profile", "text", "order[text]"]),
    );
  });
});

describe("Hydra documentation with HYDRA_PREFIX=false", () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(false);
  });
  afterAll(() => server?.t.dispose());

  it("is read the same way", async () => {
    const api = await server.parse();
    expect(api.resources).toHaveLength(ALL_RESOURCES.length);
    const tags = resource(api, "tags");
    expect(names(tags.writableFields)).toEqual(["text", "sellerProfile"]);
    expect(field(tags, "sellerProfile").reference).toBe(resource(api, "seller_profiles"));
    expect(operationTypes(tags)).toEqual(["create", "delete", "edit", "list", "show"]);
    expect((await tags.getParameters?.())?.map((p) => p.variable)).toContain("profile");
  });

  it("defines the unprefixed Hydra terms in the contexts", async () => {
    const context = (await server.t.request("anonymous", { url: "/api/contexts/Tag" })).json()[
      "@context"
    ];
    expect(context).toMatchObject({
      member: "hydra:member",
      totalItems: "hydra:totalItems",
      Collection: "hydra:Collection",
      view: { "@id": "hydra:view", "@type": "@id" },
      next: { "@id": "hydra:next", "@type": "@id" },
      text: "Tag/text",
    });
    const docs = (await server.t.request("anonymous", { url: "/api/docs.jsonld" })).json();
    expect(docs["@context"]).toMatchObject({ supportedClass: "hydra:supportedClass" });
    expect(docs).toHaveProperty("supportedClass");
    expect(docs).not.toHaveProperty("hydra:supportedClass");
  });
});
