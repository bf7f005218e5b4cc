/**
 * `seedDemoAccount`: an advertiser setup for the demo seller (auto, exact, broad/phrase and
 * product-targeting campaigns per category, bids near the category CPC) plus simulated history.
 */

import { rngFor } from "./rng.ts";
import { advance } from "./simulation.ts";
import {
  type AdGroup,
  type Campaign,
  categoryOf,
  type EntityState,
  type Keyword,
  type NegativeKeyword,
  newId,
  type Predicate,
  type Product,
  type ProductAd,
  productKey,
  relevanceOf,
  sellerProducts,
  type TargetingClause,
  todayOf,
  type World,
} from "./world.ts";

export interface DemoOptions {
  sellerId?: string;
  /** Country codes of the seller's marketplaces to set up (default DE and FR). */
  countries?: string[];
  /** Days of history to simulate (default 90). */
  days?: number;
  /** Limit products advertised per marketplace (default: all). */
  maxProducts?: number;
  /** Multiplies every bid (calibration tests use 1 and 1.5). */
  bidMultiplier?: number;
}

export interface DemoResult {
  profileIds: number[];
  campaigns: number;
  adGroups: number;
  keywords: number;
  targets: number;
  productAds: number;
  days: number;
  elapsedMs: number;
}

function stamp(world: World): string {
  return `${todayOf(world)}T00:00:00.000Z`;
}

export function addCampaign(
  world: World,
  profileId: number,
  f: {
    name: string;
    targetingType: "AUTO" | "MANUAL";
    budget: number;
    strategy?: Campaign["dynamicBidding"]["strategy"];
    state?: EntityState;
    startDate?: string;
  },
): Campaign {
  const now = stamp(world);
  const c: Campaign = {
    campaignId: newId(world),
    profileId,
    name: f.name,
    targetingType: f.targetingType,
    state: f.state ?? "ENABLED",
    budget: { budget: f.budget, budgetType: "DAILY" },
    startDate: f.startDate ?? todayOf(world),
    endDate: undefined,
    dynamicBidding: { strategy: f.strategy ?? "LEGACY_FOR_SALES", placementBidding: [] },
    portfolioId: undefined,
    tags: undefined,
    created: now,
    updated: now,
  };
  world.entities.campaigns.set(c.campaignId, c);
  return c;
}

export function addAdGroup(world: World, c: Campaign, name: string, defaultBid: number): AdGroup {
  const now = stamp(world);
  const g: AdGroup = {
    adGroupId: newId(world),
    campaignId: c.campaignId,
    profileId: c.profileId,
    name,
    defaultBid,
    state: "ENABLED",
    created: now,
    updated: now,
  };
  world.entities.adGroups.set(g.adGroupId, g);
  return g;
}

export function addProductAd(world: World, g: AdGroup, p: Product): ProductAd {
  const now = stamp(world);
  const ad: ProductAd = {
    adId: newId(world),
    campaignId: g.campaignId,
    adGroupId: g.adGroupId,
    profileId: g.profileId,
    sku: p.sku,
    asin: p.asin,
    state: "ENABLED",
    created: now,
    updated: now,
  };
  world.entities.productAds.set(ad.adId, ad);
  return ad;
}

export function addKeyword(
  world: World,
  g: AdGroup,
  text: string,
  matchType: Keyword["matchType"],
  bid: number | undefined,
): Keyword {
  const now = stamp(world);
  const k: Keyword = {
    keywordId: newId(world),
    campaignId: g.campaignId,
    adGroupId: g.adGroupId,
    profileId: g.profileId,
    keywordText: text,
    matchType,
    state: "ENABLED",
    bid,
    created: now,
    updated: now,
  };
  world.entities.keywords.set(k.keywordId, k);
  return k;
}

export function addTarget(
  world: World,
  g: AdGroup,
  expression: Predicate[],
  expressionType: "AUTO" | "MANUAL",
  bid: number | undefined,
): TargetingClause {
  const now = stamp(world);
  const t: TargetingClause = {
    targetId: newId(world),
    campaignId: g.campaignId,
    adGroupId: g.adGroupId,
    profileId: g.profileId,
    expression,
    resolvedExpression: expression,
    expressionType,
    state: "ENABLED",
    bid,
    created: now,
    updated: now,
  };
  world.entities.targets.set(t.targetId, t);
  return t;
}

export const AUTO_PREDICATES = [
  "QUERY_HIGH_REL_MATCHES",
  "QUERY_BROAD_REL_MATCHES",
  "ASIN_ACCESSORY_RELATED",
  "ASIN_SUBSTITUTE_RELATED",
] as const;

/** Creates the four auto-targeting clauses an AUTO campaign's ad group gets. */
export function addAutoTargets(world: World, g: AdGroup): TargetingClause[] {
  return AUTO_PREDICATES.map((type) => addTarget(world, g, [{ type }], "AUTO", undefined));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Sets up the demo advertiser and simulates its history. Deterministic for a world seed. */
export function seedDemoAccount(world: World, options: DemoOptions = {}): DemoResult {
  const started = performance.now();
  const sellerId = options.sellerId ?? "A3SANDBOXDEMO01";
  const countries = options.countries ?? ["DE", "FR"];
  const mult = options.bidMultiplier ?? 1;
  const profiles = world.profiles.filter((p) => {
    if (p.sellerId !== sellerId) return false;
    const cc = countries.map((c) => c.toUpperCase());
    return cc.some((c) => p.marketplaceId === countryToId(world, c));
  });
  const before = {
    campaigns: world.entities.campaigns.size,
    adGroups: world.entities.adGroups.size,
    keywords: world.entities.keywords.size,
    targets: world.entities.targets.size,
    productAds: world.entities.productAds.size,
  };
  for (const profile of profiles) {
    const rng = rngFor(world.seed, -1, `demo|${profile.profileId}`);
    const terms = world.terms.get(profile.marketplaceId) ?? [];
    let products = sellerProducts(world, sellerId, profile.marketplaceId);
    if (options.maxProducts !== undefined) products = products.slice(0, options.maxProducts);
    const byCategory = new Map<string, Product[]>();
    for (const p of products)
      byCategory.set(p.categoryKey, [...(byCategory.get(p.categoryKey) ?? []), p]);
    for (const [catKey, list] of [...byCategory.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const cat = categoryOf(world, list[0] as Product);
      if (!cat) continue;
      const bidNear = (): number => round2(Math.max(0.05, cat.cpc * rng.logNormal(1, 0.12) * mult));
      const scale = list.length / 16;
      // AUTO campaign: one ad group with all of the category's products
      const auto = addCampaign(world, profile.profileId, {
        name: `SP Auto | ${cat.name}`,
        targetingType: "AUTO",
        budget: round2(Math.max(10, 28 * scale * cat.cpc)),
      });
      const ag = addAdGroup(world, auto, `${cat.name} – auto`, bidNear());
      for (const p of list) addProductAd(world, ag, p);
      for (const t of addAutoTargets(world, ag)) t.bid = bidNear();
      const exact = addCampaign(world, profile.profileId, {
        name: `SP Exact | ${cat.name}`,
        targetingType: "MANUAL",
        budget: round2(Math.max(10, 60 * scale * cat.cpc)),
      });
      const broad = addCampaign(world, profile.profileId, {
        name: `SP Broad & Phrase | ${cat.name}`,
        targetingType: "MANUAL",
        budget: round2(Math.max(10, 40 * scale * cat.cpc)),
      });
      const pat = addCampaign(world, profile.profileId, {
        name: `SP Product Targeting | ${cat.name}`,
        targetingType: "MANUAL",
        budget: round2(Math.max(10, 20 * scale * cat.cpc)),
      });
      const competitorAsins = terms
        .filter((t) => t.asin !== undefined && t.categoryKey === catKey)
        .map((t) => t.asin as string)
        .filter(
          (a) => world.products.get(productKey(profile.marketplaceId, a))?.sellerId === undefined,
        );
      for (const p of list) {
        const ranked = terms
          .filter((t) => t.asin === undefined && t.categoryKey === catKey)
          .map((t) => ({ t, r: relevanceOf(world, p, t.idx) }))
          .sort((a, b) => b.r - a.r || a.t.idx - b.t.idx);
        const g1 = addAdGroup(world, exact, `${p.sku} exact`, bidNear());
        addProductAd(world, g1, p);
        for (const { t } of ranked.slice(0, 8)) {
          addKeyword(world, g1, t.text, "EXACT", bidNear());
          const neg: NegativeKeyword = {
            keywordId: newId(world),
            campaignId: auto.campaignId,
            adGroupId: ag.adGroupId,
            profileId: profile.profileId,
            keywordText: t.text,
            matchType: "NEGATIVE_EXACT",
            state: "ENABLED",
            created: stamp(world),
            updated: stamp(world),
          };
          if (rng.next() < 0.3) world.entities.negativeKeywords.set(neg.keywordId, neg);
        }
        const g2 = addAdGroup(world, broad, `${p.sku} broad`, bidNear());
        addProductAd(world, g2, p);
        for (const { t } of ranked.slice(8, 13)) addKeyword(world, g2, t.text, "PHRASE", bidNear());
        for (const { t } of ranked.slice(13, 18)) addKeyword(world, g2, t.text, "BROAD", bidNear());
        const g3 = addAdGroup(world, pat, `${p.sku} pat`, bidNear());
        addProductAd(world, g3, p);
        const picks = new Set<string>();
        while (picks.size < Math.min(6, competitorAsins.length))
          picks.add(rng.pick(competitorAsins));
        for (const a of [...picks].sort())
          addTarget(world, g3, [{ type: "ASIN_SAME_AS", value: a }], "MANUAL", bidNear());
        addTarget(
          world,
          g3,
          [{ type: "ASIN_CATEGORY_SAME_AS", value: cat.nodeId }],
          "MANUAL",
          bidNear(),
        );
      }
    }
  }
  const days = options.days ?? 90;
  advance(world, days);
  return {
    profileIds: profiles.map((p) => p.profileId),
    campaigns: world.entities.campaigns.size - before.campaigns,
    adGroups: world.entities.adGroups.size - before.adGroups,
    keywords: world.entities.keywords.size - before.keywords,
    targets: world.entities.targets.size - before.targets,
    productAds: world.entities.productAds.size - before.productAds,
    days,
    elapsedMs: Math.round(performance.now() - started),
  };
}

function countryToId(world: World, cc: string): string | undefined {
  void world;
  const map: Record<string, string> = {
    US: "ATVPDKIKX0DER",
    DE: "A1PA6795UKMFR9",
    FR: "A13V1IB3VIYZZH",
  };
  return map[cc];
}
