/**
 * The search tab's candidates, pure (no reads): which ad groups of other campaigns are sources
 * (`selectSources`) and the converting terms not yet keywords with their shrunk CVR and bid
 * (`searchCandidates`).
 */
import { fitPriorStrength } from "@starport/optimiser";
import {
  clampBid,
  type Limits,
  normaliseKeyword,
  type SearchCandidate,
  SOURCE_LIMIT,
  type TermSource,
} from "./model.ts";

/** A search term's (or the ad group's) summed clicks, orders and cost. */
export interface Sums {
  clicks: number;
  orders: number;
  cost: number;
}

/** One search term row as the search tab takes it (summed over the window). */
export interface TermRow {
  searchTerm: string;
  isKeyword: boolean;
  clicks: number;
  orders: number;
  cost: number;
  /** Set for a term of another ad group; absent for the ad group's own. */
  source?: TermSource;
}

/** A product ad as the source selection takes it. */
export interface AdOfGroup {
  adGroupId: string;
  asin: string | null;
  sku: string | null;
  state: string;
}

/** An ad group of another campaign that may be a source. */
export interface SourceGroup {
  id: string;
  name: string;
  state: string;
  campaignId: string | null;
  campaignName: string | null;
  campaignState: string | null;
}

const productKeys = (ad: { asin: string | null; sku: string | null }) => [
  ...(ad.asin ? [`asin:${ad.asin.trim().toUpperCase()}`] : []),
  ...(ad.sku ? [`sku:${ad.sku.trim()}`] : []),
];
const isLive = (state: string | null) => state !== "ARCHIVED";

/**
 * Pure: the ad groups of other campaigns of the profile to harvest from (the structure of
 * campaigns per match type: "SP Auto" and "SP Broad & Phrase" feed "SP Exact"). A source
 * advertises at least one of the ad group's products (same ASIN or SKU, both ads not archived),
 * is not archived (nor its campaign), is not in the ad group's own campaign (those are sources
 * anyway) and has clicks through an auto target or a broad or phrase keyword in the window (an ad
 * group whose terms all came through exact keywords has nothing to harvest). The `limit` with
 * most such clicks are kept; `omitted` counts the others.
 */
export function selectSources(input: {
  adGroupId: string;
  campaignId: string | null;
  ownAds: readonly Omit<AdOfGroup, "adGroupId">[];
  ads: readonly AdOfGroup[];
  groups: ReadonlyMap<string, SourceGroup>;
  terms: readonly { adGroupId: string; matchType: string | null; clicks: number }[];
  limit?: number;
}): { sources: SourceGroup[]; omitted: number } {
  const products = new Set(input.ownAds.filter((ad) => isLive(ad.state)).flatMap(productKeys));
  const clicks = new Map<string, number>();
  for (const term of input.terms)
    if (term.matchType !== "EXACT")
      clicks.set(term.adGroupId, (clicks.get(term.adGroupId) ?? 0) + term.clicks);
  const matched = new Set(
    input.ads
      .filter((ad) => isLive(ad.state) && productKeys(ad).some((key) => products.has(key)))
      .map((ad) => ad.adGroupId),
  );
  const eligible = [...matched]
    .flatMap((id) => {
      const group = input.groups.get(id);
      return group ? [group] : [];
    })
    .filter(
      (g) =>
        g.id !== input.adGroupId &&
        g.campaignId !== input.campaignId &&
        isLive(g.state) &&
        isLive(g.campaignState) &&
        (clicks.get(g.id) ?? 0) > 0,
    )
    .sort(
      (a, b) => (clicks.get(b.id) ?? 0) - (clicks.get(a.id) ?? 0) || a.name.localeCompare(b.name),
    );
  const limit = input.limit ?? SOURCE_LIMIT;
  return { sources: eligible.slice(0, limit), omitted: Math.max(0, eligible.length - limit) };
}

/**
 * Pure: the search tab from the ad group's search terms and those of its sources (the campaign's
 * other ad groups, `selectSources`' of other campaigns) that came through an auto target or a broad or phrase keyword (an exact keyword is no
 * source to harvest from), grouped by term (a term can come through several keywords, targets
 * and ad groups). A term qualifies with ≥ 1 order and not yet a keyword of the ad group (text,
 * case-insensitive). shrunk CVR = (orders + m·CVR_pool) / (clicks + m), m fitted over the terms
 * (`fitPriorStrength`); bid = CPC_ag × shrunk CVR / CVR_pool, clamped.
 */
/** An ASIN as a search term (auto and product targets' clicks on a product). */
const ASIN_TERM = /^b0[a-z0-9]{8}$/;

export function searchCandidates(
  terms: readonly TermRow[],
  baseBid: number,
  limits: Limits,
): { rows: SearchCandidate[]; stats: Sums; priorClicks: number | null; asinTerms: number } {
  const grouped = new Map<
    string,
    {
      text: string;
      isKeyword: boolean;
      own: boolean;
      sources: Map<string, TermSource>;
      clicks: number;
      orders: number;
      cost: number;
    }
  >();
  const stats: Sums = { clicks: 0, orders: 0, cost: 0 };
  for (const term of terms) {
    const source = term.source;
    if (source && source.matchType === "EXACT") continue;
    stats.clicks += term.clicks;
    stats.orders += term.orders;
    stats.cost += term.cost;
    const key = normaliseKeyword(term.searchTerm);
    const entry = grouped.get(key) ?? {
      text: term.searchTerm.trim().replace(/\s+/g, " "),
      isKeyword: false,
      own: false,
      sources: new Map<string, TermSource>(),
      clicks: 0,
      orders: 0,
      cost: 0,
    };
    entry.isKeyword ||= term.isKeyword;
    // A term converting in several sources lists each of them, all negated with the harvest by
    // default: a seller moving a term to exact wants it to stop running through every broad,
    // phrase or auto source, else those keep bidding against the new keyword (the row's box
    // negates in all of them; unticked, in none).
    if (source) {
      const known = entry.sources.get(source.adGroupId);
      if (known) known.negated ||= source.negated;
      else entry.sources.set(source.adGroupId, { ...source });
    } else entry.own = true;
    entry.clicks += term.clicks;
    entry.orders += term.orders;
    entry.cost += term.cost;
    grouped.set(key, entry);
  }
  if (stats.clicks === 0) return { rows: [], stats, priorClicks: null, asinTerms: 0 };
  const agCvr = stats.orders / stats.clicks;
  const groups = [...grouped.values()];
  const prior = fitPriorStrength(
    groups.map((_, i) => i),
    groups.map((g) => g.clicks),
    groups.map((g) => g.orders),
    groups.map(() => agCvr),
  );
  const converting = [...grouped.entries()].filter(
    ([, g]) => g.orders >= 1 && !g.isKeyword && g.clicks > 0,
  );
  // A shopper's click on a product (an ASIN as the "search term" of an auto or product target)
  // is harvested as a product target, not a keyword: counted, not offered here.
  const asinTerms = converting.filter(([key]) => ASIN_TERM.test(key)).length;
  const rows = converting
    .filter(([key]) => !ASIN_TERM.test(key))
    .map(([key, g]): SearchCandidate => {
      const shrunkCvr = (g.orders + prior * agCvr) / (g.clicks + prior);
      return {
        key,
        keywordText: g.text,
        matchType: "EXACT",
        bid: clampBid(agCvr > 0 ? (baseBid * shrunkCvr) / agCvr : baseBid, limits),
        own: g.own,
        sources: [...g.sources.values()].sort((a, b) => a.adGroupName.localeCompare(b.adGroupName)),
        clicks: g.clicks,
        orders: g.orders,
        cost: Math.round(g.cost * 100) / 100,
        cvr: g.orders / g.clicks,
        shrunkCvr,
      };
    })
    .sort((a, b) => b.shrunkCvr - a.shrunkCvr || b.orders - a.orders);
  return { rows, stats, priorClicks: prior, asinTerms };
}
