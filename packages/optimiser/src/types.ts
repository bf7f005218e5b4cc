import type { ResolvedSettings } from "@starport/settings";

/**
 * The optimiser's input and output. Plain data, shaped so that a database loader can fill it from
 * the synced entities, the running totals (`rollupSums`: two rows per entity and window), the
 * search-term and placement facts, the resolved settings and the economics; and so that the
 * backtest can fill it from the sandbox's reports. Money in the marketplace's currency, major
 * units (0.61 = 0,61 €); settings keep their micros and are converted where read.
 */

/** Sums over a span of days. */
export interface Sums {
  impressions: number;
  clicks: number;
  cost: number;
  /** Attributed orders (7 days, all SKUs, as Amazon reports them for Sponsored Products). */
  orders: number;
  sales: number;
}

/**
 * A target's facts: the settled window (days older than the attribution lag) as one row, and the
 * newest days one row per day with its age, so their orders can be weighted by completeness.
 */
export interface WindowFacts {
  settled: Sums;
  /** Days within the attribution lag; `ageDays` 1 = yesterday. */
  recent?: readonly (Sums & { ageDays: number })[];
}

export type MatchType = "EXACT" | "PHRASE" | "BROAD";
export type EntityState = "ENABLED" | "PAUSED" | "ARCHIVED";
export type PlacementKey = "top" | "rest" | "productPage";

export interface TargetNode {
  /** keywordId or targetId. */
  id: string;
  kind: "keyword" | "target";
  /** Keyword text, or the targeting expression as text (e.g. `asin="B0…"`, `close-match`). */
  text: string;
  matchType: MatchType | null;
  /** Auto-targeting clause (close/loose/substitutes/complements). */
  auto: boolean;
  state: EntityState;
  /** The bid in force (the ad group's default bid when the target has none). */
  bid: number;
  facts: WindowFacts;
}

export interface AdGroupNode {
  id: string;
  name: string;
  state: EntityState;
  defaultBid: number;
  /** Products advertised through the ad group's product ads. */
  products: readonly { productId: string; adId: string; state: EntityState }[];
  targets: readonly TargetNode[];
  /** Negative keywords at ad group level (exact/phrase text, normalised lower case). */
  negativeExact: readonly string[];
}

export interface CampaignNode {
  id: string;
  name: string;
  state: EntityState;
  targetingType: "AUTO" | "MANUAL";
  dailyBudget: number;
  biddingStrategy: "LEGACY_FOR_SALES" | "AUTO_FOR_SALES" | "MANUAL" | "RULE_BASED";
  /** Placement bid adjustments in percent (Amazon: top of search, product pages; 0–900). */
  placementAdjustments: Readonly<Record<PlacementKey, number>>;
  /** Placement facts of the window, per placement. */
  placements: Readonly<Partial<Record<PlacementKey, Sums>>>;
  /** Daily spend of the last days, newest last (budget-capped detection). */
  dailySpend: readonly number[];
  adGroups: readonly AdGroupNode[];
}

/** What the optimiser knows of a product: its resolved settings, economics and stock. */
export interface ProductInfo {
  id: string;
  asin: string;
  /** Gross price (incl. VAT), the prior for the order value. */
  price: number | null;
  settings: ResolvedSettings;
  /** Break-even ACoS as a fraction (`computeEconomics(...).breakEvenAcos`), null when unknown. */
  breakEvenAcos: number | null;
  /** Units in stock and days of cover (null when unknown). */
  stockUnits: number | null;
  daysOfCover: number | null;
  /** Ad spend of the window on this product (spend-weighted targets of multi-product ad groups). */
  spend: number;
}

/** A search term's facts under one keyword/target (the search-term report of the window). */
export interface SearchTermFact {
  campaignId: string;
  adGroupId: string;
  targetId: string;
  searchTerm: string;
  sums: Sums;
}

/** A change made to an entity (any author), for the cool-down. */
export interface RecentChange {
  entityId: string;
  /** YYYY-MM-DD. */
  date: string;
  field: "bid" | "state" | "budget" | "keyword" | "negative";
}

export interface OptimiserInput {
  /** The run's date, YYYY-MM-DD. */
  today: string;
  /** Days of facts the input holds (settled and recent): the log's window says how many. */
  windowDays?: number;
  /** Marketplace country code (Amazon's per-marketplace bid limits). */
  countryCode: string;
  /** The profile's (global/marketplace) resolved settings: campaign-level values. */
  profileSettings: ResolvedSettings;
  campaigns: readonly CampaignNode[];
  products: readonly ProductInfo[];
  searchTerms: readonly SearchTermFact[];
  recentChanges: readonly RecentChange[];
  /** Options not (yet) in the settings catalogue; defaults in `DEFAULT_OPTIONS`. */
  options?: Partial<OptimiserOptions>;
}

export interface OptimiserOptions {
  /** P(CVR < break-even CVR) above which a search term is negated. */
  negationConfidence: number;
  /** A change smaller than this share of the bid is not made (dead-band). */
  deadBand: number;
  /** Cap of the discovery bid (currency units); null: 1.5 × the prior bid. */
  discoveryBid: number | null;
  /**
   * Share of a click day's orders reported after 1, 2, … days (index 0 = age 1); ages beyond the
   * list count as complete. Amazon reports most orders within a day and the rest within 7.
   */
  attributionCompleteness: readonly number[];
  /** Pseudo-orders of the order-value prior. */
  orderValuePriorOrders: number;
  /** A campaign counts as budget-capped when it spent ≥ this share of its budget on ≥ half the days. */
  budgetCappedShare: number;
}

// ----- output -----

export type ReasonCode =
  | "bidOnTarget"
  | "bidDiscovery"
  | "bidLowCover"
  | "bidOutOfStock"
  | "pauseOutOfStock"
  | "resumeOnRestock"
  | "negativeByProbability"
  | "harvestKeyword"
  | "harvestNegateSource"
  | "budgetCapped";

/** Why nothing was done for an entity that was considered (the log can show these too). */
export type HoldCode = "coolDown" | "deadBand" | "noTarget" | "atLimit";

/** The figures a decision was made from (the log's "inputs"). */
export interface DecisionInputs {
  window: { settledDays?: number; recentDays: number };
  clicks: number;
  orders: number;
  spend: number;
  sales: number;
  /** Raw CVR (orders/clicks, completeness-weighted), null without clicks. */
  rawCvr: number | null;
  shrunkCvr: number;
  parentCvr: number;
  /** Prior strength (pseudo-clicks) used at this level. */
  priorClicks: number;
  orderValue: number;
  /** Target ACoS as a fraction, and where it comes from. */
  targetAcos: number;
  targetSource: "product" | "spendWeighted" | "fixedFallback";
  placementFactor: number;
}

export type Decision =
  | {
      kind: "bid";
      entityId: string;
      entityKind: "keyword" | "target";
      campaignId: string;
      adGroupId: string;
      oldBid: number;
      newBid: number;
      reason: ReasonCode;
      params: Record<string, string | number | boolean>;
      inputs: DecisionInputs;
    }
  | {
      kind: "state";
      entityId: string;
      entityKind: "productAd";
      campaignId: string;
      adGroupId: string;
      state: "ENABLED" | "PAUSED";
      reason: ReasonCode;
      params: Record<string, string | number | boolean>;
    }
  | {
      kind: "negative";
      campaignId: string;
      adGroupId: string;
      /** Negative exact keyword, or a negative ASIN target for product pages. */
      negativeKind: "keyword" | "asin";
      text: string;
      reason: ReasonCode;
      params: Record<string, string | number | boolean>;
      sourceTargetId: string;
    }
  | {
      kind: "keyword";
      /** Where the harvested term goes; null: no exact ad group advertises the product. */
      campaignId: string | null;
      adGroupId: string | null;
      /** Exact keyword, or an ASIN target (`asin` = the product page term). */
      keywordKind: "keyword" | "asin";
      text: string;
      bid: number;
      reason: ReasonCode;
      params: Record<string, string | number | boolean>;
      sourceAdGroupId: string;
    }
  | {
      kind: "budget";
      campaignId: string;
      oldBudget: number;
      newBudget: number;
      reason: ReasonCode;
      params: Record<string, string | number | boolean>;
    };

export interface Hold {
  entityId: string;
  code: HoldCode;
  params: Record<string, string | number | boolean>;
}

/** A keyword's or target's fitted conversion rate and the (completeness-weighted) clicks behind it. */
export interface CvrEstimate {
  cvr: number;
  clicks: number;
}

export interface OptimiserOutput {
  decisions: Decision[];
  holds: Hold[];
  /** The fitted CVR of every keyword/target (the backtest measures their error). */
  estimates: ReadonlyMap<string, CvrEstimate>;
  /** Settings that contradict each other, named, never thrown. */
  warnings: { code: string; productId?: string; params?: Record<string, string | number> }[];
  counts: Record<Decision["kind"], number>;
}
