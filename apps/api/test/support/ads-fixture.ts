import { schema } from "@starport/db";
import type { HydraTestApp } from "./hydra-app.ts";

/**
 * A small advertising account of one seller profile, with daily facts whose sums the tests know:
 * two campaigns, an ad group each, keywords and a target, and per day the facts of every keyword
 * and target plus the ad group and campaign facts as their sums (as Amazon's reports give them).
 */

type Db = HydraTestApp["db"];

export interface Fact {
  entityType: string;
  amazonId: string;
  date: string;
  amazonCampaignId: string;
  amazonAdGroupId: string | null;
  impressions: number;
  clicks: number;
  costMicros: number;
  orders: number;
  units: number;
  salesMicros: number;
}

export interface AdsFixture {
  profileId: string;
  campaigns: { id: string; amazonId: string }[];
  adGroups: { id: string; amazonId: string; campaign: number }[];
  keywords: { id: string; amazonId: string; adGroup: number; text: string }[];
  targets: { id: string; amazonId: string; adGroup: number }[];
  productAds: { id: string; amazonId: string; adGroup: number; sku: string }[];
  facts: Fact[];
  placements: (Omit<Fact, "entityType" | "amazonId" | "amazonAdGroupId"> & { placement: string })[];
  searchTerms: (Omit<Fact, "entityType" | "amazonId" | "amazonAdGroupId"> & {
    amazonAdGroupId: string;
    amazonTargetId: string;
    searchTerm: string;
  })[];
  days: string[];
}

export const PLACEMENTS = ["TOP_OF_SEARCH", "REST_OF_SEARCH", "PRODUCT_PAGES"] as const;
/** The search term of the fixture that a negative keyword excludes. */
export const NEGATED_TERM = "billige teekanne";

export const day = (start: string, offset: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

let serial = 0;

/** Inserts the account for `sellerProfileId`; `seed` varies Amazon ids and numbers. */
export async function insertAdsFixture(
  db: Db,
  sellerProfileId: string,
  options: { seed: number; firstDay: string; days: number; currency?: string; country?: string },
): Promise<AdsFixture> {
  const base = 9_000_000_000 + options.seed * 100_000 + ++serial * 1000;
  const amazon = (n: number) => String(base + n);
  const [profile] = await db
    .insert(schema.advertisingProfiles)
    .values({
      sellerProfileId,
      amazonProfileId: amazon(0),
      countryCode: options.country ?? "DE",
      currency: options.currency ?? "EUR",
      timezone: "Europe/Berlin",
    })
    .returning({ id: schema.advertisingProfiles.id });
  const profileId = profile!.id;
  const fixture: AdsFixture = {
    profileId,
    campaigns: [],
    adGroups: [],
    keywords: [],
    targets: [],
    productAds: [],
    facts: [],
    placements: [],
    searchTerms: [],
    days: Array.from({ length: options.days }, (_, i) => day(options.firstDay, i)),
  };
  for (let c = 0; c < 2; c++) {
    const [row] = await db
      .insert(schema.campaigns)
      .values({
        advertisingProfileId: profileId,
        amazonCampaignId: amazon(10 + c),
        name: `Kampagne ${c === 0 ? "A" : "B"}`,
        state: "ENABLED",
        targetingType: c === 0 ? "MANUAL" : "AUTO",
        budgetMicros: (20 + c * 10) * 1_000_000,
        placementTopOfSearchPct: 50 + c,
        placementProductPagePct: 10,
        placementRestOfSearchPct: 0,
      })
      .returning({ id: schema.campaigns.id });
    fixture.campaigns.push({ id: row!.id, amazonId: amazon(10 + c) });
    const [group] = await db
      .insert(schema.adGroups)
      .values({
        advertisingProfileId: profileId,
        amazonAdGroupId: amazon(20 + c),
        amazonCampaignId: amazon(10 + c),
        campaignId: row!.id,
        name: `Gruppe ${c}`,
        state: "ENABLED",
        defaultBidMicros: 500_000,
      })
      .returning({ id: schema.adGroups.id });
    fixture.adGroups.push({ id: group!.id, amazonId: amazon(20 + c), campaign: c });
  }
  const keywordCounts = [4, 2];
  let n = 100;
  for (const [g, group] of fixture.adGroups.entries()) {
    for (let k = 0; k < keywordCounts[g]!; k++) {
      const amazonId = amazon(n++);
      const text = `schlüsselwort ${g}-${k}`;
      const [row] = await db
        .insert(schema.keywords)
        .values({
          advertisingProfileId: profileId,
          amazonKeywordId: amazonId,
          amazonCampaignId: fixture.campaigns[group.campaign]!.amazonId,
          amazonAdGroupId: group.amazonId,
          campaignId: fixture.campaigns[group.campaign]!.id,
          adGroupId: group.id,
          keywordText: text,
          matchType: k % 2 ? "PHRASE" : "EXACT",
          state: "ENABLED",
          bidMicros: 400_000 + k * 100_000,
        })
        .returning({ id: schema.keywords.id });
      fixture.keywords.push({ id: row!.id, amazonId, adGroup: g, text });
    }
    const targetId = amazon(n++);
    const [target] = await db
      .insert(schema.targets)
      .values({
        advertisingProfileId: profileId,
        amazonTargetId: targetId,
        amazonCampaignId: fixture.campaigns[group.campaign]!.amazonId,
        amazonAdGroupId: group.amazonId,
        campaignId: fixture.campaigns[group.campaign]!.id,
        adGroupId: group.id,
        expressionType: "MANUAL",
        expression: [{ type: "asinSameAs", value: `B0TEST${g}` }],
        expressionText: `asin="B0TEST${g}"`,
        state: "ENABLED",
        bidMicros: 600_000,
      })
      .returning({ id: schema.targets.id });
    fixture.targets.push({ id: target!.id, amazonId: targetId, adGroup: g });
    const adId = amazon(n++);
    const sku = `SKU-${options.seed}-${serial}-${g}`;
    const [ad] = await db
      .insert(schema.productAds)
      .values({
        advertisingProfileId: profileId,
        amazonAdId: adId,
        amazonCampaignId: fixture.campaigns[group.campaign]!.amazonId,
        amazonAdGroupId: group.amazonId,
        campaignId: fixture.campaigns[group.campaign]!.id,
        adGroupId: group.id,
        sku,
        asin: `B0AD${g}`,
        state: "ENABLED",
      })
      .returning({ id: schema.productAds.id });
    fixture.productAds.push({ id: ad!.id, amazonId: adId, adGroup: g, sku });
  }

  // Leaf facts: keyword i on day d; some keywords never convert (ACoS null), one has no facts.
  const leaves = [
    ...fixture.keywords.map((k) => ({ type: "keyword", amazonId: k.amazonId, adGroup: k.adGroup })),
    ...fixture.targets.map((t) => ({ type: "target", amazonId: t.amazonId, adGroup: t.adGroup })),
  ];
  for (const [d, date] of fixture.days.entries()) {
    for (const [i, leaf] of leaves.entries()) {
      if (i === 3) continue; // the fourth keyword has no facts at all: listed with zeros
      const clicks = ((i * 7 + d * 3 + options.seed) % 11) + 1;
      const orders = i === 1 ? 0 : (i + d) % 3;
      const group = fixture.adGroups[leaf.adGroup]!;
      fixture.facts.push({
        entityType: leaf.type,
        amazonId: leaf.amazonId,
        date,
        amazonCampaignId: fixture.campaigns[group.campaign]!.amazonId,
        amazonAdGroupId: group.amazonId,
        impressions: clicks * (40 + i),
        clicks,
        costMicros: clicks * (310_000 + i * 45_000 + d * 1_000),
        orders,
        units: orders + (orders > 0 ? i % 2 : 0),
        salesMicros: orders * (17_990_000 + i * 1_230_000),
      });
    }
  }
  // Ad group, campaign and product-ad facts: the sums of their leaves per day.
  const sumInto = (
    entityType: string,
    amazonId: string,
    adGroup: string | null,
    pick: (f: Fact) => boolean,
    campaign: string,
  ) => {
    for (const date of fixture.days) {
      const parts = fixture.facts.filter(
        (f) =>
          (f.entityType === "keyword" || f.entityType === "target") && f.date === date && pick(f),
      );
      if (parts.length === 0) continue;
      fixture.facts.push({
        entityType,
        amazonId,
        date,
        amazonCampaignId: campaign,
        amazonAdGroupId: adGroup,
        impressions: parts.reduce((s, f) => s + f.impressions, 0),
        clicks: parts.reduce((s, f) => s + f.clicks, 0),
        costMicros: parts.reduce((s, f) => s + f.costMicros, 0),
        orders: parts.reduce((s, f) => s + f.orders, 0),
        units: parts.reduce((s, f) => s + f.units, 0),
        salesMicros: parts.reduce((s, f) => s + f.salesMicros, 0),
      });
    }
  };
  for (const group of fixture.adGroups) {
    const campaign = fixture.campaigns[group.campaign]!.amazonId;
    sumInto(
      "ad_group",
      group.amazonId,
      group.amazonId,
      (f) => f.amazonAdGroupId === group.amazonId,
      campaign,
    );
    const ad = fixture.productAds.find((a) => fixture.adGroups[a.adGroup] === group)!;
    sumInto(
      "product_ad",
      ad.amazonId,
      group.amazonId,
      (f) => f.amazonAdGroupId === group.amazonId,
      campaign,
    );
  }
  for (const campaign of fixture.campaigns) {
    sumInto(
      "campaign",
      campaign.amazonId,
      null,
      (f) => f.amazonCampaignId === campaign.amazonId,
      campaign.amazonId,
    );
  }
  await db
    .insert(schema.adPerformanceDaily)
    .values(fixture.facts.map((f) => ({ ...f, advertisingProfileId: profileId })));

  // Placements: leaf i's facts go to placement i % 3, so a campaign's placements add up to it.
  // Search terms: each leaf fact splits into the keyword's own text (or the target's term) and
  // a second term; the first ad group's second term is excluded by a negative keyword.
  const leafFacts = fixture.facts.filter(
    (f) => f.entityType === "keyword" || f.entityType === "target",
  );
  const placementSums = new Map<string, (typeof fixture.placements)[number]>();
  for (const f of leafFacts) {
    const i = leaves.findIndex((l) => l.amazonId === f.amazonId);
    const placement = PLACEMENTS[i % 3]!;
    const key = `${f.amazonCampaignId}|${placement}|${f.date}`;
    const sum = placementSums.get(key) ?? {
      amazonCampaignId: f.amazonCampaignId,
      placement,
      date: f.date,
      impressions: 0,
      clicks: 0,
      costMicros: 0,
      orders: 0,
      units: 0,
      salesMicros: 0,
    };
    sum.impressions += f.impressions;
    sum.clicks += f.clicks;
    sum.costMicros += f.costMicros;
    sum.orders += f.orders;
    sum.units += f.units;
    sum.salesMicros += f.salesMicros;
    placementSums.set(key, sum);
    const keyword = fixture.keywords.find((k) => k.amazonId === f.amazonId);
    const group = fixture.adGroups.find((g) => g.amazonId === f.amazonAdGroupId)!;
    const second = group === fixture.adGroups[0] ? NEGATED_TERM : `anderer begriff ${i}`;
    const half = (n: number) => Math.floor(n / 2);
    for (const [term, part] of [
      [keyword?.text ?? `produkt ${i}`, (n: number) => n - half(n)],
      [second, half],
    ] as const) {
      fixture.searchTerms.push({
        amazonTargetId: f.amazonId,
        searchTerm: term,
        date: f.date,
        amazonCampaignId: f.amazonCampaignId,
        amazonAdGroupId: f.amazonAdGroupId!,
        impressions: part(f.impressions),
        clicks: part(f.clicks),
        costMicros: part(f.costMicros),
        orders: part(f.orders),
        units: part(f.units),
        salesMicros: part(f.salesMicros),
      });
    }
  }
  fixture.placements = [...placementSums.values()];
  await db
    .insert(schema.adPlacementDaily)
    .values(fixture.placements.map((f) => ({ ...f, advertisingProfileId: profileId })));
  await db
    .insert(schema.searchTermDaily)
    .values(fixture.searchTerms.map((f) => ({ ...f, advertisingProfileId: profileId })));
  await db.insert(schema.negativeKeywords).values({
    advertisingProfileId: profileId,
    amazonKeywordId: amazon(900),
    level: "adGroup",
    amazonCampaignId: fixture.campaigns[0]!.amazonId,
    amazonAdGroupId: fixture.adGroups[0]!.amazonId,
    campaignId: fixture.campaigns[0]!.id,
    adGroupId: fixture.adGroups[0]!.id,
    keywordText: NEGATED_TERM,
    matchType: "NEGATIVE_EXACT",
    state: "ENABLED",
  });
  return fixture;
}

/** Sums of facts matching `pick`, in major units. */
export function expectedSums(facts: readonly Fact[], pick: (f: Fact) => boolean) {
  const parts = facts.filter(pick);
  const sum = (get: (f: Fact) => number) => parts.reduce((s, f) => s + get(f), 0);
  return {
    impressions: sum((f) => f.impressions),
    clicks: sum((f) => f.clicks),
    cost: sum((f) => f.costMicros) / 1e6,
    orders: sum((f) => f.orders),
    units: sum((f) => f.units),
    sales: sum((f) => f.salesMicros) / 1e6,
  };
}
