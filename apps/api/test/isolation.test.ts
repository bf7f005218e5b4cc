import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isShared } from "../src/hydra/tenant.ts";
import { RESOURCES } from "../src/resources/index.ts";
import {
  type ActorName,
  type HydraTestApp,
  IDS,
  LD,
  MERGE_PATCH,
  openHydraTestApp,
} from "./support/hydra-app.ts";

/**
 * The tenant-isolation matrix, generated from the resource registry: every resource ×
 * {own, foreign, admin, anonymous} × {GET, POST, PATCH, DELETE}. Rows belong to customer A;
 * "own" acts for A, "foreign" for B. A resource added to the registry gets its rows here and
 * fails until it has an example below.
 */

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${++serial}`;
const profileA = `/api/seller_profiles/${IDS.profileA}`;
const customerA = `/api/customers/${IDS.customerA}`;

/** A valid POST body whose relations point at customer A's items, and a valid merge patch. */
const EXAMPLES: Record<
  string,
  { body(): Record<string, unknown>; patch(): Record<string, unknown> }
> = {
  customers: {
    body: () => ({ name: `Customer ${unique()}` }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  seller_profiles: {
    body: () => ({
      name: `Store ${unique()}`,
      customer: customerA,
      settings: { defaultCurrency: "GBP" },
    }),
    patch: () => ({ settings: { defaultMarketplace: "FR" } }),
  },
  seller_accounts: {
    body: () => ({
      name: `Account ${unique()}`,
      sellerProfile: profileA,
      marketplaceParticipations: [{ marketplace: "DE", isParticipating: true }],
    }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  advertising_profiles: {
    body: () => ({
      sellerProfile: profileA,
      amazonProfileId: String(1_000_000 + ++serial),
      countryCode: "DE",
      currency: "EUR",
      timezone: "Europe/Berlin",
    }),
    patch: () => ({ active: false }),
  },
  brands: {
    body: () => ({ name: `Brand ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  tags: {
    body: () => ({ text: `tag ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ text: `renamed ${unique()}` }),
  },
  product_collections: {
    body: () => ({ name: `Collection ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ description: "changed" }),
  },
  conversion_rates: {
    body: () => ({
      currencyCode: "USD",
      conversionRate: 1.1,
      date: new Date(Date.UTC(2030, 0, 1) + ++serial * 86_400_000).toISOString().slice(0, 10),
    }),
    patch: () => ({ conversionRate: 1.2 }),
  },
  taxes: {
    body: () => ({ customer: customerA, marketplace: "DE", rate: 19, validFrom: "2026-01-01" }),
    patch: () => ({ rate: 7, type: "reduced" }),
  },
};

const ACTORS: ActorName[] = ["own", "foreign", "admin", "anonymous"];
const METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** What the declaration says each actor may do. */
function expected(path: string, actor: ActorName, method: Method): number {
  const resource = RESOURCES.find((r) => r.path === path)!;
  if (actor === "anonymous") return 401;
  const shared = isShared(resource);
  const canSee = actor === "admin" || actor === "own" || shared;
  const operation = { GET: null, POST: "create", PATCH: "update", DELETE: "delete" } as const;
  const op = operation[method];
  if (op === null) return canSee ? 200 : 404;
  const access = resource.operations[op];
  if (access === false) return 405;
  const adminOnly = access === "admin" || shared;
  if (method === "POST") {
    if (adminOnly && actor !== "admin") return 403;
    // The body points at customer A's items: the foreign actor may not see them.
    return canSee ? 201 : 404;
  }
  if (!canSee) return 404;
  if (adminOnly && actor !== "admin") return 403;
  return method === "PATCH" ? 200 : 204;
}

describe.each(TEST_DATABASE_KINDS)("tenant isolation matrix on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  /** A fresh item of customer A (or shared), created by an admin; customers: A itself. */
  async function itemOfA(path: string): Promise<string> {
    const resource = RESOURCES.find((r) => r.path === path)!;
    if (resource.owner.kind === "self") return `/api/${path}/${IDS.customerA}`;
    const response = await t.request("admin", {
      method: "POST",
      url: `/api/${path}`,
      headers: LD,
      payload: EXAMPLES[path]!.body(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()["@id"];
  }

  it("has an example for every registered resource", () => {
    expect(RESOURCES.map((r) => r.path).filter((p) => !EXAMPLES[p])).toEqual([]);
  });

  const cells = RESOURCES.flatMap((resource) =>
    ACTORS.flatMap((actor) =>
      METHODS.map((method) => ({
        path: resource.path,
        actor,
        method,
        status: expected(resource.path, actor, method),
      })),
    ),
  );

  it.each(cells)("$method $path as $actor → $status", async ({ path, actor, method, status }) => {
    const iri = method === "POST" ? `/api/${path}` : await itemOfA(path);
    const response = await t.request(actor, {
      method,
      url: iri,
      ...(method === "POST" ? { headers: LD, payload: EXAMPLES[path]!.body() } : {}),
      ...(method === "PATCH" ? { headers: MERGE_PATCH, payload: EXAMPLES[path]!.patch() } : {}),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) {
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.body).not.toContain("    at ");
    }
    if (method === "GET" && status === 200) expect(response.json()["@id"]).toBe(iri);
    if ((method === "PATCH" || method === "DELETE") && status >= 400) {
      // Refused writes leave the item as it was.
      const after = await t.request("admin", { url: iri });
      expect(after.statusCode).toBe(200);
    }
    if (method === "DELETE" && status === 204) {
      expect((await t.request("admin", { url: iri })).statusCode).toBe(404);
    }
  });

  const listings = RESOURCES.flatMap((resource) =>
    (["own", "foreign", "admin"] as const).map((actor) => ({ path: resource.path, actor })),
  );

  it.each(listings)(
    "GET /api/$path lists customer A's item to $actor only if visible",
    async ({ path, actor }) => {
      const iri = await itemOfA(path);
      const resource = RESOURCES.find((r) => r.path === path)!;
      const visible = actor !== "foreign" || isShared(resource);
      const members: { "@id": string }[] = [];
      for (let page = 1; page <= 50; page++) {
        const response = await t.request(actor, {
          url: `/api/${path}?itemsPerPage=100&page=${page}`,
        });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        members.push(...body["hydra:member"]);
        if (!body["hydra:view"]["hydra:next"]) break;
      }
      expect(members.some((m) => m["@id"] === iri)).toBe(visible);
    },
  );

  it.each(RESOURCES.flatMap((r) => (r.subresources ?? []).map((s) => ({ path: s.path }))))(
    "GET /api$path of customer A's profile is a 404 to the foreign actor",
    async ({ path }) => {
      const url = `/api${path.replace("{id}", IDS.profileA)}`;
      expect((await t.request("own", { url })).statusCode).toBe(200);
      expect((await t.request("admin", { url })).statusCode).toBe(200);
      expect((await t.request("foreign", { url })).statusCode).toBe(404);
      expect((await t.request("anonymous", { url })).statusCode).toBe(401);
    },
  );

  it.each(
    RESOURCES.flatMap((r) =>
      (r.filters ?? []).flatMap((f) =>
        f.type === "relation" ? [{ path: r.path, parameter: f.parameter, target: f.target() }] : [],
      ),
    ),
  )(
    "GET /api/$path?$parameter=<customer A's item> is a 404 to the foreign actor",
    async ({ path, parameter, target }) => {
      const id = target.owner.kind === "self" ? IDS.customerA : IDS.profileA;
      const url = `/api/${path}?${parameter}=${encodeURIComponent(`/api/${target.path}/${id}`)}`;
      expect((await t.request("own", { url })).statusCode).toBe(200);
      expect((await t.request("foreign", { url })).statusCode).toBe(404);
    },
  );
});
