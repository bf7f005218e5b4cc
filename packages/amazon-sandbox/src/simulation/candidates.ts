/**
 * Stage 1 of a simulated day, the bidders: for every auction (term × 3 placements) of one
 * profile's day, the best of the profile's own candidates (keyword or target, ad, effective bid).
 * No random draws happen here.
 */
import type { Marketplace } from "../marketplaces.ts";
import { keywordMatches, type Match, targetMatches, tokensContainSequence } from "../matching.ts";
import { MODEL, PLACEMENT_NAMES, priceFactor, quality, relevanceCvrFactor } from "../model.ts";
import { normalizeText, relevanceOf } from "../terms.ts";
import {
  type AdGroup,
  type Campaign,
  type NegativeKeyword,
  type NegativeTarget,
  type Product,
  type Profile,
  productKey,
  type Term,
  type World,
} from "../world.ts";
import type { DayLedger, LiveIndex } from "./context.ts";

/**
 * The best candidate per auction (term × 3 + placement) of one profile's day. Kept in arrays: an
 * object per improving candidate (and a heap number per fractional field) was tens of thousands
 * of allocations a day.
 */
export class BestCandidates {
  /** Undefined: no candidate for the auction. */
  readonly targetId: (string | undefined)[];
  readonly campaign: (Campaign | undefined)[];
  readonly adGroup: (AdGroup | undefined)[];
  readonly ad: (AdOfGroup | undefined)[];
  /** Relevance of the chosen product for the term. */
  readonly r: Float64Array;
  readonly effBid: Float64Array;
  readonly rank: Float64Array;
  readonly q: Float64Array;
  readonly reach: Float64Array;
  readonly size: number;
  constructor(size: number) {
    this.size = size;
    this.targetId = new Array<string | undefined>(size).fill(undefined);
    this.campaign = new Array<Campaign | undefined>(size).fill(undefined);
    this.adGroup = new Array<AdGroup | undefined>(size).fill(undefined);
    this.ad = new Array<AdOfGroup | undefined>(size).fill(undefined);
    this.r = new Float64Array(size);
    this.effBid = new Float64Array(size);
    this.rank = new Float64Array(size);
    this.q = new Float64Array(size);
    this.reach = new Float64Array(size);
  }
}

export interface AdOfGroup {
  adId: string;
  product: Product;
}

/** One ad group's bidding situation while its keywords and targets are considered. */
interface GroupBidding {
  world: World;
  terms: Term[];
  best: BestCandidates;
  campaign: Campaign;
  group: AdGroup;
  ads: AdOfGroup[];
  adj: [number, number, number];
  negated: (t: Term) => boolean;
}

function dynamicFactor(strategy: string, pcvr: number, placement: number): number {
  const rel = pcvr / MODEL.referenceCvr;
  if (strategy === "LEGACY_FOR_SALES") return Math.min(1, Math.max(0, rel));
  if (strategy === "AUTO_FOR_SALES") return Math.min(placement === 0 ? 2 : 1.5, Math.max(0, rel));
  return 1;
}

function placementAdjustments(c: Campaign): [number, number, number] {
  const adj: [number, number, number] = [0, 0, 0];
  for (const pb of c.dynamicBidding.placementBidding) {
    const i = PLACEMENT_NAMES.indexOf(pb.placement as (typeof PLACEMENT_NAMES)[number]);
    if (i >= 0) adj[i] = pb.percentage;
  }
  return adj;
}

/** The group's and its campaign's negative keywords and targets as one term test. */
function negationOf(
  world: World,
  marketplaceId: string,
  negativeKeywords: NegativeKeyword[],
  negativeTargets: NegativeTarget[],
): (t: Term) => boolean {
  const negExact = new Set<string>();
  const negPhrase: string[][] = [];
  const negAsins = new Set<string>();
  const negBrands = new Set<string>();
  for (const n of negativeKeywords) {
    const t = normalizeText(n.keywordText);
    if (n.matchType === "NEGATIVE_EXACT") negExact.add(t);
    else negPhrase.push(t.split(" "));
  }
  for (const n of negativeTargets) {
    for (const pr of n.expression) {
      if (pr.type === "ASIN_SAME_AS" && pr.value) negAsins.add(pr.value.toUpperCase());
      if (pr.type === "ASIN_BRAND_SAME_AS" && pr.value) negBrands.add(pr.value.toLowerCase());
    }
  }
  return (t: Term): boolean => {
    if (t.asin !== undefined) {
      if (negAsins.has(t.asin)) return true;
      if (negBrands.size > 0) {
        const p = world.products.get(productKey(marketplaceId, t.asin));
        if (p && negBrands.has(p.brand.toLowerCase())) return true;
      }
    }
    if (negExact.has(t.text)) return true;
    for (const ph of negPhrase) if (tokensContainSequence(t.tokens, ph)) return true;
    return false;
  };
}

/** Enters one keyword's or target's matches into the auctions it would win so far. */
function consider(gb: GroupBidding, targetId: string, bid: number, matches: Match[]): void {
  const { best, ads, adj, campaign: c } = gb;
  for (const m of matches) {
    const t = gb.terms[m.termIdx];
    if (!t || gb.negated(t)) continue;
    let chosen = ads[0];
    let r = -1;
    for (const a of ads) {
      const rel = relevanceOf(gb.world, a.product, t.idx);
      if (rel > r) {
        r = rel;
        chosen = a;
      }
    }
    if (!chosen || r < 0.02) continue;
    const q = quality(r);
    const pcvr = chosen.product.baseCvr * relevanceCvrFactor(r) * priceFactor(chosen.product);
    for (let pl = 0; pl < 3; pl++) {
      if (t.asin !== undefined ? pl !== 2 : false) continue;
      const eff =
        bid * (1 + (adj[pl] ?? 0) / 100) * dynamicFactor(c.dynamicBidding.strategy, pcvr, pl);
      if (eff <= 0) continue;
      const rank = eff * q;
      const key = t.idx * 3 + pl;
      const prevTarget = best.targetId[key];
      const prevRank = best.rank[key] as number;
      if (
        prevTarget === undefined ||
        rank > prevRank ||
        (rank === prevRank && targetId < prevTarget)
      ) {
        best.targetId[key] = targetId;
        best.campaign[key] = c;
        best.adGroup[key] = gb.group;
        best.ad[key] = chosen;
        best.r[key] = r;
        best.effBid[key] = eff;
        best.rank[key] = rank;
        best.q[key] = q;
        best.reach[key] = m.reach;
      }
    }
  }
}

/** The group's ads whose products are in stock (records each product's opening stock). */
function adsInStock(
  world: World,
  marketplaceId: string,
  profile: Profile,
  live: LiveIndex,
  group: AdGroup,
  ledger: DayLedger,
): AdOfGroup[] {
  const ads: AdOfGroup[] = [];
  for (const ad of live.adsByGroup.get(group.adGroupId) ?? []) {
    const p = world.products.get(productKey(marketplaceId, ad.asin));
    if (!p || p.sellerId !== profile.sellerId) continue;
    const key = productKey(marketplaceId, p.asin);
    if (!ledger.stockLeft.has(key)) ledger.stockLeft.set(key, p.stock);
    if (p.stock <= 0) continue;
    ads.push({ adId: ad.adId, product: p });
  }
  return ads;
}

/** The best candidate per auction of one profile's day (auctions run in key order). */
export function collectCandidates(
  world: World,
  date: string,
  profile: Profile,
  mp: Marketplace,
  terms: Term[],
  live: LiveIndex,
  ledger: DayLedger,
): BestCandidates {
  const best = new BestCandidates(terms.length * 3);
  for (const c of world.entities.campaigns.values()) {
    if (c.profileId !== profile.profileId || !live.isLive(c)) continue;
    if (c.startDate > date || (c.endDate !== undefined && c.endDate < date)) continue;
    const adj = placementAdjustments(c);
    for (const g of live.groupsByCampaign.get(c.campaignId) ?? []) {
      const ads = adsInStock(world, mp.id, profile, live, g, ledger);
      if (ads.length === 0) continue;
      const negated = negationOf(
        world,
        mp.id,
        [
          ...(live.negKwByGroup.get(g.adGroupId) ?? []),
          ...(live.campNegKw.get(c.campaignId) ?? []),
        ],
        [
          ...(live.negTgByGroup.get(g.adGroupId) ?? []),
          ...(live.campNegTg.get(c.campaignId) ?? []),
        ],
      );
      const gb: GroupBidding = { world, terms, best, campaign: c, group: g, ads, adj, negated };
      const products = ads.map((a) => a.product);
      for (const k of live.kwByGroup.get(g.adGroupId) ?? []) {
        if (c.targetingType !== "MANUAL") continue;
        consider(
          gb,
          k.keywordId,
          k.bid ?? g.defaultBid,
          keywordMatches(world, mp.id, k.keywordText, k.matchType),
        );
      }
      for (const tc of live.tgByGroup.get(g.adGroupId) ?? []) {
        if ((tc.expressionType === "AUTO") !== (c.targetingType === "AUTO")) continue;
        consider(
          gb,
          tc.targetId,
          tc.bid ?? g.defaultBid,
          targetMatches(world, mp.id, tc.expression, products),
        );
      }
    }
  }
  return best;
}
