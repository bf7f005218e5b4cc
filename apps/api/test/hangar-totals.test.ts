/**
 * The figures add up at every level and match Amazon's (the sandbox's) own facts: after a real
 * sync from the in-process sandbox, keywords + targets = ad group = campaign = profile, per day and
 * per range, for every metric; product ads add up to the same; and the profile's figures per day
 * equal the sandbox's simulated facts (attributed as its reports do on the same "today").
 */
import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher } from "@starport/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

const SELLER = "A3SANDBOXDEMO01";
const DAYS = 8;
const SUMMED = ["impressions", "clicks", "cost", "orders", "units", "sales"] as const;
type Sums = Record<(typeof SUMMED)[number], number>;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const zero = (): Sums => ({ impressions: 0, clicks: 0, cost: 0, orders: 0, units: 0, sales: 0 });
function add(into: Sums, from: Partial<Sums>): Sums {
  for (const k of SUMMED) into[k] += Number(from[k] ?? 0);
  return into;
}

/**
 * Equal sums: counts exactly; money within half a cent per report row that was rounded on the
 * way (the reports round each row to cents; `rows` bounds how many rows were added).
 */
function expectSame(actual: Partial<Sums>, expected: Partial<Sums>, rows: number, what: string) {
  for (const k of SUMMED) {
    if (k === "cost" || k === "sales")
      expect(
        Math.abs(Number(actual[k]) - Number(expected[k])),
        `${what}: ${k}`,
      ).toBeLessThanOrEqual(0.005 * rows + 0.011);
    else expect(Number(actual[k]), `${what}: ${k}`).toBe(Number(expected[k]));
  }
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = createSandbox({ seed: 11, productsPerMarketplace: 10, reportPollsUntilReady: 1 });
  const url = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = url;
  sandbox.control.seedDemoAccount({ countries: ["DE"], days: DAYS + 4, maxProducts: 4 });
});
afterAll(() => sandbox?.app.close());

describe.each(TEST_DATABASE_KINDS)("totals add up on %s", (kind) => {
  let t: HydraTestApp;
  let profile: { id: string; amazonProfileId: string };
  let from: string;
  let to: string;

  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    const base = sandbox.state.baseUrl as string;
    const regional = { NA: `${base}/na`, EU: `${base}/eu`, FE: `${base}/fe` };
    const amazon = createAmazon({
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      endpoints: {
        lwaTokenUrl: `${base}/auth/o2/token`,
        adsConsentUrl: `${base}/ap/oa`,
        spConsentUrl: `${base}/apps/authorize/consent`,
        adsHosts: regional,
        spHosts: regional,
      },
      retry: { baseDelayMs: 20, maxDelayMs: 200 },
    });
    const cipher = createTokenCipher("t".repeat(40));
    const engine = createSyncEngine({
      db: t.db,
      amazon,
      cipher,
      poll: { initialIntervalMs: 5, maxIntervalMs: 20 },
      today: () => sandbox.control.today(),
      initialReportDays: DAYS,
    });
    await t.db.insert(schema.amazonConnections).values({
      sellerProfileId: IDS.profileA,
      api: "ads",
      region: "EU",
      refreshTokenEncrypted: cipher.encrypt(
        sandbox.control.issueRefreshToken({ sellerId: SELLER, api: "ads" }),
      ),
    });
    expect(await engine.runInline(IDS.profileA, "initial")).toBe("succeeded");
    const [row] = await t.db.select().from(schema.advertisingProfiles);
    profile = { id: row!.id, amazonProfileId: row!.amazonProfileId };
    to = addDays(sandbox.control.today(), -1);
    from = addDays(to, -(DAYS - 1));
  });
  afterAll(() => t?.dispose());

  const get = async (url: string) => {
    const res = await t.request("own", { url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const list = async (path: string, query = "") =>
    (await get(
      `/api/${path}?profile=${profile.id}&from=${from}&to=${to}&itemsPerPage=1000${query}`,
    )) as {
      "hydra:member": { "@id": string; campaign?: string; adGroup?: string; metrics: Sums }[];
      "hydra:totalItems": number;
      totals: Sums;
    };
  const byDay = async (entity: string) => {
    const body = await get(
      `/api/metrics?entity=${entity}&groupBy=date&profile=${profile.id}&from=${from}&to=${to}`,
    );
    return new Map<string, Sums>(
      body["hydra:member"].map((m: Sums & { date: string }) => [m.date, m]),
    );
  };

  it("syncs facts to sum: the range is not empty", async () => {
    const campaigns = await list("campaigns");
    expect(campaigns["hydra:totalItems"]).toBeGreaterThan(1);
    expect(campaigns.totals.clicks).toBeGreaterThan(0);
    expect(campaigns.totals.orders).toBeGreaterThan(0);
  });

  it("keywords + targets = ad group = campaign = profile over the range", async () => {
    const [campaigns, adGroups, keywords, targets, productAds] = await Promise.all([
      list("campaigns"),
      list("ad_groups"),
      list("keywords"),
      list("targets"),
      list("product_ads"),
    ]);
    // Leaves per ad group = the ad group's own facts.
    const leaves = new Map<string, Sums>();
    const leafCount = new Map<string, number>();
    for (const leaf of [...keywords["hydra:member"], ...targets["hydra:member"]]) {
      add(
        leaves.get(leaf.adGroup!) ?? leaves.set(leaf.adGroup!, zero()).get(leaf.adGroup!)!,
        leaf.metrics,
      );
      leafCount.set(leaf.adGroup!, (leafCount.get(leaf.adGroup!) ?? 0) + 1);
    }
    const groupsOfCampaign = new Map<string, Sums>();
    for (const group of adGroups["hydra:member"]) {
      expectSame(
        group.metrics,
        leaves.get(group["@id"]) ?? zero(),
        DAYS * (leafCount.get(group["@id"]) ?? 1),
        group["@id"],
      );
      add(
        groupsOfCampaign.get(group.campaign!) ??
          groupsOfCampaign.set(group.campaign!, zero()).get(group.campaign!)!,
        group.metrics,
      );
    }
    const rows = DAYS * (keywords["hydra:totalItems"] + targets["hydra:totalItems"]);
    for (const campaign of campaigns["hydra:member"])
      expectSame(
        campaign.metrics,
        groupsOfCampaign.get(campaign["@id"]) ?? zero(),
        rows,
        campaign["@id"],
      );
    // The profile: every level's totals, the product ads' and /api/metrics' agree.
    const profileSums = (
      await get(
        `/api/metrics?entity=campaigns&groupBy=none&profile=${profile.id}&from=${from}&to=${to}`,
      )
    )["hydra:member"][0];
    expectSame(campaigns.totals, profileSums, 0, "campaign totals");
    expectSame(adGroups.totals, profileSums, rows, "ad group totals");
    expectSame(
      add(add(zero(), keywords.totals), targets.totals),
      profileSums,
      rows,
      "keyword + target totals",
    );
    expectSame(productAds.totals, profileSums, rows, "product ad totals");
  });

  it("keywords + targets = ad groups = campaigns = product ads per day", async () => {
    const [campaigns, adGroups, keywords, targets, productAds] = await Promise.all(
      ["campaigns", "ad_groups", "keywords", "targets", "product_ads"].map(byDay),
    );
    expect([...campaigns!.keys()]).toHaveLength(DAYS);
    const leaves =
      (await list("keywords"))["hydra:totalItems"] + (await list("targets"))["hydra:totalItems"];
    for (const [date, campaign] of campaigns!) {
      const leafSum = add(add(zero(), keywords!.get(date) ?? {}), targets!.get(date) ?? {});
      expectSame(adGroups!.get(date)!, campaign, leaves, `${date} ad groups`);
      expectSame(leafSum, campaign, leaves, `${date} keywords + targets`);
      expectSame(productAds!.get(date)!, campaign, leaves, `${date} product ads`);
    }
  });

  it("matches the sandbox's own facts for the same days", async () => {
    const world = sandbox.world;
    const facts = world.facts.get(Number(profile.amazonProfileId));
    expect(facts, "the sandbox's facts of the synced profile").toBeDefined();
    const campaigns = await byDay("campaigns");
    const today = world.day;
    for (let d = 0; d < today; d++) {
      const date = addDays(world.startDate, d);
      if (date < from || date > to) continue;
      const truth = zero();
      const day = facts![d] ?? [];
      // The campaign report rounds each campaign's day to cents.
      const rows = new Set(day.map((f) => f.campaignId)).size;
      for (const f of day) {
        truth.impressions += f.impressions;
        truth.clicks += f.clicks;
        truth.cost += f.cost;
        for (const o of f.orders) {
          if (f.day + o.lag >= today) continue; // not attributed yet, as the reports say
          truth.orders += 1;
          truth.units += o.units;
          truth.sales += o.sales;
        }
      }
      expectSame(campaigns.get(date) ?? zero(), truth, rows, `sandbox ${date}`);
    }
  });
});
