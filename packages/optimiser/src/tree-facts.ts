import { scratchFloat64, scratchInt32, scratchUint8 } from "./scratch.ts";
import type { AdGroupNode, CampaignNode, TargetNode } from "./types.ts";

/**
 * A campaign's targeting kind: 0 auto, 1 exact keywords, 2 phrase/broad keywords, 3 product
 * targeting (the kind most of its targets have).
 */
export const TARGETING_KINDS = 4;

/** The clause type of every keyword match type, built once instead of per keyword. */
const KEYWORD_CLAUSES: Record<string, string> = {
  EXACT: "keyword:EXACT",
  PHRASE: "keyword:PHRASE",
  BROAD: "keyword:BROAD",
};

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

/**
 * The tree's facts as arrays, per target, ad group and campaign, filled one ad group at a time.
 * Also the campaigns' targeting kinds and the targets' clause types: one walk over the million
 * target objects (each further walk cost 100–300 ms in memory traffic, profiled on the 1,000,000-target bench).
 */
export class TreeFacts {
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
  /**
   * An exact keyword's text length once lowercased (-1: not exact), read while its object is at
   * hand: the search terms' exact check then compares lengths in order instead of visiting every
   * consulted ad group's target objects and texts again.
   */
  readonly tExactLength: Int32Array;
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
    // the output keeps the clicks (the estimates read them); the rest stay in the run, in
    // buffers reused from run to run (scratch.ts), each element written by addGroup
    this.tClicks = new Float64Array(nTargets);
    this.tSeenClicks = scratchFloat64("tSeenClicks", nTargets);
    this.tOrders = scratchFloat64("tOrders", nTargets);
    this.tSales = scratchFloat64("tSales", nTargets);
    this.tCost = scratchFloat64("tCost", nTargets);
    this.tImpr = scratchFloat64("tImpr", nTargets);
    this.tGroup = scratchInt32("tGroup", nTargets);
    this.tClause = scratchInt32("tClause", nTargets);
    this.tId = new Array<string>(nTargets);
    this.tBid = scratchFloat64("tBid", nTargets);
    this.tEnabled = scratchUint8("tEnabled", nTargets);
    this.tIsProductTarget = scratchUint8("tIsProductTarget", nTargets);
    this.tExactLength = scratchInt32("tExactLength", nTargets);
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
      if (t.matchType === "EXACT") {
        exact++;
        this.tExactLength[ti] = lowercasedLength(t.text);
      } else this.tExactLength[ti] = -1;
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

  /** The account's clicks (completeness-weighted), orders and sales. */
  totals(): { clicks: number; orders: number; sales: number } {
    let clicks = 0;
    let orders = 0;
    let sales = 0;
    for (let ci = 0; ci < this.cClicks.length; ci++) {
      clicks += this.cClicks[ci] as number;
      orders += this.cOrders[ci] as number;
      sales += this.cSales[ci] as number;
    }
    return { clicks, orders, sales };
  }
}

/**
 * The length of `text` lowercased: lowercasing keeps a text's length except for U+0130 (İ),
 * which becomes two code units (checked over every code point, and with final sigmas, Node 24).
 */
export function lowercasedLength(text: string): number {
  let n = text.length;
  for (let i = text.indexOf("\u0130"); i >= 0; i = text.indexOf("\u0130", i + 1)) n++;
  return n;
}

/** The tree flattened into arrays (fast for a million targets), each campaign's kind counted on the way. */
export function flattenTree(
  campaigns: readonly CampaignNode[],
  completeness: readonly number[],
): TreeFacts {
  let nTargets = 0;
  let nGroups = 0;
  for (const c of campaigns) {
    nGroups += c.adGroups.length;
    for (const g of c.adGroups) nTargets += g.targets.length;
  }
  const tree = new TreeFacts(nTargets, nGroups, campaigns.length, completeness);
  let ti = 0;
  let gi = 0;
  for (let ci = 0; ci < campaigns.length; ci++) {
    const c = campaigns[ci] as CampaignNode;
    const kindCounts = [0, 0, 0, 0];
    for (const g of c.adGroups) ti = tree.addGroup(g, gi++, ci, ti, kindCounts);
    tree.cKind[ci] = c.targetingType === "AUTO" ? 0 : mostCommonKind(kindCounts);
  }
  return tree;
}
