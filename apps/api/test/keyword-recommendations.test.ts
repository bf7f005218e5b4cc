/**
 * Issue 10 §7: Amazon's keyword recommendations for the wizard's products, through the real HTTP
 * API against the Amazon sandbox: one member per keyword and match type with the suggested bid in
 * major units, bad input 400, a foreign profile 404, a marketplace without Ads connection 409.
 */
import type { Sandbox } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { saveConnection } from "@starport/sync";
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
  ({ sandbox, url: sandboxUrl } = await startSandbox(11));
  sandbox.control.seedDemoAccount({ countries: ["DE"], days: 2, maxProducts: 3 });
});
afterAll(() => sandbox?.app.close());

describe.each(TEST_DATABASE_KINDS)("keyword recommendations on %s", (kind) => {
  let amazonApp: AmazonTestApp;
  let app: FastifyInstance;
  let token: string;
  let foreignToken: string;
  let profileId: string;
  let unconnectedProfileId: string;
  let amazonProfileId: string;
  let refreshToken: string;
  const ownAsins = () =>
    [...sandbox.state.world.products.values()]
      .filter((p) => p.sellerId === SELLER && p.marketplaceId === DE)
      .map((p) => p.asin);

  beforeAll(async () => {
    amazonApp = await openAmazonTestApp(kind, sandbox, sandboxUrl);
    app = amazonApp.app;
    const { db, cipher, login } = amazonApp;
    token = await login("demo@starport.dev", "starport-demo");
    const [user] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "demo@starport.dev"));
    const email = `fremd-kwrec-${kind}@example.com`;
    const registered = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        name: "Fremd",
        company: "Fremd AG",
        email,
        password: "fremd-passwort-123",
        passwordConfirmation: "fremd-passwort-123",
      },
    });
    expect(registered.statusCode).toBe(201);
    foreignToken = await login(email, "fremd-passwort-123");

    const [sellerProfile] = await db
      .insert(schema.sellerProfiles)
      .values({ customerId: user!.customerId, name: `Empfehlungen ${kind}` })
      .returning();
    refreshToken = sandbox.control.issueRefreshToken({ sellerId: SELLER, api: "ads" });
    await saveConnection(db, cipher, {
      sellerProfileId: sellerProfile!.id,
      api: "ads",
      region: "EU",
      refreshToken,
    });
    const profile = sandbox.state.world.profiles.find(
      (p) => p.sellerId === SELLER && p.marketplaceId === DE,
    )!;
    amazonProfileId = String(profile.profileId);
    const [row] = await db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId: sellerProfile!.id,
        amazonProfileId,
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
      })
      .returning();
    profileId = row!.id;
    // Another seller profile of the customer, with an advertising profile but no connection.
    const [bare] = await db
      .insert(schema.sellerProfiles)
      .values({ customerId: user!.customerId, name: `Ohne Verbindung ${kind}` })
      .returning();
    const [unconnected] = await db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId: bare!.id,
        amazonProfileId: "99000001",
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
      })
      .returning();
    unconnectedProfileId = unconnected!.id;
  }, 60_000);
  afterAll(() => amazonApp?.dispose());

  const get = (query: string, bearer = token) =>
    app.inject({
      url: `/api/keyword_recommendations?${query}`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  it("answers Amazon's keywords per match type with the suggested bid in major units", async () => {
    const asins = ownAsins().slice(0, 2);
    expect(asins.length).toBe(2);
    const response = await get(
      `profile=${profileId}&${asins.map((a) => `asins[]=${a}`).join("&")}&itemsPerPage=600`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const members = body["hydra:member"] as {
      keyword: string;
      matchType: string;
      rank: number;
      suggestedBid: { low: number; median: number; high: number } | null;
    }[];
    // What Amazon itself answers for the same products, in cents.
    const truth = (await amazonApp.amazon
      .ads({ refreshToken, region: "EU" })
      .getKeywordRecommendations(amazonProfileId, {
        recommendationType: "KEYWORDS_FOR_ASINS",
        asins,
        maxRecommendations: 200,
      } as never)) as unknown as {
      keywordTargetList: {
        keyword: string;
        bidInfo: {
          matchType: string;
          suggestedBid: { rangeStart: number; suggested: number; rangeEnd: number };
        }[];
      }[];
    };
    expect(truth.keywordTargetList.length).toBeGreaterThan(0);
    const expected = truth.keywordTargetList.flatMap((k) =>
      k.bidInfo.map((b) => ({
        keyword: k.keyword,
        matchType: b.matchType,
        suggestedBid: {
          low: b.suggestedBid.rangeStart / 100,
          median: b.suggestedBid.suggested / 100,
          high: b.suggestedBid.rangeEnd / 100,
        },
      })),
    );
    expect(body["hydra:totalItems"]).toBe(expected.length);
    const byKey = (m: { keyword: string; matchType: string }) => `${m.keyword}|${m.matchType}`;
    expect(
      members
        .map((m) => ({ keyword: m.keyword, matchType: m.matchType, suggestedBid: m.suggestedBid }))
        .sort((a, b) => byKey(a).localeCompare(byKey(b))),
    ).toEqual(expected.sort((a, b) => byKey(a).localeCompare(byKey(b))));
    // Best first.
    const ranks = members.map((m) => m.rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(members[0]!.suggestedBid!.median).toBeGreaterThan(0);
  });

  it("refuses bad input with a 400, never a 5xx", async () => {
    const asin = ownAsins()[0]!;
    for (const query of [
      `profile=${profileId}`,
      `profile=${profileId}&asins[]=nope`,
      `asins[]=${asin}`,
      `profile=${profileId}&${Array.from({ length: 51 }, (_, i) => `asins[]=B0000000${String(i).padStart(2, "0")}`).join("&")}`,
    ])
      expect((await get(query)).statusCode, query).toBe(400);
    expect((await get(`profile=not-a-uuid&asins[]=${asin}`)).statusCode).toBeLessThan(500);
  });

  it("answers 404 for another customer's profile and 409 without an Ads connection", async () => {
    const asin = ownAsins()[0]!;
    expect((await get(`profile=${profileId}&asins[]=${asin}`, foreignToken)).statusCode).toBe(404);
    expect((await get(`profile=${unconnectedProfileId}&asins[]=${asin}`)).statusCode).toBe(409);
  });
});
