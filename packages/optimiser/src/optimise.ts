import { spLimitsOf } from "@starport/amazon";
import type { ResolvedSettings } from "@starport/settings";
import { TargetEstimates } from "./estimates.ts";
import {
  betaCdf,
  fitCovariateExponent,
  fitPriorStrength,
  leaveOneOutFactors,
  randomEffectsMeans,
} from "./stats.ts";
import type {
  AdGroupNode,
  CampaignNode,
  Decision,
  DecisionInputs,
  Hold,
  OptimiserInput,
  OptimiserOptions,
  OptimiserOutput,
  PlacementKey,
  ProductInfo,
  Sums,
  TargetNode,
} from "./types.ts";

/** Amazon reports ~70 % of a click day's orders the next day, the rest within 7 days. */
export const DEFAULT_ATTRIBUTION_COMPLETENESS = [0.7, 0.85, 0.9, 0.93, 0.955, 0.975, 0.99] as const;

export const DEFAULT_OPTIONS: OptimiserOptions = {
  negationConfidence: 0.9,
  deadBand: 0.05,
  discoveryBid: null,
  attributionCompleteness: DEFAULT_ATTRIBUTION_COMPLETENESS,
  orderValuePriorOrders: 3,
  budgetCappedShare: 0.95,
};

/** Used only when the whole account has no click yet: a typical Sponsored Products CVR. */
const ACCOUNT_PRIOR_CVR = 0.08;
/** Pseudo-clicks (at the ad group's CTR) smoothing a target's click-through rate. */
const CTR_PRIOR_CLICKS = 2;
/** Click shares per placement when a campaign has no placement facts yet. */
const DEFAULT_PLACEMENT_SHARE: Record<PlacementKey, number> = {
  top: 0.35,
  rest: 0.45,
  productPage: 0.2,
};
/** "Up and down" dynamic bidding raises bids by up to 100 % (top) / 50 % (elsewhere); we expect half. */
const UP_AND_DOWN_UPLIFT: Record<PlacementKey, number> = {
  top: 1.5,
  rest: 1.25,
  productPage: 1.25,
};
const PLACEMENTS: readonly PlacementKey[] = ["top", "rest", "productPage"];
const DAY_MS = 86_400_000;
const ASIN_TERM = /^b0[a-z0-9]{8}$/i;

const cents = (x: number): number => Math.round(x * 100) / 100;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Identity index 0…n-1 (every entity its own group), without Int32Array.from's iterator. */
function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** The clause type of every keyword match type, built once instead of per keyword. */
const KEYWORD_CLAUSES: Record<string, string> = {
  EXACT: "keyword:EXACT",
  PHRASE: "keyword:PHRASE",
  BROAD: "keyword:BROAD",
};

/** Placement factor: the click-weighted multiplier Amazon applies on top of the base bid. */
export function placementFactor(c: CampaignNode): number {
  let clicks = 0;
  for (const p of PLACEMENTS) clicks += c.placements[p]?.clicks ?? 0;
  let f = 0;
  for (const p of PLACEMENTS) {
    const share = clicks > 0 ? (c.placements[p]?.clicks ?? 0) / clicks : DEFAULT_PLACEMENT_SHARE[p];
    const uplift = c.biddingStrategy === "AUTO_FOR_SALES" ? UP_AND_DOWN_UPLIFT[p] : 1;
    f += share * (1 + (c.placementAdjustments[p] ?? 0) / 100) * uplift;
  }
  return f > 0 ? f : 1;
}

/**
 * The campaign's targeting kind: 0 auto, 1 exact keywords, 2 phrase/broad keywords, 3 product
 * targeting (the kind most of its targets have).
 */
export const TARGETING_KINDS = 4;
export function targetingKindOf(c: CampaignNode): number {
  if (c.targetingType === "AUTO") return 0;
  const n = [0, 0, 0, 0];
  for (const g of c.adGroups)
    for (const t of g.targets) {
      const k = targetKindOf(t);
      n[k] = (n[k] as number) + 1;
    }
  return mostCommonKind(n);
}

/** A manual target's kind: 1 exact keyword, 2 phrase/broad keyword, 3 product targeting. */
function targetKindOf(t: TargetNode): number {
  return t.kind === "target" ? 3 : t.matchType === "EXACT" ? 1 : 2;
}

/** The manual kind most targets have (counts per kind 1–3; a tie goes to the lower kind). */
function mostCommonKind(n: readonly number[]): number {
  let best = 1;
  for (let k = 2; k < 4; k++) if ((n[k] as number) > (n[best] as number)) best = k;
  return best;
}

/** A targeting clause's type: the keyword's match type, or the expression's kind (`asin`, `close-match`…). */
function clauseTypeOf(t: TargetNode): string {
  if (t.kind === "keyword")
    return KEYWORD_CLAUSES[t.matchType ?? ""] ?? `keyword:${t.matchType ?? ""}`;
  const i = t.text.indexOf("=");
  return `${t.auto ? "auto" : "target"}:${(i >= 0 ? t.text.slice(0, i) : t.text).toLowerCase()}`;
}

/**
 * The number of a target's clause type in `index` (numbered in order of first appearance).
 * Keywords' types are looked up by comparison, not by a property keyed with the match type: a
 * million keyed lookups showed in the profile. `kind` is targetKindOf(t).
 */
function clauseNumber(index: Map<string, number>, t: TargetNode, kind: number): number {
  const key =
    kind === 1
      ? KEYWORD_CLAUSES.EXACT
      : t.kind === "keyword" && t.matchType === "PHRASE"
        ? KEYWORD_CLAUSES.PHRASE
        : t.kind === "keyword" && t.matchType === "BROAD"
          ? KEYWORD_CLAUSES.BROAD
          : clauseTypeOf(t);
  let j = index.get(key as string);
  if (j === undefined) {
    j = index.size;
    index.set(key as string, j);
  }
  return j;
}

interface GroupTarget {
  acos: number;
  source: DecisionInputs["targetSource"];
  breakEven: number;
  settings: ResolvedSettings;
  products: ProductInfo[];
}

/** The ad group's target: its product's, or the spend-weighted target of its products. */
function groupTarget(
  g: AdGroupNode,
  products: Map<string, ProductInfo>,
  fallback: ResolvedSettings,
): GroupTarget | null {
  const list: ProductInfo[] = [];
  for (const p of g.products) {
    const info = products.get(p.productId);
    if (info) list.push(info);
  }
  if (list.length === 0) {
    const t = fallback.effectiveTargetAcos ?? fallback.values.targetAcos.value;
    if (t === null) return null;
    return {
      acos: t / 100,
      source: "fixedFallback",
      breakEven: t / 100,
      settings: fallback,
      products: list,
    };
  }
  let w = 0;
  let acos = 0;
  let be = 0;
  let fellBack = false;
  const totalSpend = list.reduce((s, p) => s + p.spend, 0);
  for (const p of list) {
    let t = p.settings.effectiveTargetAcos;
    if (t === null) {
      // relative to break-even without economics: bid on the fixed target and say so
      t = p.settings.values.targetAcos.value;
      fellBack = true;
    }
    if (t === null) continue;
    const weight = totalSpend > 0 ? p.spend : 1;
    w += weight;
    acos += weight * (t / 100);
    be += weight * (p.breakEvenAcos ?? t / 100);
  }
  if (w === 0) return null;
  return {
    acos: acos / w,
    source: fellBack ? "fixedFallback" : list.length > 1 ? "spendWeighted" : "product",
    breakEven: be / w,
    settings: (list[0] as ProductInfo).settings,
    products: list,
  };
}

/**
 * The tree's facts as arrays, per target, ad group and campaign, filled one ad group at a time.
 * Also the campaigns' targeting kinds and the targets' clause types: one walk over the million
 * target objects (each further walk cost 100–300 ms in memory traffic, profiled on the 1,000,000-target bench).
 */
class TreeFacts {
  readonly tClicks: Float64Array;
  /**
   * The clicks as reported, for the reason sentence: "129.8 clicks" (the attribution-weighted
   * count the estimate uses) reads as a defect to a seller.
   */
  readonly tSeenClicks: Float64Array;
  readonly tOrders: Float64Array;
  readonly tSales: Float64Array;
  readonly tCost: Float64Array;
  readonly tImpr: Float64Array;
  readonly tGroup: Int32Array;
  readonly tClause: Int32Array;
  /**
   * What the bids read of each target, copied while its object is at hand: the bid pass then
   * reads arrays in order instead of a million objects spread over the heap again.
   */
  readonly tId: string[];
  readonly tBid: Float64Array;
  readonly tEnabled: Uint8Array;
  readonly tIsProductTarget: Uint8Array;
  readonly gClicks: Float64Array;
  readonly gOrders: Float64Array;
  readonly gSales: Float64Array;
  readonly gCampaign: Int32Array;
  readonly cClicks: Float64Array;
  readonly cOrders: Float64Array;
  readonly cSales: Float64Array;
  readonly cCost: Float64Array;
  readonly cKind: Int32Array;
  readonly clauseIndex = new Map<string, number>();
  /** Position of each ad group's first target. */
  readonly gFirst: Int32Array;
  /** 1: the ad group has targets, all exact keywords (a harvest destination for keywords). */
  readonly gAllExact: Uint8Array;
  /** 1: the ad group has manual product targets (perhaps ASINs: a destination for ASINs). */
  readonly gProductTargets: Uint8Array;
  readonly #completeness: readonly number[];

  constructor(
    nTargets: number,
    nGroups: number,
    nCampaigns: number,
    completeness: readonly number[],
  ) {
    this.tClicks = new Float64Array(nTargets);
    this.tSeenClicks = new Float64Array(nTargets);
    this.tOrders = new Float64Array(nTargets);
    this.tSales = new Float64Array(nTargets);
    this.tCost = new Float64Array(nTargets);
    this.tImpr = new Float64Array(nTargets);
    this.tGroup = new Int32Array(nTargets);
    this.tClause = new Int32Array(nTargets);
    this.tId = new Array<string>(nTargets);
    this.tBid = new Float64Array(nTargets);
    this.tEnabled = new Uint8Array(nTargets);
    this.tIsProductTarget = new Uint8Array(nTargets);
    this.gClicks = new Float64Array(nGroups);
    this.gOrders = new Float64Array(nGroups);
    this.gSales = new Float64Array(nGroups);
    this.gCampaign = new Int32Array(nGroups);
    this.gFirst = new Int32Array(nGroups);
    this.gAllExact = new Uint8Array(nGroups);
    this.gProductTargets = new Uint8Array(nGroups);
    this.cClicks = new Float64Array(nCampaigns);
    this.cOrders = new Float64Array(nCampaigns);
    this.cSales = new Float64Array(nCampaigns);
    this.cCost = new Float64Array(nCampaigns);
    this.cKind = new Int32Array(nCampaigns);
    this.#completeness = completeness;
  }

  /**
   * Ad group `g` (number gi, in campaign ci), its targets from position ti; counts its targets'
   * kinds into kindCounts and returns the next position. A method per ad group, not one loop
   * over the tree inside optimise: called 50,000 times it is optimised whole and early, where
   * the loop in the large function ran on-stack-replaced code that deoptimised run after run.
   */
  addGroup(g: AdGroupNode, gi: number, ci: number, ti: number, kindCounts: number[]): number {
    const completeness = this.#completeness;
    this.gCampaign[gi] = ci;
    this.gFirst[gi] = ti;
    let gClicks = 0;
    let gOrders = 0;
    let gSales = 0;
    let cCost = this.cCost[ci] as number;
    let exact = 0;
    let productTargets = 0;
    for (const t of g.targets) {
      const kind = targetKindOf(t);
      kindCounts[kind] = (kindCounts[kind] as number) + 1;
      if (t.matchType === "EXACT") exact++;
      if (t.kind === "target" && !t.auto) productTargets++;
      this.tId[ti] = t.id;
      this.tBid[ti] = t.bid;
      this.tEnabled[ti] = t.state === "ENABLED" ? 1 : 0;
      this.tIsProductTarget[ti] = t.kind === "target" ? 1 : 0;
      this.tClause[ti] = clauseNumber(this.clauseIndex, t, kind);
      // completeness-weighted clicks and the orders seen so far: their ratio is an unbiased CVR
      const s = t.facts.settled;
      let clicks = s.clicks;
      let seenClicks = s.clicks;
      let orders = s.orders;
      let sales = s.sales;
      let cost = s.cost;
      let impressions = s.impressions;
      const recent = t.facts.recent;
      if (recent)
        for (const d of recent) {
          const share = d.ageDays >= 1 ? (completeness[d.ageDays - 1] ?? 1) : 0;
          impressions += d.impressions;
          clicks += d.clicks * share;
          seenClicks += d.clicks;
          cost += d.cost;
          orders += d.orders;
          sales += d.sales;
        }
      this.tClicks[ti] = clicks;
      this.tSeenClicks[ti] = seenClicks;
      this.tOrders[ti] = orders;
      this.tSales[ti] = sales;
      this.tCost[ti] = cost;
      this.tImpr[ti] = impressions;
      this.tGroup[ti] = gi;
      gClicks += clicks;
      gOrders += orders;
      gSales += sales;
      cCost += cost;
      ti++;
    }
    this.gAllExact[gi] = exact > 0 && exact === g.targets.length ? 1 : 0;
    this.gProductTargets[gi] = productTargets > 0 ? 1 : 0;
    this.gClicks[gi] = gClicks;
    this.gOrders[gi] = gOrders;
    this.gSales[gi] = gSales;
    this.cCost[ci] = cCost;
    this.cClicks[ci] = (this.cClicks[ci] as number) + gClicks;
    this.cOrders[ci] = (this.cOrders[ci] as number) + gOrders;
    this.cSales[ci] = (this.cSales[ci] as number) + gSales;
    return ti;
  }
}

function emptyCounts(): Record<Decision["kind"], number> {
  return { bid: 0, state: 0, negative: 0, keyword: 0, budget: 0 };
}

/**
 * One optimiser run over a profile: pure, deterministic, no I/O. See README.md for the methods.
 */
export function optimise(input: OptimiserInput): OptimiserOutput {
  const opt: OptimiserOptions = { ...DEFAULT_OPTIONS, ...input.options };
  const completeness = opt.attributionCompleteness;
  const limits = spLimitsOf(input.countryCode);
  const products = new Map(input.products.map((p) => [p.id, p]));
  const decisions: Decision[] = [];
  const holds: Hold[] = [];
  const warnings: OptimiserOutput["warnings"] = [];
  const counts = emptyCounts();
  const push = (d: Decision): void => {
    decisions.push(d);
    counts[d.kind]++;
  };

  const lastChanges = new Map<string, string>();
  const stateChanged = new Set<string>();
  for (const ch of input.recentChanges) {
    if (ch.field === "state") stateChanged.add(ch.entityId);
    const prev = lastChanges.get(ch.entityId);
    if (prev === undefined || ch.date > prev) lastChanges.set(ch.entityId, ch.date);
  }

  // ---- flatten the tree into arrays (fast for a million targets) ----
  const campaigns = input.campaigns;
  let nTargets = 0;
  let nGroups = 0;
  for (const c of campaigns) {
    nGroups += c.adGroups.length;
    for (const g of c.adGroups) nTargets += g.targets.length;
  }
  const tree = new TreeFacts(nTargets, nGroups, campaigns.length, completeness);
  {
    let ti = 0;
    let gi = 0;
    for (let ci = 0; ci < campaigns.length; ci++) {
      const c = campaigns[ci] as CampaignNode;
      const kindCounts = [0, 0, 0, 0];
      for (const g of c.adGroups) ti = tree.addGroup(g, gi++, ci, ti, kindCounts);
      tree.cKind[ci] = c.targetingType === "AUTO" ? 0 : mostCommonKind(kindCounts);
    }
  }
  const { tClicks, tSeenClicks, tOrders, tSales, tCost, tImpr, tGroup, tClause } = tree;
  const { tId, tBid, tEnabled, tIsProductTarget } = tree;
  const { gClicks, gOrders, gSales, gCampaign, cClicks, cOrders, cSales, cCost, cKind } = tree;
  const { clauseIndex, gFirst, gAllExact, gProductTargets } = tree;
  let totalClicks = 0;
  let totalOrders = 0;
  let totalSales = 0;
  for (let ci = 0; ci < campaigns.length; ci++) {
    totalClicks += cClicks[ci] as number;
    totalOrders += cOrders[ci] as number;
    totalSales += cSales[ci] as number;
  }

  // ---- hierarchical empirical Bayes: marketplace → targeting kind → campaign → ad group (× its
  // product's factor) → target (× its relevance, seen in its CTR) ----
  const mpCvr =
    totalClicks > 0 ? (totalOrders + 1 * ACCOUNT_PRIOR_CVR) / (totalClicks + 1) : ACCOUNT_PRIOR_CVR;
  // targeting kinds (auto, keywords, product targeting) convert differently: product targeting
  // serves on product pages, keywords mostly in search; campaigns shrink toward their kind
  const kClicks = new Float64Array(TARGETING_KINDS);
  const kOrders = new Float64Array(TARGETING_KINDS);
  for (let i = 0; i < campaigns.length; i++) {
    const k = cKind[i] as number;
    kClicks[k] = (kClicks[k] as number) + (cClicks[i] as number);
    kOrders[k] = (kOrders[k] as number) + (cOrders[i] as number);
  }
  const mKind = fitPriorStrength(
    [0, 1, 2, 3],
    kClicks,
    kOrders,
    new Float64Array(TARGETING_KINDS).fill(mpCvr),
  );
  const kCvr = Float64Array.from(
    kClicks,
    (n, k) => ((kOrders[k] as number) + mKind * mpCvr) / (n + mKind),
  );
  const mCampaign = fitPriorStrength(
    identity(campaigns.length),
    cClicks,
    cOrders,
    Float64Array.from(cKind, (k) => kCvr[k] as number),
  );
  // the campaigns' prior mean is the kind's random-effects mean, not its pooled rate
  const reKind = randomEffectsMeans(cKind, cClicks, cOrders, kCvr, mCampaign);
  const campaignParent = Float64Array.from(cKind, (k) => reKind[k] as number);
  const cCvr = new Float64Array(campaigns.length);
  for (let i = 0; i < campaigns.length; i++)
    cCvr[i] =
      ((cOrders[i] as number) + mCampaign * (campaignParent[i] as number)) /
      ((cClicks[i] as number) + mCampaign);
  // a product converts alike wherever it is advertised (its exact, broad, product-targeting ad
  // groups): the ad group's prior is its campaign's rate times its product's factor
  const productIndex = new Map<string, number>();
  const gProduct = new Int32Array(nGroups).fill(-1);
  {
    let k = 0;
    for (const c of campaigns)
      for (const g of c.adGroups) {
        if (g.products.length === 1) {
          const id = (g.products[0] as { productId: string }).productId;
          let p = productIndex.get(id);
          if (p === undefined) {
            p = productIndex.size;
            productIndex.set(id, p);
          }
          gProduct[k] = p;
        }
        k++;
      }
  }
  const gExpected = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    gExpected[i] = (gClicks[i] as number) * (cCvr[gCampaign[i] as number] as number);
  const pFactor = leaveOneOutFactors(gProduct, productIndex.size, gOrders, gExpected);
  const groupParent = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    groupParent[i] = Math.min(
      0.999,
      (cCvr[gCampaign[i] as number] as number) * (pFactor[i] as number),
    );
  const mGroup = fitPriorStrength(identity(nGroups), gClicks, gOrders, groupParent);
  const gCvr = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    gCvr[i] =
      ((gOrders[i] as number) + mGroup * (groupParent[i] as number)) /
      ((gClicks[i] as number) + mGroup);
  const targetParent = new Float64Array(nTargets);
  for (let i = 0; i < nTargets; i++) targetParent[i] = gCvr[tGroup[i] as number] as number;
  // relevance shows in both the click-through and the conversion rate: a target's prior is its ad
  // group's rate times (its CTR / the group's CTR)^β, the CTR smoothed with 2 pseudo-clicks at the
  // group's, β fitted on all targets (Poisson likelihood)
  {
    const gImpr = new Float64Array(nGroups);
    for (let i = 0; i < nTargets; i++) {
      const g = tGroup[i] as number;
      gImpr[g] = (gImpr[g] as number) + (tImpr[i] as number);
    }
    const ratio = new Float64Array(nTargets).fill(1);
    for (let i = 0; i < nTargets; i++) {
      const g = tGroup[i] as number;
      const gCtr = (gImpr[g] as number) > 0 ? (gClicks[g] as number) / (gImpr[g] as number) : 0;
      if (gCtr <= 0) continue;
      const ctr =
        ((tClicks[i] as number) + CTR_PRIOR_CLICKS) /
        ((tImpr[i] as number) + CTR_PRIOR_CLICKS / gCtr);
      ratio[i] = ctr / gCtr;
    }
    const beta = fitCovariateExponent(tClicks, tOrders, targetParent, ratio);
    if (beta > 0)
      for (let i = 0; i < nTargets; i++)
        targetParent[i] = Math.min(
          0.999,
          (targetParent[i] as number) * (ratio[i] as number) ** beta,
        );
  }
  // clause types convert differently within an ad group (phrase vs broad, close vs loose match,
  // ASIN vs category): a target's prior times its clause type's factor over the account's other
  // targets of that type (observed / expected orders, leave-one-out, shrunk toward 1)
  {
    const expected = new Float64Array(nTargets);
    for (let i = 0; i < nTargets; i++)
      expected[i] = (tClicks[i] as number) * (targetParent[i] as number);
    const f = leaveOneOutFactors(tClause, clauseIndex.size, tOrders, expected);
    for (let i = 0; i < nTargets; i++)
      targetParent[i] = Math.min(0.999, (targetParent[i] as number) * (f[i] as number));
  }
  const mTarget = fitPriorStrength(identity(nTargets), tClicks, tOrders, targetParent);
  const tCvr = new Float64Array(nTargets);
  for (let i = 0; i < nTargets; i++)
    tCvr[i] =
      ((tOrders[i] as number) + mTarget * (targetParent[i] as number)) /
      ((tClicks[i] as number) + mTarget);

  const m0 = opt.orderValuePriorOrders;
  let priceSum = 0;
  let priceN = 0;
  for (const p of input.products)
    if (p.price !== null && p.price > 0) {
      priceSum += p.price;
      priceN++;
    }
  const mpAov =
    totalOrders > 0
      ? (totalSales + m0 * (priceN ? priceSum / priceN : totalSales / totalOrders)) /
        (totalOrders + m0)
      : priceN
        ? priceSum / priceN
        : 0;

  const targetAcosOfGroup: (GroupTarget | null)[] = new Array(nGroups);
  const gAov = new Float64Array(nGroups);
  const cFactor = new Float64Array(campaigns.length);
  const lowCoverWarned = new Set<string>();

  // ---- per target: bids ----
  const run: BidRun = {
    input,
    opt,
    lastChanges,
    tId,
    tBid,
    tEnabled,
    tIsProductTarget,
    tCvr,
    tClicks,
    tSeenClicks,
    tOrders,
    tSales,
    tCost,
    tImpr,
    targetParent,
    mTarget,
    m0,
    holds,
    push,
  };
  let ti = 0;
  let gi = 0;
  for (let ci = 0; ci < campaigns.length; ci++) {
    const c = campaigns[ci] as CampaignNode;
    const factor = placementFactor(c);
    cFactor[ci] = factor;
    for (const g of c.adGroups) {
      const gt = groupTarget(g, products, input.profileSettings);
      targetAcosOfGroup[gi] = gt;
      // order value: the products' price, then the ad group's orders, then the target's
      let pSum = 0;
      let pN = 0;
      for (const p of gt?.products ?? [])
        if (p.price !== null && p.price > 0) {
          pSum += p.price;
          pN++;
        }
      const groupPrior = pN ? pSum / pN : mpAov;
      const aovG = ((gSales[gi] as number) + m0 * groupPrior) / ((gOrders[gi] as number) + m0);
      gAov[gi] = aovG;
      const s = gt?.settings;
      const live = c.state === "ENABLED" && g.state === "ENABLED";
      const mode = s?.values.automationMode.value ?? "suggest";
      // stock: the ad group's products
      let lowCover = false;
      let outOfStock = false;
      if (s && gt && gt.products.length > 0) {
        const lowDays = s.values.lowCoverDays.value ?? 0;
        lowCover = gt.products.every((p) => p.daysOfCover !== null && p.daysOfCover < lowDays);
        outOfStock = gt.products.every((p) => p.stockUnits !== null && p.stockUnits <= 0);
        stockDecisions(c, g, s, products, stateChanged, push);
      }
      const minBidS = (s?.values.minBidMicros.value ?? 20_000) / 1e6;
      const maxBidS = (s?.values.maxBidMicros.value ?? 5_000_000) / 1e6;
      let lo = Math.max(limits.minBid, minBidS);
      let hi = Math.min(limits.maxBid, maxBidS);
      if (lo > hi) {
        const key = gt?.products[0]?.id ?? g.id;
        if (!lowCoverWarned.has(key)) {
          warnings.push({
            code: "minBidAboveMaxBid",
            productId: key,
            params: { min: minBidS, max: maxBidS },
          });
          lowCoverWarned.add(key);
        }
        lo = Math.max(limits.minBid, Math.min(minBidS, maxBidS));
        hi = Math.max(lo, Math.min(limits.maxBid, maxBidS));
      }
      const maxChange = (s?.values.maxBidChangePercent.value ?? 20) / 100;
      const cooldown = s?.values.cooldownDays.value ?? 3;
      const lagDays = s?.values.attributionLagDays.value ?? 3;
      // one window object per ad group: every decision of the group reads the same
      const window =
        input.windowDays === undefined
          ? { recentDays: lagDays }
          : { settledDays: Math.max(0, input.windowDays - lagDays), recentDays: lagDays };
      const lowCoverCut =
        lowCover && s?.values.lowCoverAction.value === "lowerBids"
          ? (s.values.lowCoverBidReductionPercent.value ?? 30) / 100
          : 0;
      const group: GroupBidding = {
        c,
        g,
        gt,
        s,
        live,
        mode,
        outOfStock,
        factor,
        aovG,
        lo,
        hi,
        maxChange,
        cooldown,
        window,
        lowCoverCut,
      };
      targetBids(run, group, ti);
      ti += g.targets.length;
      gi++;
    }
  }

  const estimates = new TargetEstimates(campaigns, tCvr, tClicks);
  searchTermDecisions(input, opt, {
    gFirst,
    gAllExact,
    gProductTargets,
    estimates,
    tCvr,
    tGroup,
    gAov,
    targetAcosOfGroup,
    cFactor,
    limits: { lo: limits.minBid, hi: limits.maxBid },
    push,
  });
  budgetDecisions(input, opt, cCost, cSales, targetAcosOfGroup, push);
  return { decisions, holds, estimates, warnings, counts };
}

/** What every ad group's bid decisions read from the run. */
interface BidRun {
  input: OptimiserInput;
  opt: OptimiserOptions;
  lastChanges: ReadonlyMap<string, string>;
  tId: readonly string[];
  tBid: Float64Array;
  tEnabled: Uint8Array;
  tIsProductTarget: Uint8Array;
  tCvr: Float64Array;
  tClicks: Float64Array;
  tSeenClicks: Float64Array;
  tOrders: Float64Array;
  tSales: Float64Array;
  tCost: Float64Array;
  tImpr: Float64Array;
  targetParent: Float64Array;
  mTarget: number;
  m0: number;
  holds: Hold[];
  push: (d: Decision) => void;
}

/** An ad group's target, settings and bounds, resolved once for all its targets. */
interface GroupBidding {
  c: CampaignNode;
  g: AdGroupNode;
  gt: GroupTarget | null;
  s: ResolvedSettings | undefined;
  live: boolean;
  mode: string;
  outOfStock: boolean;
  factor: number;
  aovG: number;
  lo: number;
  hi: number;
  maxChange: number;
  cooldown: number;
  window: { recentDays: number };
  lowCoverCut: number;
}

/**
 * The bid decisions (or holds) of one ad group's targets, the first at position ti. A function
 * per ad group, not a loop inside optimise: called 50,000 times it is optimised whole and early,
 * where the loop in the large function ran on-stack-replaced code that deoptimised run after run.
 */
function targetBids(run: BidRun, group: GroupBidding, ti: number): void {
  const { input, opt, lastChanges, tCvr, tClicks, tSeenClicks, tOrders, tSales, tCost, tImpr } =
    run;
  const { targetParent, mTarget, m0, holds, push, tId, tBid, tEnabled, tIsProductTarget } = run;
  const { c, g, gt, s, live, mode, outOfStock, factor, aovG, lo, hi, maxChange, cooldown } = group;
  const { window, lowCoverCut } = group;
  const end = ti + g.targets.length;
  for (let i = ti; i < end; i++) {
    const id = tId[i] as string;
    const bid = tBid[i] as number;
    const cvr = tCvr[i] as number;
    if (!live || tEnabled[i] === 0 || mode === "off" || outOfStock) continue;
    if (!gt) {
      holds.push({ entityId: id, code: "noTarget", params: {} });
      continue;
    }
    const aov = ((tSales[i] as number) + m0 * aovG) / ((tOrders[i] as number) + m0);
    let desired = (gt.acos * cvr * aov) / factor;
    let reason: Decision["reason"] = "bidOnTarget";
    const noImpressions = (tImpr[i] as number) === 0;
    if (lowCoverCut > 0) {
      desired *= 1 - lowCoverCut;
      reason = "bidLowCover";
    } else if (noImpressions) {
      // The settings' discovery bid cap; an explicit option overrides it.
      const settingCap = s?.values.discoveryBidMicros?.value;
      const cap =
        input.options?.discoveryBid ??
        (settingCap != null ? settingCap / 1_000_000 : (opt.discoveryBid ?? desired * 1.5));
      desired = Math.min(cap, bid * (1 + maxChange));
      if (desired <= bid) {
        holds.push({ entityId: id, code: "atLimit", params: { cap: cents(cap) } });
        continue;
      }
      reason = "bidDiscovery";
    }
    // no lookup when nothing changed lately: each lookup hashes the target's id
    const changed = lastChanges.size === 0 ? null : (lastChanges.get(id) ?? null);
    if (changed !== null && daysBetween(changed, input.today) < cooldown) {
      holds.push({
        entityId: id,
        code: "coolDown",
        params: { since: changed, days: cooldown },
      });
      continue;
    }
    let next = Math.min(bid * (1 + maxChange), Math.max(bid * (1 - maxChange), desired));
    // bounds in whole cents, inside the limits (a min of 0.160001 is 0.17, not 0.16)
    next = Math.min(
      Math.floor(hi * 100 + 1e-6) / 100,
      Math.max(Math.ceil(lo * 100 - 1e-6) / 100, cents(next)),
    );
    if (Math.abs(next - bid) < opt.deadBand * bid || next === cents(bid)) {
      holds.push({ entityId: id, code: "deadBand", params: { desired: cents(desired) } });
      continue;
    }
    const clicks = tClicks[i] as number;
    push({
      kind: "bid",
      entityId: id,
      entityKind: tIsProductTarget[i] === 1 ? "target" : "keyword",
      campaignId: c.id,
      adGroupId: g.id,
      oldBid: bid,
      newBid: next,
      reason,
      params: {
        clicks: tSeenClicks[i] as number,
        orders: tOrders[i] as number,
        cvr: round4(cvr),
        parentCvr: round4(targetParent[i] as number),
        targetAcos: round4(gt.acos),
        targetSource: gt.source,
        bid: next,
        limited: next !== cents(desired),
      },
      inputs: {
        window,
        clicks,
        orders: tOrders[i] as number,
        spend: cents(tCost[i] as number),
        sales: cents(tSales[i] as number),
        rawCvr: clicks > 0 ? (tOrders[i] as number) / clicks : null,
        shrunkCvr: cvr,
        parentCvr: targetParent[i] as number,
        priorClicks: mTarget,
        orderValue: aov,
        targetAcos: gt.acos,
        targetSource: gt.source,
        placementFactor: factor,
      },
    });
  }
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Storage disruption: pause on stock-out (or low cover with "pause"), resume on restock. */
function stockDecisions(
  c: CampaignNode,
  g: AdGroupNode,
  s: ResolvedSettings,
  products: Map<string, ProductInfo>,
  stateChanged: ReadonlySet<string>,
  push: (d: Decision) => void,
): void {
  const lowDays = s.values.lowCoverDays.value ?? 0;
  for (const ad of g.products) {
    const p = products.get(ad.productId);
    if (!p || p.stockUnits === null) continue;
    const out = p.stockUnits <= 0;
    const low = p.daysOfCover !== null && p.daysOfCover < lowDays;
    const pause =
      (out && s.values.outOfStockPause.value) || (low && s.values.lowCoverAction.value === "pause");
    if (ad.state === "ENABLED" && pause) {
      push({
        kind: "state",
        entityId: ad.adId,
        entityKind: "productAd",
        campaignId: c.id,
        adGroupId: g.id,
        state: "PAUSED",
        reason: out ? "pauseOutOfStock" : "bidLowCover",
        params: { asin: p.asin, stock: p.stockUnits, daysOfCover: p.daysOfCover ?? 0 },
      });
    } else if (
      ad.state === "PAUSED" &&
      !out &&
      !low &&
      s.values.resumeOnRestock.value &&
      stateChanged.has(ad.adId)
    ) {
      push({
        kind: "state",
        entityId: ad.adId,
        entityKind: "productAd",
        campaignId: c.id,
        adGroupId: g.id,
        state: "ENABLED",
        reason: "resumeOnRestock",
        params: { asin: p.asin, stock: p.stockUnits },
      });
    }
  }
}

interface GroupEntry {
  c: CampaignNode;
  ci: number;
  g: AdGroupNode;
  gi: number;
}

interface TermContext {
  /** Position of each ad group's first target. */
  gFirst: Int32Array;
  gAllExact: Uint8Array;
  gProductTargets: Uint8Array;
  /** Positions of all targets by id, for a term whose target is not in its ad group. */
  estimates: TargetEstimates;
  tCvr: Float64Array;
  tGroup: Int32Array;
  gAov: Float64Array;
  targetAcosOfGroup: (GroupTarget | null)[];
  cFactor: Float64Array;
  limits: { lo: number; hi: number };
  push: (d: Decision) => void;
}

/** Negatives by posterior probability, and harvesting with negation in the source. */
function searchTermDecisions(input: OptimiserInput, opt: OptimiserOptions, x: TermContext): void {
  if (input.searchTerms.length === 0) return;
  // indexes: ad groups, their campaigns, exact keywords, ASIN targets
  const groups = new Map<string, GroupEntry>();
  let gi = 0;
  input.campaigns.forEach((c, ci) => {
    for (const g of c.adGroups) groups.set(g.id, { c, ci, g, gi: gi++ });
  });
  // an ad group's exact keywords and ASIN targets, built for the ad groups the terms consult
  // (a million targets' keys up front cost more than the terms' whole pass); a list compared
  // term by term for a small group, where hashing every text cost more than the comparisons
  const exactOf = new Map<AdGroupNode, TextLookup>();
  const exactIn = (g: AdGroupNode, term: string): boolean => {
    let texts = exactOf.get(g);
    if (texts === undefined) {
      const list: string[] = [];
      for (const t of g.targets) {
        if (t.matchType === "EXACT") list.push(t.text.toLowerCase());
        if (t.kind === "target" && !t.auto) list.push(asinOf(t.text) ?? "");
      }
      texts = textLookup(list);
      exactOf.set(g, texts);
    }
    return texts.has(term);
  };
  // fit the terms' prior strength around their keyword/target
  const n = input.searchTerms.length;
  const clicks = new Float64Array(n);
  const orders = new Float64Array(n);
  const parent = new Float64Array(n);
  // each term's ad group and keyword/target (-1: none)
  const termGroup: (GroupEntry | undefined)[] = new Array(n);
  const termTarget = new Int32Array(n);
  input.searchTerms.forEach((st, i) => {
    clicks[i] = st.sums.clicks;
    orders[i] = st.sums.orders;
    const src = groups.get(st.adGroupId);
    termGroup[i] = src;
    const t = targetPosition(st.targetId, src, x);
    termTarget[i] = t;
    parent[i] = t < 0 ? 0.08 : (x.tCvr[t] as number);
  });
  const mTerm = fitPriorStrength(identity(n), clicks, orders, parent, 10);
  const negated = new TextsPerGroup();
  const harvested = new TextsPerGroup();
  // harvest destinations per product: manual ad groups whose keywords are all exact, or with ASIN targets
  const destinations = {
    exact: new Map<string, GroupEntry[]>(),
    asin: new Map<string, GroupEntry[]>(),
  };
  for (const e of groups.values()) {
    if (e.c.targetingType !== "MANUAL" || e.c.state !== "ENABLED") continue;
    // counted while flattening the tree, not by walking every ad group's targets again
    const exact = x.gAllExact[e.gi] === 1;
    const asins =
      x.gProductTargets[e.gi] === 1 &&
      e.g.targets.some((tt) => tt.kind === "target" && !tt.auto && asinOf(tt.text) !== null);
    for (const p of e.g.products) {
      if (exact)
        destinations.exact.set(p.productId, [...(destinations.exact.get(p.productId) ?? []), e]);
      if (asins)
        destinations.asin.set(p.productId, [...(destinations.asin.get(p.productId) ?? []), e]);
    }
  }
  input.searchTerms.forEach((st, i) => {
    const src = termGroup[i];
    if (!src || (termTarget[i] as number) < 0) return;
    const gt = x.targetAcosOfGroup[src.gi];
    if (!gt || src.c.state !== "ENABLED" || src.g.state !== "ENABLED") return;
    const s = gt.settings.values;
    if (s.automationMode.value === "off") return;
    const term = st.searchTerm.toLowerCase();
    if (exactIn(src.g, term) || src.g.negativeExact.includes(term)) return;
    const mu = parent[i] as number;
    const k = st.sums.orders;
    const nc = st.sums.clicks;
    const a = k + mTerm * mu;
    const b = Math.max(1e-9, nc - k) + mTerm * (1 - mu);
    const postCvr = a / (a + b);
    const aov = x.gAov[src.gi] as number;
    const cpc = nc > 0 ? st.sums.cost / nc : 0;
    const beAcos = gt.breakEven > 0 ? gt.breakEven : gt.acos;
    const asin = ASIN_TERM.test(term);
    // negative: P(CVR < break-even CVR) > confidence, with the seller's click threshold as floor
    if (s.negationEnabled.value && nc >= (s.negationMinClicks.value ?? 15) && cpc > 0 && aov > 0) {
      const beCvr = cpc / (aov * beAcos);
      const minSpend = aov * beAcos;
      const p = betaCdf(Math.min(1, beCvr), a, b);
      // The settings' confidence (catalogue, with provenance); an explicit option overrides it.
      const confidence =
        input.options?.negationConfidence ??
        (s.negationConfidencePercent?.value != null
          ? s.negationConfidencePercent.value / 100
          : opt.negationConfidence);
      if (p > confidence && st.sums.cost >= minSpend && !negated.has(src.g.id, term)) {
        negated.add(src.g.id, term);
        x.push({
          kind: "negative",
          campaignId: src.c.id,
          adGroupId: src.g.id,
          negativeKind: asin ? "asin" : "keyword",
          text: term,
          reason: "negativeByProbability",
          params: {
            clicks: nc,
            orders: k,
            spend: cents(st.sums.cost),
            probability: round4(p),
            breakEvenCvr: round4(beCvr),
            posteriorCvr: round4(postCvr),
          },
          sourceTargetId: st.targetId,
        });
        return;
      }
    }
    // harvesting: converting terms whose posterior ACoS beats the target
    if (!s.harvestingEnabled.value || k < (s.harvestMinOrders.value ?? 2) || aov <= 0) return;
    const postAcos = cpc / (postCvr * aov);
    if (postAcos > gt.acos) return;
    // the first fitting manual ad group (tree order) advertising one of the source's products
    let dest: GroupEntry | null = null;
    const byProduct = asin ? destinations.asin : destinations.exact;
    for (const p of src.g.products)
      for (const cand of byProduct.get(p.productId) ?? []) {
        if (cand.g.id === src.g.id) continue;
        if (dest === null || cand.gi < dest.gi) dest = cand;
        break;
      }
    const existing = dest !== null && exactIn(dest.g, term);
    const harvestIn = dest?.g.id ?? "new";
    if (!existing && !harvested.has(harvestIn, term)) {
      harvested.add(harvestIn, term);
      const destFactor = dest ? (x.cFactor[dest.ci] as number) : 1;
      const bid = cents(
        Math.min(x.limits.hi, Math.max(x.limits.lo, (gt.acos * postCvr * aov) / destFactor)),
      );
      x.push({
        kind: "keyword",
        campaignId: dest?.c.id ?? null,
        adGroupId: dest?.g.id ?? null,
        keywordKind: asin ? "asin" : "keyword",
        text: term,
        bid,
        reason: "harvestKeyword",
        params: {
          orders: k,
          clicks: nc,
          posteriorCvr: round4(postCvr),
          posteriorAcos: round4(postAcos),
          bid,
        },
        sourceAdGroupId: src.g.id,
      });
    }
    if (dest && !negated.has(src.g.id, term)) {
      negated.add(src.g.id, term);
      x.push({
        kind: "negative",
        campaignId: src.c.id,
        adGroupId: src.g.id,
        negativeKind: asin ? "asin" : "keyword",
        text: term,
        reason: "harvestNegateSource",
        params: { destinationAdGroupId: dest.g.id, orders: k, existing },
        sourceTargetId: st.targetId,
      });
    }
  });
}

/**
 * The position of a search term's keyword/target: found among its ad group's targets, ids
 * compared rather than hashed (hashing the million targets' ids to find 200,000 of them cost
 * ~300 ms); a target id names one target (Amazon's keywordId/targetId), so this is the position
 * a tree-wide index gives. A target not in the term's ad group is looked up tree-wide. -1: none.
 */
function targetPosition(id: string, src: GroupEntry | undefined, x: TermContext): number {
  if (src !== undefined) {
    const targets = src.g.targets;
    for (let k = targets.length - 1; k >= 0; k--)
      if ((targets[k] as TargetNode).id === id) return (x.gFirst[src.gi] as number) + k;
  }
  return x.estimates.positionOf(id) ?? -1;
}

/**
 * Texts per ad group id (negated, harvested): a Set per ad group rather than one Set of
 * `${id}|${text}` keys, a fresh string built and hashed per search term.
 */
class TextsPerGroup {
  readonly #byGroup = new Map<string, Set<string>>();

  has(groupId: string, text: string): boolean {
    return this.#byGroup.get(groupId)?.has(text) ?? false;
  }

  add(groupId: string, text: string): void {
    let texts = this.#byGroup.get(groupId);
    if (texts === undefined) {
      texts = new Set<string>();
      this.#byGroup.set(groupId, texts);
    }
    texts.add(text);
  }
}

/** Membership of a set of texts: a list for a few (compared one by one), a Set for many. */
interface TextLookup {
  has(text: string): boolean;
}
const FEW_TEXTS = 32;
function textLookup(texts: string[]): TextLookup {
  if (texts.length > FEW_TEXTS) return new Set(texts);
  return { has: (text) => texts.includes(text) };
}

function asinOf(text: string): string | null {
  const m = /asin="?([a-z0-9]{10})"?/i.exec(text);
  return m ? (m[1] as string).toLowerCase() : null;
}

/** Campaigns capped by their budget while under target: flagged with the expected gain. */
function budgetDecisions(
  input: OptimiserInput,
  opt: OptimiserOptions,
  cCost: Float64Array,
  cSales: Float64Array,
  targets: (GroupTarget | null)[],
  push: (d: Decision) => void,
): void {
  let gi = 0;
  input.campaigns.forEach((c, ci) => {
    let acosW = 0;
    let beW = 0;
    let w = 0;
    for (const _g of c.adGroups) {
      const t = targets[gi++];
      if (!t) continue;
      acosW += t.acos;
      beW += t.breakEven;
      w++;
    }
    if (c.state !== "ENABLED" || w === 0 || c.dailySpend.length === 0) return;
    const capped = c.dailySpend.filter((s) => s >= c.dailyBudget * opt.budgetCappedShare).length;
    if (capped * 2 < c.dailySpend.length) return;
    const cost = cCost[ci] as number;
    const sales = cSales[ci] as number;
    const target = acosW / w;
    const acos = sales > 0 ? cost / sales : Number.POSITIVE_INFINITY;
    if (acos >= target) return;
    const maxChange = (input.profileSettings.values.maxBidChangePercent.value ?? 20) / 100;
    const newBudget = cents(c.dailyBudget * (1 + maxChange));
    const extra = newBudget - c.dailyBudget;
    const be = beW / w;
    // extra spend at today's ACoS earns margin (break-even ACoS × sales) minus the spend
    const gainMonthly = cents(30 * extra * (be / acos - 1));
    push({
      kind: "budget",
      campaignId: c.id,
      oldBudget: c.dailyBudget,
      newBudget,
      reason: "budgetCapped",
      params: {
        cappedDays: capped,
        days: c.dailySpend.length,
        acos: round4(acos),
        targetAcos: round4(target),
        expectedGainMonthly: gainMonthly,
      },
    });
  });
}

export type { Sums };
