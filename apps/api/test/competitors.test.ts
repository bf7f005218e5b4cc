/**
 * Issue 11 §6: a product's competitors through the real HTTP API against the Amazon sandbox:
 * suggestions from the offers and similar items, adding by hand, snapshots of price and Buy Box
 * that match the sandbox's market, a history over days, and isolation (foreign ids are 404).
 */
import { offersOf, type Sandbox, similarItems } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AmazonTestApp,
  DE_MARKETPLACE_ID as DE,
  openAmazonTestApp,
  SANDBOX_SELLER as SELLER,
  startSandbox,
} from "./support/amazon-sandbox-app.ts";

let sandbox: Sandbox;
let sandboxUrl: string;
beforeAll(async () => {
  ({ sandbox, url: sandboxUrl } = await startSandbox(9));
  sandbox.control.seedDemoAccount({ countries: ["DE"], days: 3, maxProducts: 3 });
});
afterAll(() => sandbox?.app.close());

describe.each(TEST_DATABASE_KINDS)("competitors on %s", (kind) => {
  let amazonApp: AmazonTestApp;
  let app: FastifyInstance;
  let token: string;
  let foreignToken: string;
  let adminToken: string;
  let productId: string;
  let sellerAccountId: string;
  const own = () =>
    [...sandbox.state.world.products.values()].find(
      (p) => p.sellerId === SELLER && p.marketplaceId === DE && p.stock > 0,
    )!;

  beforeAll(async () => {
    amazonApp = await openAmazonTestApp(kind, sandbox, sandboxUrl);
    app = amazonApp.app;
    const db = amazonApp.db;
    const login = amazonApp.login;
    token = await login("demo@starport.dev", "starport-demo");
    const [foreignCustomer] = await db
      .insert(schema.customers)
      .values({ name: "Fremd AG" })
      .returning();
    const registered = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        name: "Fremd",
        company: "Fremd AG",
        email: `fremd-competitors-${kind}@example.com`,
        password: "fremd-passwort-123",
        passwordConfirmation: "fremd-passwort-123",
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(foreignCustomer).toBeDefined();
    foreignToken = await login(`fremd-competitors-${kind}@example.com`, "fremd-passwort-123");
    adminToken = await login("admin@starport.dev", "starport-admin");

    // A seller profile of the demo customer, connected to the sandbox seller, with one listing.
    ({ sellerAccountId } = await amazonApp.connectedProfile(`Wettbewerb ${kind}`));
    const p = own();
    const [product] = await db
      .insert(schema.products)
      .values({
        sellerAccountId,
        marketplace: "DE",
        marketplaceId: DE,
        sku: p.sku,
        asin: p.asin,
        title: p.title,
        priceMicros: Math.round(p.price * 1e6),
        currency: "EUR",
        status: "Active",
      })
      .returning();
    productId = product!.id;
  }, 60_000);
  afterAll(() => amazonApp?.dispose());

  const as = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  const url = (suffix = "") => `/api/catalogue/products/${productId}/competitors${suffix}`;
  const list = async () =>
    (await app.inject({ url: url(), headers: as(token) })).json().competitors as {
      id: string;
      asin: string;
      sellerId: string | null;
      title: string | null;
      latest: { price: number | null; hasBuyBox: boolean | null; fulfillment: string } | null;
      history: { price: number | null; hasBuyBox: boolean | null }[];
    }[];

  it("suggests the other sellers and similar items, adds them, and snapshots price and Buy Box", async () => {
    const p = own();
    const suggestions = await app.inject({
      url: `/api/catalogue/products/${productId}/competitor_suggestions`,
      headers: as(token),
    });
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    const truth = offersOf(sandbox.state.world, p).filter((o) => !o.mine);
    const suggested = suggestions.json();
    expect(suggested.offers.map((o: { sellerId: string }) => o.sellerId).sort()).toEqual(
      truth.map((o) => o.sellerId).sort(),
    );
    expect(suggested.similar.map((s: { asin: string }) => s.asin)).toEqual(
      similarItems(sandbox.state.world, p).map((s) => s.asin),
    );

    const rival = truth[0]!;
    const similar = similarItems(sandbox.state.world, p)[0]!;
    const add = (payload: Record<string, unknown> | unknown[], bearer = token) =>
      app.inject({ method: "POST", url: url(), headers: as(bearer), payload });
    expect(
      (await add({ asin: p.asin, sellerId: rival.sellerId, source: "offers" })).statusCode,
    ).toBe(201);
    expect((await add({ asin: similar.asin.toLowerCase(), source: "catalog" })).statusCode).toBe(
      201,
    );
    // Bad input: 422, never 5xx; a duplicate is refused.
    for (const bad of [
      { asin: "nope" },
      { asin: p.asin },
      { asin: similar.asin, sellerId: rival.sellerId },
      { asin: similar.asin },
      [],
    ])
      expect((await add(bad)).statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
    expect((await add({ asin: similar.asin })).statusCode).toBe(422);

    const refreshed = await app.inject({
      method: "POST",
      url: url("/refresh"),
      headers: as(token),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toEqual({ snapshots: 2 });
    const competitors = await list();
    const seller = competitors.find((c) => c.sellerId === rival.sellerId)!;
    expect(seller.latest).toMatchObject({
      price: rival.listingPrice,
      hasBuyBox: rival.buyBoxWinner,
      fulfillment: rival.fulfillment,
    });
    const item = competitors.find((c) => c.asin === similar.asin)!;
    const featured = offersOf(sandbox.state.world, similar).find((o) => o.buyBoxWinner)!;
    expect(item.latest).toMatchObject({ price: featured.listingPrice, hasBuyBox: null });
    expect(item.title).toBe(similar.title);

    // A day later the market has moved: the history holds both points, as the sandbox had them.
    sandbox.control.advance(1);
    await app.inject({ method: "POST", url: url("/refresh"), headers: as(token) });
    const later = (await list()).find((c) => c.sellerId === rival.sellerId)!;
    const now = offersOf(sandbox.state.world, own()).find((o) => o.sellerId === rival.sellerId)!;
    expect(later.history.map((h) => h.price)).toEqual([rival.listingPrice, now.listingPrice]);
    expect(later.history.map((h) => h.hasBuyBox)).toEqual([rival.buyBoxWinner, now.buyBoxWinner]);
  });

  it("never suggests one of the seller's own products as a similar competitor", async () => {
    const similar = similarItems(sandbox.state.world, own()).map((s) => s.asin);
    expect(similar.length).toBeGreaterThan(1);
    // The seller also sells the first similar item (under a SKU of its own).
    const [mine] = await amazonApp.db
      .insert(schema.products)
      .values({
        sellerAccountId,
        marketplace: "DE",
        marketplaceId: DE,
        sku: `OWN-${similar[0]}`,
        asin: similar[0] as string,
        title: "Eigenes Produkt",
        currency: "EUR",
        status: "Active",
      })
      .returning();
    try {
      const suggestions = await app.inject({
        url: `/api/catalogue/products/${productId}/competitor_suggestions`,
        headers: as(token),
      });
      expect(suggestions.statusCode, suggestions.body).toBe(200);
      const asins = suggestions.json().similar.map((s: { asin: string }) => s.asin);
      expect(asins).toEqual(similar.slice(1));
    } finally {
      await amazonApp.db.delete(schema.products).where(eq(schema.products.id, mine!.id));
    }
  });

  it("answers another customer's product and competitors with 404", async () => {
    const [competitor] = await list();
    expect(competitor).toBeDefined();
    for (const request of [
      { url: url() },
      { url: url("/refresh"), method: "POST" as const },
      { url: `/api/catalogue/products/${productId}/competitor_suggestions` },
      { url: url(`/${competitor!.id}`), method: "DELETE" as const },
      { url: url(), method: "POST" as const, payload: { asin: "B000000001" } },
    ]) {
      const response = await app.inject({ ...request, headers: as(foreignToken) });
      expect(response.statusCode, request.url).toBe(404);
      // An administrator of another customer too (impersonation is their only way in).
      const asAdmin = await app.inject({ ...request, headers: as(adminToken) });
      expect(asAdmin.statusCode, request.url).toBe(404);
    }
    expect(
      (
        await app.inject({
          url: "/api/catalogue/products/not-a-uuid/competitors",
          headers: as(token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "DELETE", url: url(`/${competitor!.id}`), headers: as(token) }))
        .statusCode,
    ).toBe(204);
    expect((await list()).map((c) => c.id)).not.toContain(competitor!.id);
  });
});

/**
 * Issue 18 §9: Amazon allows one competitive summary per 30 s, which our client honours by
 * waiting. With the limits on (as in production), a request is answered without that wait.
 */
describe("competitor suggestions under Amazon's rate limit", () => {
  let limited: AmazonTestApp;
  let token: string;
  let sellerAccountId: string;
  const as = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  beforeAll(async () => {
    limited = await openAmazonTestApp("pglite", sandbox, sandboxUrl, { rateLimiting: true });
    token = await limited.login("demo@starport.dev", "starport-demo");
    ({ sellerAccountId } = await limited.connectedProfile("Wettbewerb (Ratenlimit)"));
  }, 60_000);
  afterAll(() => limited?.dispose());

  it("answers from the cache with its age, and with 202 instead of waiting for Amazon", async () => {
    // Two more listings of the seller: Amazon allows one competitive summary per 30 s.
    const others = [...sandbox.state.world.products.values()]
      .filter((p) => p.sellerId === SELLER && p.marketplaceId === DE)
      .slice(0, 2);
    expect(others).toHaveLength(2);
    const ids: string[] = [];
    for (const p of others) {
      const [row] = await limited.db
        .insert(schema.products)
        .values({
          sellerAccountId,
          marketplace: "DE",
          marketplaceId: DE,
          sku: p.sku,
          asin: p.asin,
          title: p.title,
          currency: "EUR",
          status: "Active",
        })
        .returning();
      ids.push(row!.id);
    }
    const suggest = (id: string) =>
      limited.app.inject({
        url: `/api/catalogue/products/${id}/competitor_suggestions`,
        headers: as(token),
      });
    try {
      // The first product: asked until Amazon has answered (its call may wait for the limit).
      let first = await suggest(ids[0]!);
      for (let i = 0; first.statusCode === 202 && i < 40; i++) {
        expect(Number(first.headers["retry-after"])).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        first = await suggest(ids[0]!);
      }
      expect(first.statusCode, first.body).toBe(200);
      const fetchedAt = first.json().fetchedAt as string;
      expect(Date.parse(fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
      // The second, right after: Amazon's limit would hold the request for ~30 s; it is
      // answered at once with 202 and when to ask again, while the call goes on.
      const second = await suggest(ids[1]!);
      expect(second.statusCode, second.body).toBe(202);
      expect(second.json()).toMatchObject({ status: "pending" });
      expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
      // The first again: from the cache, the same answer and age, no call to Amazon.
      const again = await suggest(ids[0]!);
      expect(again.statusCode).toBe(200);
      expect(again.json().fetchedAt).toBe(fetchedAt);
      expect(again.json().similar).toEqual(first.json().similar);
    } finally {
      for (const id of ids)
        await limited.db.delete(schema.products).where(eq(schema.products.id, id));
    }
  }, 90_000);
});
