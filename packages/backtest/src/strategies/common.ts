import { spLimitsOf } from "@starport/amazon";
import type { Change } from "../apply.ts";
import { addTo, type Reports, type Sums, type View, type ViewProfile, zero } from "../view.ts";

/** What every strategy of one backtest shares: the same target and the same bounds. */
export interface StrategyConfig {
  /** Target ACoS as a fraction. */
  targetAcos: number;
  minBid: number;
  maxBid: number;
}

export interface Strategy {
  name: string;
  /** One day: the changes per profile, decided from what Starport sees. */
  decide(view: View): Map<number, Change[]>;
  /** The CVR the strategy estimates per keyword/target (the optimiser), for the error metric. */
  estimates?(): Map<string, { cvr: number; clicks: number }>;
  /**
   * True when `decide` never reads the view (static): the harness then fetches no reports for it,
   * the larger part of such a strategy's day, and passes a view without profiles.
   */
  ignoresView?: true;
  /**
   * The optimiser's projected monthly profit impact of one of the changes `decide` returned
   * (bids and budgets), for the projection-against-outcome measure; undefined for the others.
   */
  projectionOf?(change: Change): number | undefined;
}

export const cents = (x: number): number => Math.round(x * 100) / 100;

export function clampBid(bid: number, config: StrategyConfig, countryCode: string): number {
  const limits = spLimitsOf(countryCode);
  const lo = Math.max(config.minBid, limits.minBid);
  const hi = Math.min(config.maxBid, limits.maxBid);
  return cents(Math.min(hi, Math.max(lo, bid)));
}

/** Sums per key over report days [from, to]. */
export function windowSums<V extends Sums>(
  days: Map<string, V>[],
  from: number,
  to: number,
): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (let d = Math.max(0, from); d <= to; d++) {
    const m = days[d];
    if (!m) continue;
    for (const [k, s] of m) {
      let acc = out.get(k);
      if (!acc) {
        acc = zero();
        out.set(k, acc);
      }
      addTo(acc, s);
    }
  }
  return out;
}

/** Search-term sums with their source ad group and campaign. */
export function termSums(
  reports: Reports,
  from: number,
  to: number,
): Map<string, Sums & { campaignId: string; adGroupId: string }> {
  const out = new Map<string, Sums & { campaignId: string; adGroupId: string }>();
  for (let d = Math.max(0, from); d <= to; d++) {
    const m = reports.searchTerms[d];
    if (!m) continue;
    for (const [k, s] of m) {
      let acc = out.get(k);
      if (!acc) {
        acc = { ...zero(), campaignId: s.campaignId, adGroupId: s.adGroupId };
        out.set(k, acc);
      }
      addTo(acc, s);
    }
  }
  return out;
}

export const ASIN_TERM = /^b0[a-z0-9]{8}$/i;

/**
 * Where a harvested term goes: a manual ad group advertising the source's product whose keywords
 * are all exact (an ASIN: one with ASIN targets). Null when the account has none. The profile's
 * indexes are built once, for all the terms of a day.
 */
export function harvestDestinations(
  p: ViewProfile,
): (sourceAdGroupId: string, asin: boolean) => { campaignId: string; adGroupId: string } | null {
  const asinsOf = new Map<string, Set<string>>();
  for (const ad of p.productAds) {
    if (ad.state !== "ENABLED") continue;
    const s = asinsOf.get(ad.adGroupId) ?? new Set<string>();
    s.add(ad.asin);
    asinsOf.set(ad.adGroupId, s);
  }
  const manual = new Set(
    p.campaigns
      .filter((c) => c.targetingType === "MANUAL" && c.state === "ENABLED")
      .map((c) => c.id),
  );
  const byGroup = new Map<string, ViewProfile["targets"]>();
  for (const t of p.targets) {
    if (t.state === "ARCHIVED") continue;
    const list = byGroup.get(t.adGroupId) ?? [];
    list.push(t);
    byGroup.set(t.adGroupId, list);
  }
  const find = (sourceAdGroupId: string, asin: boolean) => {
    const source = asinsOf.get(sourceAdGroupId);
    if (!source) return null;
    for (const g of p.adGroups) {
      if (g.id === sourceAdGroupId || g.state !== "ENABLED" || !manual.has(g.campaignId)) continue;
      const asins = asinsOf.get(g.id);
      if (!asins || ![...source].some((a) => asins.has(a))) continue;
      const ts = byGroup.get(g.id) ?? [];
      const fits = asin
        ? ts.some((t) => t.kind === "target" && t.text.startsWith("asin="))
        : ts.length > 0 && ts.every((t) => t.matchType === "EXACT");
      if (fits) return { campaignId: g.campaignId, adGroupId: g.id };
    }
    return null;
  };
  const found = new Map<string, { campaignId: string; adGroupId: string } | null>();
  return (sourceAdGroupId, asin) => {
    const key = `${sourceAdGroupId}|${asin}`;
    let dest = found.get(key);
    if (dest === undefined) {
      dest = find(sourceAdGroupId, asin);
      found.set(key, dest);
    }
    return dest;
  };
}

/** Ids of targets that can serve today (entity, ad group and campaign enabled). */
export function liveTargets(p: ViewProfile): ViewProfile["targets"] {
  const campaigns = new Set(p.campaigns.filter((c) => c.state === "ENABLED").map((c) => c.id));
  const groups = new Set(
    p.adGroups.filter((g) => g.state === "ENABLED" && campaigns.has(g.campaignId)).map((g) => g.id),
  );
  return p.targets.filter((t) => t.state === "ENABLED" && groups.has(t.adGroupId));
}

/** Exact keywords and ASIN targets per ad group: `${adGroupId}|${text}`. */
export function existingExact(p: ViewProfile): Set<string> {
  const out = new Set<string>();
  for (const t of p.targets) {
    if (t.state === "ARCHIVED") continue;
    if (t.matchType === "EXACT") out.add(`${t.adGroupId}|${t.text}`);
    const m = /^asin="([a-z0-9]+)"$/.exec(t.text);
    if (m) out.add(`${t.adGroupId}|${m[1]}`);
  }
  return out;
}
