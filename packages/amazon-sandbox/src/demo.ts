/**
 * `seedDemoAccount`: an advertiser setup for the demo seller (auto, exact, broad/phrase and
 * product-targeting campaigns per category, bids near the category CPC) plus simulated history.
 */

import { type BusinessPlan, type CampaignKind, DEMO_PLAN, SELLER_SPECS } from "./businesses.ts";
import { hashString, rngFor } from "./rng.ts";
import { advance, simulateSellersDay } from "./simulation.ts";
import { relevanceOf } from "./terms.ts";
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
  type Profile,
  productKey,
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
  return world.buildStamp ?? `${todayOf(world)}T00:00:00.000Z`;
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

interface BuildOptions {
  rngSeed: number;
  rngKey: string;
  plan: BusinessPlan;
  maxProducts?: number;
  /** Campaigns start on this date (default: today). */
  startDate?: string;
}

/** Sets up a seller's campaigns in one marketplace, following its plan. */
function buildProfileBusiness(world: World, profile: Profile, o: BuildOptions): void {
  const { plan } = o;
  const rng = rngFor(o.rngSeed, -1, `${o.rngKey}|${profile.profileId}`);
  const terms = world.terms.get(profile.marketplaceId) ?? [];
  let products = sellerProducts(world, profile.sellerId, profile.marketplaceId);
  if (o.maxProducts !== undefined) products = products.slice(0, o.maxProducts);
  const byCategory = new Map<string, Product[]>();
  for (const p of products)
    byCategory.set(p.categoryKey, [...(byCategory.get(p.categoryKey) ?? []), p]);
  const has = (kind: CampaignKind) => plan.kinds.includes(kind);
  const campaign = (
    kind: CampaignKind,
    name: string,
    targetingType: "AUTO" | "MANUAL",
    budget: number,
  ): Campaign => {
    const c = addCampaign(world, profile.profileId, {
      name,
      targetingType,
      budget: round2(budget * plan.budgetMultiplier),
      strategy: plan.strategy,
      ...(o.startDate ? { startDate: o.startDate } : {}),
    });
    c.dynamicBidding.placementBidding = (plan.placements[kind] ?? []).map((p) => ({ ...p }));
    return c;
  };
  for (const [catKey, list] of [...byCategory.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const cat = categoryOf(world, list[0] as Product);
    if (!cat) continue;
    const bidNear = (): number =>
      round2(Math.max(0.05, cat.cpc * rng.logNormal(1, 0.12) * plan.bidMultiplier));
    const scale = list.length / 16;
    const auto = has("auto")
      ? campaign("auto", `SP Auto | ${cat.name}`, "AUTO", Math.max(10, 28 * scale * cat.cpc))
      : undefined;
    const ag = auto ? addAdGroup(world, auto, `${cat.name} – auto`, bidNear()) : undefined;
    if (ag) {
      for (const p of list) addProductAd(world, ag, p);
      for (const t of addAutoTargets(world, ag)) t.bid = bidNear();
    }
    const exact = has("exact")
      ? campaign("exact", `SP Exact | ${cat.name}`, "MANUAL", Math.max(10, 60 * scale * cat.cpc))
      : undefined;
    const broad = has("broad")
      ? campaign(
          "broad",
          `SP Broad & Phrase | ${cat.name}`,
          "MANUAL",
          Math.max(10, 40 * scale * cat.cpc),
        )
      : undefined;
    const pat = has("productTargeting")
      ? campaign(
          "productTargeting",
          `SP Product Targeting | ${cat.name}`,
          "MANUAL",
          Math.max(10, 20 * scale * cat.cpc),
        )
      : undefined;
    const competitorAsins = terms
      .filter((t) => t.asin !== undefined && t.categoryKey === catKey)
      .map((t) => t.asin as string)
      .filter(
        (a) => world.products.get(productKey(profile.marketplaceId, a))?.sellerId === undefined,
      );
    const [exactCount, phraseCount, broadCount] = plan.keywords;
    for (const p of list) {
      const ranked = terms
        .filter((t) => t.asin === undefined && t.categoryKey === catKey)
        .map((t) => ({ t, r: relevanceOf(world, p, t.idx) }))
        .sort((a, b) => b.r - a.r || a.t.idx - b.t.idx);
      if (exact) {
        const g1 = addAdGroup(world, exact, `${p.sku} exact`, bidNear());
        addProductAd(world, g1, p);
        for (const { t } of ranked.slice(0, exactCount)) {
          addKeyword(world, g1, t.text, "EXACT", bidNear());
          if (!auto || !ag) continue;
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
      }
      if (broad) {
        const g2 = addAdGroup(world, broad, `${p.sku} broad`, bidNear());
        addProductAd(world, g2, p);
        const phraseEnd = exactCount + phraseCount;
        for (const { t } of ranked.slice(exactCount, phraseEnd))
          addKeyword(world, g2, t.text, "PHRASE", bidNear());
        for (const { t } of ranked.slice(phraseEnd, phraseEnd + broadCount))
          addKeyword(world, g2, t.text, "BROAD", bidNear());
      }
      if (pat) {
        const g3 = addAdGroup(world, pat, `${p.sku} pat`, bidNear());
        addProductAd(world, g3, p);
        const picks = new Set<string>();
        while (picks.size < Math.min(plan.asinTargets, competitorAsins.length))
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
}

interface EntityCounts {
  campaigns: number;
  adGroups: number;
  keywords: number;
  targets: number;
  productAds: number;
}

function counts(world: World): EntityCounts {
  const e = world.entities;
  return {
    campaigns: e.campaigns.size,
    adGroups: e.adGroups.size,
    keywords: e.keywords.size,
    targets: e.targets.size,
    productAds: e.productAds.size,
  };
}

/** Sets up the demo advertiser and simulates its history. Deterministic for a world seed. */
export function seedDemoAccount(world: World, options: DemoOptions = {}): DemoResult {
  const started = performance.now();
  const sellerId = options.sellerId ?? "A3SANDBOXDEMO01";
  const countries = options.countries ?? ["DE", "FR"];
  const spec = SELLER_SPECS.find((s) => s.sellerId === sellerId);
  const plan: BusinessPlan = {
    ...(spec?.plan ?? DEMO_PLAN),
    bidMultiplier: (spec?.plan ?? DEMO_PLAN).bidMultiplier * (options.bidMultiplier ?? 1),
  };
  const profiles = world.profiles.filter((p) => {
    if (p.sellerId !== sellerId) return false;
    const cc = countries.map((c) => c.toUpperCase());
    return cc.some((c) => p.marketplaceId === countryToId(world, c));
  });
  const before = counts(world);
  for (const profile of profiles)
    buildProfileBusiness(world, profile, {
      rngSeed: world.seed,
      rngKey: "demo",
      plan,
      ...(options.maxProducts !== undefined ? { maxProducts: options.maxProducts } : {}),
    });
  // A seller set up explicitly takes part in the simulation from now on.
  world.businesses.delete(sellerId);
  const days = options.days ?? 90;
  advance(world, days);
  const after = counts(world);
  return {
    profileIds: profiles.map((p) => p.profileId),
    campaigns: after.campaigns - before.campaigns,
    adGroups: after.adGroups - before.adGroups,
    keywords: after.keywords - before.keywords,
    targets: after.targets - before.targets,
    productAds: after.productAds - before.productAds,
    days,
    elapsedMs: Math.round(performance.now() - started),
  };
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Builds the business of a seller waiting for it (campaigns in every marketplace of the seller,
 * from the world's first day, and their history up to today), the first time the seller is used.
 * Deterministic: its own seed and an id range of its own make the result the same whenever it
 * is built. Yields between simulated days, so the server keeps answering meanwhile; callers
 * during the build wait for the same build.
 */
export function ensureBusiness(world: World, sellerId: string): Promise<void> | undefined {
  const business = world.businesses.get(sellerId);
  if (business === undefined || business === "ready") return undefined;
  if (business !== "pending") return business;
  const spec = SELLER_SPECS.find((s) => s.sellerId === sellerId);
  const build = (async () => {
    if (spec) {
      const saved = { nextId: world.nextId, stamp: world.buildStamp };
      world.nextId =
        200_000_000_000_000 + (hashString(`ids|${sellerId}`, world.seed) % 100_000) * 1e9;
      world.buildStamp = `${world.startDate}T00:00:00.000Z`;
      try {
        for (const profile of world.profiles.filter((p) => p.sellerId === sellerId))
          buildProfileBusiness(world, profile, {
            rngSeed: (world.seed ^ spec.seed) >>> 0,
            rngKey: `business|${sellerId}`,
            plan: spec.plan,
            startDate: world.startDate,
          });
      } finally {
        world.nextId = saved.nextId;
        world.buildStamp = saved.stamp;
      }
    }
    const only = (id: string) => id === sellerId;
    // world.day is read on every round: days the clock advances meanwhile are simulated too.
    for (let day = 0; day < world.day; day++) {
      simulateSellersDay(world, day, only);
      await yieldToOthers();
    }
    world.businesses.set(sellerId, "ready");
  })();
  world.businesses.set(sellerId, build);
  return build;
}

/** Builds every waiting seller's business now (control surface, tests). */
export function buildAllBusinesses(world: World): Promise<void> {
  return Promise.all(
    [...world.businesses.keys()].map((id) => ensureBusiness(world, id) ?? Promise.resolve()),
  ).then(() => undefined);
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
