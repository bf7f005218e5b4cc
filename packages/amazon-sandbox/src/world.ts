/**
 * The sandbox world: sellers, marketplaces, profiles, categories, products (own and competitor),
 * the search-term universe with hidden relevance, Ads entities, and the stored daily facts; the
 * world built from a seed and its lookups. Beside it: the terms and relevance (terms.ts), how a
 * product is made (products.ts), the sellers and their plans (businesses.ts), and the listings
 * the Listings API adds and removes (listings.ts).
 */
import { SELLER_SPECS } from "./businesses.ts";
import { addDays } from "./dates.ts";
import { MARKETPLACES } from "./marketplaces.ts";
import { makeAsin, makeProduct } from "./products.ts";
import { hashString, rngFor } from "./rng.ts";
import { addAsinTerm, buildTerms } from "./terms.ts";
import { CATEGORIES, type CategoryVocab } from "./vocab.ts";

/** Stored as sent: ENABLED, PAUSED or PROPOSED on create/update; ARCHIVED only via delete. */
export type EntityState = "ENABLED" | "PAUSED" | "PROPOSED" | "ARCHIVED";

export interface Seller {
  sellerId: string;
  name: string;
  storeName: string;
  brand: string;
  marketplaceIds: string[];
}

export interface Profile {
  profileId: number;
  sellerId: string;
  marketplaceId: string;
  dailyBudget: number;
}

export interface Category {
  key: string;
  nodeId: string;
  name: string;
  marketplaceId: string;
  productType: string;
  /** Median competitor bid, local currency: the category CPC level. */
  cpc: number;
  price: number;
  nouns: readonly string[];
  modifiers: readonly string[];
  brands: readonly string[];
}

export interface Term {
  idx: number;
  marketplaceId: string;
  text: string;
  tokens: string[];
  categoryKey: string;
  /** Noun index in the category, or -1 for none. */
  noun: number;
  mods: number[];
  /** ASIN terms stand for a product detail page (product targeting, search term = ASIN). */
  asin: string | undefined;
  baseVolume: number;
  /** Median competitor bid for this term. */
  cpc: number;
  competitors: number;
}

export interface Product {
  asin: string;
  sku: string;
  /** `undefined` for competitor products (only used as product-targeting pages). */
  sellerId: string | undefined;
  marketplaceId: string;
  categoryKey: string;
  noun: number;
  mods: number[];
  title: string;
  brand: string;
  price: number;
  /** Market reference price: a price above it lowers conversion. */
  refPrice: number;
  baseCvr: number;
  /** Organic units per day at seasonality 1. */
  baseDemand: number;
  stock: number;
  autoRestock: boolean;
  restockDay: number | undefined;
  leadTime: number;
  rankFactor: number;
  baseRank: number;
  rating: number;
  reviews: number;
  createdDate: string;
  /** Listing timestamps (ISO 8601): creation and last listing submission (PUT/PATCH). */
  createdAt: string;
  lastUpdatedAt: string;
  /** Dense relevance to every term of the marketplace (own products only). */
  relevance: Float32Array | undefined;
}

export type DynamicStrategy = "LEGACY_FOR_SALES" | "AUTO_FOR_SALES" | "MANUAL" | "RULE_BASED";
export type Placement = "PLACEMENT_TOP" | "PLACEMENT_REST_OF_SEARCH" | "PLACEMENT_PRODUCT_PAGE";

export interface Campaign {
  campaignId: string;
  profileId: number;
  name: string;
  targetingType: "AUTO" | "MANUAL";
  state: EntityState;
  budget: { budget: number; budgetType: "DAILY" };
  startDate: string;
  endDate: string | undefined;
  dynamicBidding: {
    strategy: DynamicStrategy;
    placementBidding: { placement: string; percentage: number }[];
  };
  portfolioId: string | undefined;
  tags: Record<string, string> | undefined;
  created: string;
  updated: string;
}

export interface AdGroup {
  adGroupId: string;
  campaignId: string;
  profileId: number;
  name: string;
  defaultBid: number;
  state: EntityState;
  created: string;
  updated: string;
}

export interface Keyword {
  keywordId: string;
  campaignId: string;
  adGroupId: string;
  profileId: number;
  keywordText: string;
  matchType: "EXACT" | "PHRASE" | "BROAD";
  state: EntityState;
  bid: number | undefined;
  created: string;
  updated: string;
}

export interface NegativeKeyword {
  keywordId: string;
  campaignId: string;
  /** `undefined` for campaign-level negatives. */
  adGroupId: string | undefined;
  profileId: number;
  keywordText: string;
  matchType: "NEGATIVE_EXACT" | "NEGATIVE_PHRASE";
  state: EntityState;
  created: string;
  updated: string;
}

export interface Predicate {
  type: string;
  value?: string;
}

export interface TargetingClause {
  targetId: string;
  campaignId: string;
  adGroupId: string;
  profileId: number;
  expression: Predicate[];
  resolvedExpression: Predicate[];
  expressionType: "AUTO" | "MANUAL";
  state: EntityState;
  bid: number | undefined;
  created: string;
  updated: string;
}

export interface NegativeTarget {
  targetId: string;
  campaignId: string;
  adGroupId: string | undefined;
  profileId: number;
  expression: Predicate[];
  resolvedExpression: Predicate[];
  state: EntityState;
  created: string;
  updated: string;
}

export interface ProductAd {
  adId: string;
  campaignId: string;
  adGroupId: string;
  profileId: number;
  sku: string;
  asin: string;
  state: EntityState;
  created: string;
  updated: string;
}

export interface OrderDetail {
  /** Days between click and purchase (0–7): the order becomes visible on clickDay + lag + 1. */
  lag: number;
  units: number;
  sales: number;
  sameSku: boolean;
}

/** One stored fact: an ad's daily outcome for one term and placement. */
export interface AdFact {
  day: number;
  campaignId: string;
  adGroupId: string;
  /** keywordId or targetId. */
  targetId: string;
  termIdx: number;
  adId: string;
  placement: 0 | 1 | 2;
  /** Searches/views in which we could have appeared (for impression share). */
  eligible: number;
  impressions: number;
  clicks: number;
  cost: number;
  orders: OrderDetail[];
}

export interface ProductDay {
  day: number;
  asin: string;
  organicUnits: number;
  organicSales: number;
  adUnits: number;
  adSales: number;
  stockEnd: number;
}

export interface WorldOptions {
  seed?: number;
  /** First simulated day (YYYY-MM-DD). Default 2026-08-24, so 90 days end on 2026-11-21. */
  startDate?: string;
  /** Own products per seller and marketplace for the main demo seller (default 100). */
  productsPerMarketplace?: number;
}

export interface World {
  seed: number;
  startDate: string;
  /** Number of simulated days; the current ("today") date is startDate + day. */
  day: number;
  sellers: Seller[];
  profiles: Profile[];
  categories: Map<string, Category>;
  /** Terms per marketplace, indexed by `Term.idx`. */
  terms: Map<string, Term[]>;
  termByText: Map<string, Map<string, number>>;
  products: Map<string, Product>;
  entities: {
    campaigns: Map<string, Campaign>;
    adGroups: Map<string, AdGroup>;
    keywords: Map<string, Keyword>;
    negativeKeywords: Map<string, NegativeKeyword>;
    campaignNegativeKeywords: Map<string, NegativeKeyword>;
    targets: Map<string, TargetingClause>;
    negativeTargets: Map<string, NegativeTarget>;
    campaignNegativeTargets: Map<string, NegativeTarget>;
    productAds: Map<string, ProductAd>;
  };
  nextId: number;
  /** Facts per profile, per day. */
  facts: Map<number, AdFact[][]>;
  productDays: Map<string, ProductDay[]>;
  matchCache: Map<string, { termIdx: number; reach: number }[]>;
  /** `${sellerId}|${marketplaceId}|${sku}` → product. */
  skuIndex: Map<string, Product>;
  /** Last listing-submission timestamp handed out (ms), so submissions are strictly ordered. */
  lastListingStamp: number;
  /**
   * Sellers whose business (campaigns and history) is built on first use: "pending" until then,
   * the build under way, or "ready". Sellers not listed take part in every simulated day.
   */
  businesses: Map<string, "pending" | Promise<void> | "ready">;
  /** Creation time stamped on entities while a business is built (else: today). */
  buildStamp?: string | undefined;
}

export function productKey(marketplaceId: string, asin: string): string {
  return `${marketplaceId}|${asin}`;
}

export function todayOf(world: World): string {
  return addDays(world.startDate, world.day);
}

export function dateOfDay(world: World, day: number): string {
  return addDays(world.startDate, day);
}

export function newId(world: World): string {
  world.nextId += 1 + (hashString(String(world.nextId), world.seed) % 97);
  return String(world.nextId);
}

/** Builds the default world deterministically from a seed. */
export function createWorld(options: WorldOptions = {}): World {
  const seed = (options.seed ?? 42) >>> 0;
  const startDate = options.startDate ?? "2026-08-24";
  const perMp = Math.max(1, Math.min(400, options.productsPerMarketplace ?? 100));
  const world: World = {
    seed,
    startDate,
    day: 0,
    sellers: [],
    profiles: [],
    categories: new Map(),
    terms: new Map(),
    termByText: new Map(),
    products: new Map(),
    entities: {
      campaigns: new Map(),
      adGroups: new Map(),
      keywords: new Map(),
      negativeKeywords: new Map(),
      campaignNegativeKeywords: new Map(),
      targets: new Map(),
      negativeTargets: new Map(),
      campaignNegativeTargets: new Map(),
      productAds: new Map(),
    },
    nextId: 100_000_000_000_000 + (hashString("ids", seed) % 1_000_000_000) * 10_000,
    facts: new Map(),
    productDays: new Map(),
    matchCache: new Map(),
    skuIndex: new Map(),
    lastListingStamp: 0,
    businesses: new Map(),
  };
  for (const mp of MARKETPLACES) {
    const rng = rngFor(seed, -1, `categories|${mp.id}`);
    const cats: Category[] = CATEGORIES.map((v: CategoryVocab) => ({
      key: v.key,
      nodeId: v.nodeId,
      name: v.name[mp.language],
      marketplaceId: mp.id,
      productType: v.productType,
      cpc: Math.round(v.cpc * mp.priceLevel * rng.logNormal(1, 0.1) * 100) / 100,
      price: v.price * mp.priceLevel,
      nouns: v.nouns[mp.language],
      modifiers: v.modifiers[mp.language],
      brands: v.brands,
    }));
    for (const c of cats) world.categories.set(`${mp.id}|${c.key}`, c);
    buildTerms(world, mp, cats, rng);
    // competitor products: detail pages to target
    for (const c of cats) {
      for (let i = 0; i < 16; i++) {
        const brand = rng.pick(c.brands);
        const p = makeProduct(world, rng, {
          asin: makeAsin(rng),
          sku: "",
          sellerId: undefined,
          brand,
          mp,
          cat: c,
          noun: rng.int(c.nouns.length),
          mods: [rng.int(c.modifiers.length), rng.int(c.modifiers.length)],
        });
        world.products.set(productKey(mp.id, p.asin), p);
        addAsinTerm(world, p, rng);
      }
    }
  }
  // sellers and their catalogues (the same ASIN across the EU marketplaces)
  for (const spec of SELLER_SPECS) {
    if (!spec.main) world.businesses.set(spec.sellerId, "pending");
    const seller: Seller = {
      sellerId: spec.sellerId,
      name: spec.name,
      storeName: spec.name,
      brand: spec.brand,
      marketplaceIds: [],
    };
    world.sellers.push(seller);
    const rng = spec.main
      ? rngFor(seed, -1, `seller|${spec.sellerId}`)
      : rngFor((seed ^ spec.seed) >>> 0, -1, `seller|${spec.sellerId}`);
    const count = spec.main ? perMp : Math.min(spec.products, perMp);
    const categories = CATEGORIES.filter((c) => spec.categories.includes(c.key));
    const catalogue = Array.from({ length: count }, (_, i) => {
      const cat = categories[i % categories.length] as CategoryVocab;
      const mods = new Set<number>();
      while (mods.size < 3) mods.add(rng.int(cat.modifiers.en.length));
      return {
        asin: makeAsin(rng),
        sku: `${spec.brand.slice(0, 3).toUpperCase()}-${cat.key.toUpperCase()}-${String(i + 1).padStart(4, "0")}`,
        cat,
        noun: rng.int(cat.nouns.en.length),
        mods: [...mods],
      };
    });
    for (const cc of spec.countries) {
      const mp = MARKETPLACES.find((m) => m.countryCode === cc);
      if (!mp) continue;
      seller.marketplaceIds.push(mp.id);
      world.profiles.push({
        profileId:
          1_000_000_000_000 + (hashString(`${spec.sellerId}|${mp.id}`, seed) % 9_000_000_000),
        sellerId: spec.sellerId,
        marketplaceId: mp.id,
        dailyBudget: 999_999_999,
      });
      const prng = rngFor(seed, -1, `listings|${spec.sellerId}|${mp.id}`);
      for (const item of catalogue) {
        const cat = world.categories.get(`${mp.id}|${item.cat.key}`);
        if (!cat) continue;
        const p = makeProduct(world, prng, {
          asin: item.asin,
          sku: item.sku,
          sellerId: spec.sellerId,
          brand: spec.brand,
          mp,
          cat,
          noun: item.noun,
          mods: item.mods,
        });
        world.products.set(productKey(mp.id, p.asin), p);
        world.skuIndex.set(`${spec.sellerId}|${mp.id}|${p.sku}`, p);
        addAsinTerm(world, p, prng);
      }
    }
  }
  return world;
}

export function profileById(world: World, profileId: number | string): Profile | undefined {
  const id = typeof profileId === "string" ? Number(profileId) : profileId;
  return world.profiles.find((p) => p.profileId === id);
}

export function sellerProducts(world: World, sellerId: string, marketplaceId?: string): Product[] {
  const out: Product[] = [];
  for (const p of world.products.values()) {
    if (
      p.sellerId === sellerId &&
      (marketplaceId === undefined || p.marketplaceId === marketplaceId)
    )
      out.push(p);
  }
  return out;
}

export function productBySku(
  world: World,
  sellerId: string,
  marketplaceId: string,
  sku: string,
): Product | undefined {
  return world.skuIndex.get(`${sellerId}|${marketplaceId}|${sku}`);
}

export function categoryOf(world: World, p: Product): Category | undefined {
  return world.categories.get(`${p.marketplaceId}|${p.categoryKey}`);
}
