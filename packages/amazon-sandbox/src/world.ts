/**
 * The sandbox world: sellers, marketplaces, profiles, categories, products (own and competitor),
 * the search-term universe with hidden relevance, Ads entities, and the stored daily facts.
 */
import { addDays, daysBetween } from "./dates.ts";
import { MARKETPLACES, type Marketplace, marketplaceById } from "./marketplaces.ts";
import { hashString, type Rng, rngFor } from "./rng.ts";
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

const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function makeAsin(rng: Rng): string {
  let s = "B0";
  for (let i = 0; i < 8; i++) s += ALPHANUM[rng.int(ALPHANUM.length)];
  return s;
}

function tokenize(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Normalized texts seen (the simulation normalizes every keyword and negative every day). */
const normalized = new Map<string, string>();
const NORMALIZED_KEPT = 100_000;

export function normalizeText(text: string): string {
  let norm = normalized.get(text);
  if (norm === undefined) {
    norm = tokenize(text).join(" ");
    if (normalized.size >= NORMALIZED_KEPT) normalized.clear();
    normalized.set(text, norm);
  }
  return norm;
}

function buildTerms(world: World, mp: Marketplace, categories: Category[], rng: Rng): void {
  const list: Term[] = [];
  const byText = new Map<string, number>();
  const add = (t: Omit<Term, "idx" | "tokens" | "marketplaceId">): void => {
    const text = normalizeText(t.text);
    if (byText.has(text)) return;
    const term: Term = {
      ...t,
      text,
      idx: list.length,
      tokens: tokenize(text),
      marketplaceId: mp.id,
    };
    byText.set(text, term.idx);
    list.push(term);
  };
  const phrase = (noun: string, mods: string[]): string =>
    mp.language === "en" ? [...mods, noun].join(" ") : [noun, ...mods].join(" ");
  for (const cat of categories) {
    cat.nouns.forEach((noun, n) => {
      add({
        text: noun,
        categoryKey: cat.key,
        noun: n,
        mods: [],
        asin: undefined,
        baseVolume: rng.logNormal(3500, 0.4) * mp.size,
        cpc: cat.cpc * 1.15 * rng.logNormal(1, 0.15),
        competitors: 20,
      });
      cat.modifiers.forEach((mod, m) => {
        add({
          text: phrase(noun, [mod]),
          categoryKey: cat.key,
          noun: n,
          mods: [m],
          asin: undefined,
          baseVolume: rng.logNormal(350, 0.9) * mp.size,
          cpc: cat.cpc * rng.logNormal(1, 0.2),
          competitors: 14,
        });
      });
      for (let k = 0; k < 18; k++) {
        const a = rng.int(cat.modifiers.length);
        const b = rng.int(cat.modifiers.length);
        if (a === b) continue;
        add({
          text: phrase(noun, [cat.modifiers[a] ?? "", cat.modifiers[b] ?? ""]),
          categoryKey: cat.key,
          noun: n,
          mods: [a, b],
          asin: undefined,
          baseVolume: rng.logNormal(60, 1.0) * mp.size,
          cpc: cat.cpc * 0.9 * rng.logNormal(1, 0.25),
          competitors: 9,
        });
      }
    });
  }
  world.terms.set(mp.id, list);
  world.termByText.set(mp.id, byText);
}

function addAsinTerm(world: World, p: Product, rng: Rng): void {
  const list = world.terms.get(p.marketplaceId);
  const byText = world.termByText.get(p.marketplaceId);
  const cat = world.categories.get(`${p.marketplaceId}|${p.categoryKey}`);
  const mp = marketplaceById(p.marketplaceId);
  if (!list || !byText || !cat || !mp) return;
  const text = p.asin.toLowerCase();
  if (byText.has(text)) return;
  const term: Term = {
    idx: list.length,
    marketplaceId: p.marketplaceId,
    text,
    tokens: [text],
    categoryKey: p.categoryKey,
    noun: p.noun,
    mods: p.mods,
    asin: p.asin,
    baseVolume: rng.logNormal(220, 0.8) * mp.size,
    cpc: cat.cpc * 0.8 * rng.logNormal(1, 0.2),
    competitors: 8,
  };
  byText.set(text, term.idx);
  list.push(term);
}

/** Hidden relevance r(p, s) in [0, 1]: high for a few terms, low for most. */
export function computeRelevance(world: World, p: Product, term: Term): number {
  if (term.categoryKey !== p.categoryKey) {
    return (hashString(`${p.asin}|${term.text}`, world.seed) % 1000) / 40_000;
  }
  const noise = ((hashString(`${p.asin}|${term.text}`, world.seed) % 1000) / 1000 - 0.5) * 0.12;
  if (term.asin !== undefined) {
    if (term.asin === p.asin) return 0;
    const shared = term.mods.filter((m) => p.mods.includes(m)).length;
    const base = (term.noun === p.noun ? 0.55 : 0.25) + 0.08 * shared;
    return Math.min(1, Math.max(0, base + noise));
  }
  const matched = term.mods.filter((m) => p.mods.includes(m)).length;
  const mism = term.mods.length - matched;
  const nounFactor = term.noun === p.noun ? 1 : 0.35;
  const base = (0.55 + 0.2 * matched - 0.22 * mism) * nounFactor;
  return Math.min(1, Math.max(0, base + noise));
}

export function relevanceOf(world: World, p: Product, termIdx: number): number {
  if (!p.relevance) {
    const terms = world.terms.get(p.marketplaceId) ?? [];
    p.relevance = new Float32Array(terms.length);
    for (const t of terms) p.relevance[t.idx] = computeRelevance(world, p, t);
  }
  if (termIdx >= p.relevance.length) {
    const terms = world.terms.get(p.marketplaceId) ?? [];
    const grown = new Float32Array(terms.length);
    grown.set(p.relevance);
    for (let i = p.relevance.length; i < terms.length; i++) {
      const t = terms[i];
      if (t) grown[i] = computeRelevance(world, p, t);
    }
    p.relevance = grown;
  }
  return p.relevance[termIdx] ?? 0;
}

/**
 * Capitalises the first letter of each word. A word starts after anything but a letter or digit:
 * JavaScript's `\b` knows only ASCII letters, so it split "handyhülle" at the "ü" ("HandyhÜLle")
 * and upper-cased "ß" to "SS" inside words.
 */
export function titleCase(s: string): string {
  return s.replace(/(?<![\p{L}\p{N}])\p{L}/gu, (c) => c.toUpperCase());
}

function makeProduct(
  world: World,
  rng: Rng,
  args: {
    asin: string;
    sku: string;
    sellerId: string | undefined;
    brand: string;
    mp: Marketplace;
    cat: Category;
    noun: number;
    mods: number[];
  },
): Product {
  const { mp, cat } = args;
  const price = Math.max(4.99, Math.round(cat.price * 0.85 * rng.logNormal(1, 0.3)) - 0.01);
  const nounText = cat.nouns[args.noun] ?? "";
  const modText = args.mods.map((m) => cat.modifiers[m] ?? "").join(" ");
  const baseDemand = rng.logNormal(2.2, 0.7) * mp.size * 2;
  const createdDate = addDays(world.startDate, -200 - rng.int(500));
  // last update: a hashed day between creation and the world's start (no extra rng draw, so worlds stay as they were)
  const h = hashString(`${args.asin}|${args.sku}|updated`, world.seed);
  const updatedDay = addDays(createdDate, h % daysBetween(createdDate, world.startDate));
  const updatedSecond = hashString(`${args.asin}|${args.sku}|second`, world.seed) % 86_400;
  return {
    asin: args.asin,
    sku: args.sku,
    sellerId: args.sellerId,
    marketplaceId: mp.id,
    categoryKey: cat.key,
    noun: args.noun,
    mods: args.mods,
    title: titleCase(`${args.brand} ${nounText} ${modText}`.trim()),
    brand: args.brand,
    price,
    refPrice: Math.round(price * rng.logNormal(1.02, 0.06) * 100) / 100,
    baseCvr: Math.min(0.25, Math.max(0.03, rng.beta(4, 36))),
    baseDemand,
    stock: Math.round(baseDemand * rng.range(45, 90)) + 20,
    autoRestock: true,
    restockDay: undefined,
    leadTime: 7 + rng.int(8),
    rankFactor: 1,
    baseRank: Math.round(rng.logNormal(4000, 0.9)),
    rating: Math.round(rng.range(3.6, 4.9) * 10) / 10,
    reviews: Math.round(rng.logNormal(300, 1.2)),
    createdDate,
    createdAt: `${createdDate}T10:00:00.000Z`,
    lastUpdatedAt: new Date(
      Date.parse(`${updatedDay}T00:00:00Z`) + updatedSecond * 1000,
    ).toISOString(),
    relevance: undefined,
  };
}

export type CampaignKind = "auto" | "exact" | "broad" | "productTargeting";

/** How a seller advertises: the campaigns it runs per category and how it bids. */
export interface BusinessPlan {
  kinds: readonly CampaignKind[];
  strategy: DynamicStrategy;
  /** Placement bid adjustments per campaign kind (percent). */
  placements: Partial<
    Record<CampaignKind, readonly { placement: Placement; percentage: number }[]>
  >;
  /** Multiplies every bid (around the category CPC) and every budget. */
  bidMultiplier: number;
  budgetMultiplier: number;
  /** Keywords per product: exact, phrase and broad. */
  keywords: readonly [number, number, number];
  /** Competitor ASINs targeted per product (product-targeting campaigns). */
  asinTargets: number;
}

export interface SellerSpec {
  sellerId: string;
  name: string;
  brand: string;
  countries: readonly string[];
  /** The demo seller: its catalogue follows `productsPerMarketplace`, its business is seeded explicitly. */
  main: boolean;
  /** Its own seed (mixed with the world's): catalogue and business differ from seller to seller. */
  seed: number;
  /** Products per marketplace (at most the world's productsPerMarketplace). */
  products: number;
  /** Category keys of its catalogue. */
  categories: readonly string[];
  plan: BusinessPlan;
}

export const DEMO_PLAN: BusinessPlan = {
  kinds: ["auto", "exact", "broad", "productTargeting"],
  strategy: "LEGACY_FOR_SALES",
  placements: {
    exact: [{ placement: "PLACEMENT_TOP", percentage: 50 }],
    broad: [{ placement: "PLACEMENT_REST_OF_SEARCH", percentage: 10 }],
    productTargeting: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 25 }],
  },
  bidMultiplier: 1,
  budgetMultiplier: 1,
  keywords: [8, 5, 5],
  asinTargets: 6,
};

/** The sandbox's sellers, as the consent pages list them. Every one has a business. */
export const SELLER_SPECS: readonly SellerSpec[] = [
  {
    sellerId: "A3SANDBOXDEMO01",
    name: "Starport Demo Store",
    brand: "Northwind",
    countries: ["DE", "FR", "US"],
    main: true,
    seed: 1,
    products: 400,
    categories: ["yoga", "kitchen", "pet", "phone", "camping", "office"],
    plan: DEMO_PLAN,
  },
  {
    sellerId: "A1SANDBOXALPINE",
    name: "Alpine Goods",
    brand: "Alpenglow",
    countries: ["DE", "FR"],
    main: false,
    seed: 2,
    products: 24,
    categories: ["camping", "yoga"],
    plan: {
      kinds: ["auto", "exact", "broad"],
      strategy: "AUTO_FOR_SALES",
      placements: {
        exact: [{ placement: "PLACEMENT_TOP", percentage: 80 }],
        auto: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 15 }],
      },
      bidMultiplier: 1.15,
      budgetMultiplier: 0.8,
      keywords: [6, 4, 3],
      asinTargets: 0,
    },
  },
  {
    sellerId: "A2SANDBOXLAKESD",
    name: "Lakeside Supply",
    brand: "Lakeside",
    countries: ["US"],
    main: false,
    seed: 3,
    products: 36,
    categories: ["kitchen", "pet", "office"],
    plan: {
      kinds: ["auto", "exact", "productTargeting"],
      strategy: "LEGACY_FOR_SALES",
      placements: {
        exact: [{ placement: "PLACEMENT_TOP", percentage: 30 }],
        productTargeting: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 40 }],
      },
      bidMultiplier: 0.9,
      budgetMultiplier: 1.3,
      keywords: [10, 0, 4],
      asinTargets: 4,
    },
  },
];

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

/**
 * Timestamp for a listing submission: the simulated date with the wall clock's time of day, strictly
 * after every earlier submission (ISO 8601, whole seconds).
 */
export function listingStamp(world: World, nowMs: number): string {
  const base = Date.parse(`${todayOf(world)}T00:00:00Z`) + (nowMs % 86_400_000);
  const ms = Math.max(Math.floor(base / 1000) * 1000, world.lastListingStamp + 1000);
  world.lastListingStamp = ms;
  return new Date(ms).toISOString();
}

/** A new seller listing (putListingsItem for an unknown SKU): a new ASIN unless `asin` is given. */
export function addSellerListing(
  world: World,
  args: {
    sellerId: string;
    sku: string;
    marketplaceId: string;
    category: Category;
    asin: string | undefined;
    title: string;
    brand: string;
    price: number;
    stock: number;
    stamp: string;
  },
): Product {
  const mp = marketplaceById(args.marketplaceId);
  if (!mp) throw new Error(`unknown marketplace ${args.marketplaceId}`);
  const rng = rngFor(world.seed, world.day, `listing|${args.sellerId}|${mp.id}|${args.sku}`);
  let asin = args.asin;
  if (asin !== undefined && world.products.has(productKey(mp.id, asin)))
    throw new Error(`ASIN ${asin} already exists in ${mp.id}`);
  // a new ASIN is new in every marketplace, so the listing can take it everywhere
  if (asin === undefined) {
    do asin = makeAsin(rng);
    while (MARKETPLACES.some((m) => world.products.has(productKey(m.id, asin ?? ""))));
  }
  // noun and modifiers (they drive relevance) from the title's words
  const words = new Set(tokenize(args.title));
  const nounIdx = args.category.nouns.findIndex((n) => tokenize(n).every((w) => words.has(w)));
  const mods = args.category.modifiers.flatMap((m, i) =>
    tokenize(m).every((w) => words.has(w)) ? [i] : [],
  );
  const p = makeProduct(world, rng, {
    asin,
    sku: args.sku,
    sellerId: args.sellerId,
    brand: args.brand,
    mp,
    cat: args.category,
    noun: nounIdx >= 0 ? nounIdx : rng.int(args.category.nouns.length),
    mods,
  });
  p.title = args.title;
  p.price = args.price;
  p.stock = args.stock;
  p.createdDate = args.stamp.slice(0, 10);
  p.createdAt = args.stamp;
  p.lastUpdatedAt = args.stamp;
  world.products.set(productKey(mp.id, p.asin), p);
  world.skuIndex.set(`${args.sellerId}|${mp.id}|${p.sku}`, p);
  addAsinTerm(world, p, rng);
  world.matchCache.clear();
  return p;
}

/** deleteListingsItem: the seller's offer goes; the ASIN's detail page stays in the catalogue. */
export function removeSellerListing(world: World, p: Product): void {
  if (p.sellerId === undefined) return;
  world.skuIndex.delete(`${p.sellerId}|${p.marketplaceId}|${p.sku}`);
  p.sellerId = undefined;
  p.sku = "";
  world.matchCache.clear();
}
