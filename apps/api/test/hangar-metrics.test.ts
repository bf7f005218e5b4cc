/**
 * Entity collections with metrics (contract §1) and /api/metrics (§2) over a small account whose
 * sums the test computes itself: members, totals over all filtered rows, the previous period,
 * metric sort and range filters, currency conversion, id[], and 400/404 for bad or foreign input.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdsFixture,
  day,
  expectedSums,
  type Fact,
  insertAdsFixture,
  NEGATED_TERM,
  PLACEMENTS,
} from "./support/ads-fixture.ts";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

const FIRST = "2026-09-01";
const FROM = "2026-09-11";
const TO = "2026-09-20";

type M = {
  impressions: number;
  clicks: number;
  cost: number;
  orders: number;
  units: number;
  sales: number;
  acos: number | null;
  roas: number | null;
  ctr: number | null;
  cvr: number | null;
  cpc: number | null;
  currency: string;
};

function metricsOf(s: ReturnType<typeof expectedSums>, currency = "EUR"): M {
  const r = (a: number, b: number) => (b > 0 ? a / b : null);
  return {
    ...s,
    cost: Math.round(s.cost * 100) / 100,
    sales: Math.round(s.sales * 100) / 100,
    acos: r(s.cost, s.sales),
    roas: r(s.sales, s.cost),
    ctr: r(s.clicks, s.impressions),
    cvr: r(s.orders, s.clicks),
    cpc: r(s.cost, s.clicks),
    currency,
  };
}

function expectMetrics(actual: M, expected: M) {
  for (const [key, value] of Object.entries(expected)) {
    const got = actual[key as keyof M];
    if (typeof value === "number") expect(got, key).toBeCloseTo(value, 6);
    else expect(got, key).toBe(value);
  }
}

const inRange = (from: string, to: string) => (f: Fact) => f.date >= from && f.date <= to;

describe.each(TEST_DATABASE_KINDS)("Hangar metrics on %s", (kind) => {
  let t: HydraTestApp;
  let a: AdsFixture;
  let b: AdsFixture;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    a = await insertAdsFixture(t.db, IDS.profileA, { seed: 1, firstDay: FIRST, days: 30 });
    b = await insertAdsFixture(t.db, IDS.profileB, { seed: 2, firstDay: FIRST, days: 30 });
  });
  afterAll(() => t?.dispose());

  const get = (url: string, actor: "own" | "foreign" | "admin" = "own") =>
    t.request(actor, { url });

  it("lists an ad group's keywords with their metrics and the totals of all matching rows", async () => {
    const group = a.adGroups[0]!;
    const res = await get(
      `/api/keywords?adGroup=${group.id}&from=${FROM}&to=${TO}&itemsPerPage=2&order[keywordText]=asc`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body["hydra:totalItems"]).toBe(4);
    expect(body["hydra:member"]).toHaveLength(2);
    const mine = a.keywords.filter((k) => k.adGroup === 0);
    for (const member of body["hydra:member"]) {
      const keyword = mine.find((k) => member["@id"] === `/api/keywords/${k.id}`)!;
      expectMetrics(
        member.metrics,
        metricsOf(
          expectedSums(a.facts, (f) => f.amazonId === keyword.amazonId && inRange(FROM, TO)(f)),
        ),
      );
    }
    const ids = new Set(mine.map((k) => k.amazonId));
    expectMetrics(
      body.totals,
      metricsOf(expectedSums(a.facts, (f) => ids.has(f.amazonId) && inRange(FROM, TO)(f))),
    );
    // The keyword without facts is listed with zeros.
    const all = (await get(`/api/keywords?adGroup=${group.id}&from=${FROM}&to=${TO}`)).json();
    const silent = all["hydra:member"].find(
      (m: { "@id": string }) => m["@id"] === `/api/keywords/${mine[3]!.id}`,
    );
    expect(silent.metrics).toMatchObject({ impressions: 0, cost: 0, acos: null, ctr: null });
  });

  it("adds the previous period with compare=previous", async () => {
    const campaign = a.campaigns[0]!;
    const res = await get(
      `/api/campaigns?id[]=${campaign.id}&from=${FROM}&to=${TO}&compare=previous`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [member] = res.json()["hydra:member"];
    const previous = inRange(day(FROM, -10), day(FROM, -1));
    const pick = (range: (f: Fact) => boolean) => (f: Fact) =>
      f.entityType === "campaign" && f.amazonId === campaign.amazonId && range(f);
    expectMetrics(member.metrics, metricsOf(expectedSums(a.facts, pick(inRange(FROM, TO)))));
    expectMetrics(member.previousMetrics, metricsOf(expectedSums(a.facts, pick(previous))));
    expectMetrics(res.json().previousTotals, metricsOf(expectedSums(a.facts, pick(previous))));
    expect(member.placementBidding).toEqual({ topOfSearch: 50, productPage: 10, restOfSearch: 0 });
    expect(res.json()["hydra:totalItems"]).toBe(1);
  });

  it("sorts by every metric, nulls last, and filters on metric ranges", async () => {
    const base = `/api/keywords?profile=${a.profileId}&from=${FROM}&to=${TO}`;
    for (const metric of ["acos", "cost", "clicks", "roas", "cvr"]) {
      for (const dir of ["asc", "desc"] as const) {
        const members = (await get(`${base}&order[${metric}]=${dir}`)).json()["hydra:member"] as {
          metrics: Record<string, number | null>;
        }[];
        const values = members.map((m) => m.metrics[metric]!);
        const present = values.filter((v) => v !== null);
        const sorted = [...present].sort((x, y) => (dir === "asc" ? x - y : y - x));
        expect(values.slice(0, present.length), `${metric} ${dir}`).toEqual(sorted);
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      }
    }
    const all = (await get(base)).json()["hydra:member"] as { "@id": string; metrics: M }[];
    const acos = all
      .map((m) => m.metrics.acos)
      .filter((v): v is number => v !== null)
      .sort();
    // Between two values: a value equal to the threshold would compare its decimal digits.
    const middle = Math.floor(acos.length / 2);
    const threshold = (acos[middle - 1]! + acos[middle]!) / 2;
    const filtered = (await get(`${base}&acos[gt]=${threshold}`)).json();
    const expected = all.filter((m) => m.metrics.acos !== null && m.metrics.acos > threshold);
    expect(filtered["hydra:member"].map((m: { "@id": string }) => m["@id"]).sort()).toEqual(
      expected.map((m) => m["@id"]).sort(),
    );
    expect(filtered.totals.cost).toBeCloseTo(
      expected.reduce((s, m) => s + m.metrics.cost, 0),
      1,
    );
    const spendNoOrders = (await get(`${base}&cost[gt]=1&orders[lte]=0`)).json()["hydra:member"];
    expect(spendNoOrders.length).toBeGreaterThan(0);
    for (const m of spendNoOrders) {
      expect(m.metrics.orders).toBe(0);
      expect(m.metrics.cost).toBeGreaterThan(1);
    }
    const between = (await get(`${base}&clicks[between]=10..60`)).json()["hydra:member"];
    for (const m of between) expect(m.metrics.clicks).toBeGreaterThanOrEqual(10);
  });

  it("converts money with each day's rates", async () => {
    const days = a.days.filter((d) => d >= FROM && d <= TO);
    await t.db
      .insert(schema.conversionRates)
      .values([
        { currencyCode: "EUR", conversionRate: "1", date: "2026-08-01" },
        { currencyCode: "USD", conversionRate: "1.10", date: "2026-08-01" },
        { currencyCode: "USD", conversionRate: "1.20", date: days[5]! },
      ])
      .onConflictDoNothing();
    const campaign = a.campaigns[1]!;
    const res = await get(`/api/campaigns?id[]=${campaign.id}&from=${FROM}&to=${TO}&currency=USD`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json()["hydra:member"][0].metrics;
    const facts = a.facts.filter(
      (f) =>
        f.entityType === "campaign" && f.amazonId === campaign.amazonId && inRange(FROM, TO)(f),
    );
    const rate = (d: string) => (d >= days[5]! ? 1.2 : 1.1);
    const cost = facts.reduce((s, f) => s + (f.costMicros / 1e6) * rate(f.date), 0);
    expect(m.currency).toBe("USD");
    expect(m.cost).toBeCloseTo(cost, 2);
    expect((await get(`/api/campaigns?from=${FROM}&to=${TO}&currency=XYZ`)).statusCode).toBe(400);
  });

  it("answers 400 for bad ranges and metric parameters without a range", async () => {
    for (const query of [
      "order[acos]=desc",
      "acos[gt]=0.3",
      `from=${FROM}`,
      `from=${TO}&to=${FROM}`,
      "from=2026-02-31&to=2026-03-01",
      "from=2020-01-01&to=2026-01-01",
      `from=${FROM}&to=${TO}&compare=next`,
      `from=${FROM}&to=${TO}&acos[gt]=abc`,
      `from=${FROM}&to=${TO}&order[acos]=sideways`,
      `from=${FROM}&to=${TO}&currency=eur`,
      "id[]=not-a-uuid",
    ]) {
      const res = await get(`/api/keywords?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("keeps tenants apart: foreign filters and ids are 404, lists and sums hold own rows only", async () => {
    expect(
      (await get(`/api/keywords?profile=${a.profileId}&from=${FROM}&to=${TO}`, "foreign"))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/campaigns?id[]=${a.campaigns[0]!.id}&from=${FROM}&to=${TO}`, "foreign"))
        .statusCode,
    ).toBe(404);
    const own = (await get(`/api/campaigns?from=${FROM}&to=${TO}`)).json();
    expect(own["hydra:totalItems"]).toBe(2);
    expectMetrics(
      own.totals,
      metricsOf(expectedSums(a.facts, (f) => f.entityType === "campaign" && inRange(FROM, TO)(f))),
    );
    for (const query of [
      `profile=${a.profileId}`,
      `sellerProfile=${IDS.profileA}`,
      `campaign=${a.campaigns[0]!.id}`,
      `adGroup=${a.adGroups[0]!.id}`,
      `ids[]=${a.keywords[0]!.id}`,
    ]) {
      const url = `/api/metrics?entity=keywords&from=${FROM}&to=${TO}&${query}`;
      expect((await get(url)).statusCode, query).toBe(200);
      const foreign = await get(url, "foreign");
      expect(foreign.statusCode, query).toBe(404);
      expect(foreign.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("serves /api/metrics as a Hydra collection per entity, per day and in all", async () => {
    const url = `/api/metrics?entity=ad_groups&from=${FROM}&to=${TO}`;
    const byEntity = (await get(`${url}&profile=${a.profileId}`)).json();
    expect(byEntity["@context"]).toBe("/api/contexts/Metrics");
    expect(byEntity["@type"]).toBe("hydra:Collection");
    expect(byEntity["hydra:member"]).toHaveLength(2);
    for (const member of byEntity["hydra:member"]) {
      const group = a.adGroups.find((g) => member.entity === `/api/ad_groups/${g.id}`)!;
      expect(member["@type"]).toBe("Metrics");
      expectMetrics(
        member,
        metricsOf(
          expectedSums(
            a.facts,
            (f) =>
              f.entityType === "ad_group" && f.amazonId === group.amazonId && inRange(FROM, TO)(f),
          ),
        ),
      );
    }
    const byDate = (await get(`${url}&groupBy=date&sellerProfile=${IDS.profileA}`)).json();
    expect(byDate["hydra:member"].map((m: { date: string }) => m.date)).toEqual(
      a.days.filter((d) => d >= FROM && d <= TO),
    );
    const none = (await get(`${url}&groupBy=none&campaign=${a.campaigns[0]!.id}`)).json();
    expectMetrics(
      none["hydra:member"][0],
      metricsOf(
        expectedSums(
          a.facts,
          (f) =>
            f.entityType === "ad_group" &&
            f.amazonCampaignId === a.campaigns[0]!.amazonId &&
            inRange(FROM, TO)(f),
        ),
      ),
    );
    // The foreign customer's own sums hold only its rows.
    const foreign = (await get(`${url}&groupBy=none`, "foreign")).json();
    expectMetrics(
      foreign["hydra:member"][0],
      metricsOf(expectedSums(b.facts, (f) => f.entityType === "ad_group" && inRange(FROM, TO)(f))),
    );
    const context = await get("/api/contexts/Metrics");
    expect(context.statusCode).toBe(200);
    expect(context.json()["@context"]).toHaveProperty("acos");
    for (const bad of [
      "entity=nope",
      "entity=keywords&from=x&to=y",
      "entity=keywords",
      `entity=keywords&from=${FROM}&to=${TO}&groupBy=week`,
    ]) {
      expect((await get(`/api/metrics?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("shows restated, new and deleted facts at once (the running totals follow the facts)", async () => {
    const keyword = a.keywords[0]!;
    const url = `/api/keywords?id[]=${keyword.id}&from=${FROM}&to=${day(TO, 20)}`;
    const before = (await get(url)).json()["hydra:member"][0].metrics;
    // Amazon restates a day inside the range, and a new day arrives after the last one.
    await t.db
      .update(schema.adPerformanceDaily)
      .set({ clicks: 1000, costMicros: 500_000_000 })
      .where(
        and(
          eq(schema.adPerformanceDaily.advertisingProfileId, a.profileId),
          eq(schema.adPerformanceDaily.amazonId, keyword.amazonId),
          eq(schema.adPerformanceDaily.date, day(FROM, 2)),
        ),
      );
    const old = a.facts.find((f) => f.amazonId === keyword.amazonId && f.date === day(FROM, 2))!;
    const lastDay = a.days.at(-1)!;
    await t.db.insert(schema.adPerformanceDaily).values({
      ...old,
      advertisingProfileId: a.profileId,
      date: day(lastDay, 3),
      clicks: 7,
      costMicros: 7_000_000,
    });
    const after = (await get(url)).json()["hydra:member"][0].metrics;
    expect(after.clicks).toBe(before.clicks - old.clicks + 1000 + 7);
    expect(after.cost).toBeCloseTo(before.cost - old.costMicros / 1e6 + 500 + 7, 2);
    // A range entirely after the newest day sums to nothing.
    const later = (
      await get(`/api/keywords?id[]=${keyword.id}&from=${day(lastDay, 4)}&to=${day(lastDay, 9)}`)
    ).json()["hydra:member"][0].metrics;
    expect(later.clicks).toBe(0);
    await t.db
      .delete(schema.adPerformanceDaily)
      .where(
        and(
          eq(schema.adPerformanceDaily.advertisingProfileId, a.profileId),
          eq(schema.adPerformanceDaily.date, day(lastDay, 3)),
        ),
      );
    const deleted = (await get(url)).json()["hydra:member"][0].metrics;
    expect(deleted.clicks).toBe(after.clicks - 7);
  });

  it("joins the product of a product ad from the catalogue", async () => {
    const [account] = await t.db
      .insert(schema.sellerAccounts)
      .values({ sellerProfileId: IDS.profileA, name: "Alpha EU" })
      .returning({ id: schema.sellerAccounts.id });
    await t.db.insert(schema.products).values({
      sellerAccountId: account!.id,
      marketplace: "DE",
      marketplaceId: "A1PA6795UKMFR9",
      sku: a.productAds[0]!.sku,
      title: "Teekanne aus Glas",
      currency: "EUR",
      status: "Active",
    });
    const res = await get(
      `/api/product_ads?profile=${a.profileId}&from=${FROM}&to=${TO}&order[sku]=asc`,
    );
    const members = res.json()["hydra:member"];
    expect(members[0].product).toEqual({ title: "Teekanne aus Glas", imageUrl: null });
    expect(members[1].product).toBeNull();
    expect(members[0].metrics.clicks).toBeGreaterThan(0);
  });

  it("finds the listing of a product ad without SKU by its ASIN, the newest synced one", async () => {
    const [account] = await t.db
      .insert(schema.sellerAccounts)
      .values({ sellerProfileId: IDS.profileA, name: "Alpha EU (ASIN)" })
      .returning({ id: schema.sellerAccounts.id });
    const ad = a.productAds[1]!;
    await t.db
      .update(schema.productAds)
      .set({ sku: null, asin: "B0ASINONLY" })
      .where(eq(schema.productAds.id, ad.id));
    const listing = {
      sellerAccountId: account!.id,
      marketplace: "DE",
      marketplaceId: "A1PA6795UKMFR9",
      asin: "B0ASINONLY",
      currency: "EUR",
      status: "Active",
    };
    await t.db.insert(schema.products).values([
      { ...listing, sku: "OLD-LISTING", title: "Alte Teekanne", syncedAt: new Date("2026-01-01") },
      { ...listing, sku: "NEW-LISTING", title: "Neue Teekanne", syncedAt: new Date("2026-06-01") },
      // Another marketplace's listing of the ASIN is not this ad's.
      {
        ...listing,
        marketplace: "FR",
        marketplaceId: "A13V1IB3VIYZZH",
        sku: "FR",
        title: "Théière",
      },
    ]);
    const res = await get(`/api/product_ads?profile=${a.profileId}&from=${FROM}&to=${TO}`);
    const member = res
      .json()
      ["hydra:member"].find((m: { "@id": string }) => m["@id"].endsWith(ad.id));
    expect(member.product).toEqual({ title: "Neue Teekanne", imageUrl: null });
  });
});

describe.each(TEST_DATABASE_KINDS)("Placements and search terms on %s", (kind) => {
  let t: HydraTestApp;
  let a: AdsFixture;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    a = await insertAdsFixture(t.db, IDS.profileA, { seed: 3, firstDay: FIRST, days: 30 });
    await insertAdsFixture(t.db, IDS.profileB, { seed: 4, firstDay: FIRST, days: 30 });
  });
  afterAll(() => t?.dispose());
  const get = (url: string, actor: "own" | "foreign" = "own") => t.request(actor, { url });

  it("breaks a campaign down by placement, adding up to the campaign", async () => {
    const campaign = a.campaigns[0]!;
    const res = await get(
      `/api/campaign_placements?campaign=/api/campaigns/${campaign.id}&from=${FROM}&to=${TO}&compare=previous`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body["@context"]).toBe("/api/contexts/CampaignPlacement");
    expect(body["hydra:member"].map((m: { placement: string }) => m.placement)).toEqual([
      ...PLACEMENTS,
    ]);
    for (const member of body["hydra:member"]) {
      const facts = a.placements.filter(
        (f) =>
          f.amazonCampaignId === campaign.amazonId &&
          f.placement === member.placement &&
          f.date >= FROM &&
          f.date <= TO,
      );
      expect(member.metrics.clicks).toBe(facts.reduce((s, f) => s + f.clicks, 0));
      expect(member.previousMetrics.clicks).toBeGreaterThan(0);
    }
    expectMetrics(
      body.totals,
      metricsOf(
        expectedSums(
          a.facts,
          (f) =>
            f.entityType === "campaign" && f.amazonId === campaign.amazonId && inRange(FROM, TO)(f),
        ),
      ),
    );
    expect(
      (
        await get(
          `/api/campaign_placements?campaign=${campaign.id}&from=${FROM}&to=${TO}`,
          "foreign",
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/campaign_placements?campaign=${campaign.id}`)).statusCode).toBe(400);
  });

  it("lists an ad group's search terms with what they matched and keyword/negative flags", async () => {
    const group = a.adGroups[0]!;
    const url = `/api/search_terms?adGroup=${group.id}&from=${FROM}&to=${TO}`;
    const res = await get(`${url}&order[clicks]=desc&itemsPerPage=1000`);
    expect(res.statusCode, res.body).toBe(200);
    const members = res.json()["hydra:member"];
    const facts = a.searchTerms.filter(
      (f) => f.amazonAdGroupId === group.amazonId && f.date >= FROM && f.date <= TO,
    );
    const groups = new Set(facts.map((f) => `${f.amazonTargetId}|${f.searchTerm}`));
    expect(members).toHaveLength(groups.size);
    expect(res.json()["hydra:totalItems"]).toBe(groups.size);
    const clicks = members.map((m: { metrics: { clicks: number } }) => m.metrics.clicks);
    expect(clicks).toEqual([...clicks].sort((x: number, y: number) => y - x));
    for (const m of members) {
      const keyword = a.keywords.find((k) => m.matchedBy === `/api/keywords/${k.id}`);
      const target = a.targets.find((tg) => m.matchedBy === `/api/targets/${tg.id}`);
      expect(keyword ?? target, JSON.stringify(m)).toBeDefined();
      const amazonId = (keyword ?? target)!.amazonId;
      const own = facts.filter(
        (f) => f.amazonTargetId === amazonId && f.searchTerm === m.searchTerm,
      );
      expect(m.metrics.clicks).toBe(own.reduce((s, f) => s + f.clicks, 0));
      expect(m.isKeyword).toBe(a.keywords.some((k) => k.adGroup === 0 && k.text === m.searchTerm));
      expect(m.isNegative).toBe(m.searchTerm === NEGATED_TERM);
      if (keyword) expect(m.matchedText).toBe(keyword.text);
    }
    // The search terms of an ad group add up to its keywords and targets.
    const leafIds = new Set([
      ...a.keywords.filter((k) => k.adGroup === 0).map((k) => k.amazonId),
      ...a.targets.filter((tg) => tg.adGroup === 0).map((tg) => tg.amazonId),
    ]);
    expectMetrics(
      res.json().totals,
      metricsOf(expectedSums(a.facts, (f) => leafIds.has(f.amazonId) && inRange(FROM, TO)(f))),
    );
    const negatives = (await get(`${url}&search=${encodeURIComponent("billige")}`)).json();
    expect(negatives["hydra:member"].every((m: { isNegative: boolean }) => m.isNegative)).toBe(
      true,
    );
    const cheap = (await get(`${url}&acos[lt]=0.5`)).json()["hydra:member"];
    expect(cheap.length).toBeGreaterThan(0);
    for (const m of cheap) expect(m.metrics.acos).toBeLessThan(0.5);
    expect((await get(url, "foreign")).statusCode).toBe(404);
  });
});
