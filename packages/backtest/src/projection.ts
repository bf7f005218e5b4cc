import { marketplaceById, productKey, type World } from "@starport/amazon-sandbox";
import { mean, pearson, spearman } from "./stats.ts";
import { economicsOf } from "./view.ts";

/**
 * Projection against outcome (issue 21 §3): every change the optimiser made in the backtest with
 * its projected monthly profit impact (`decisionImpact`, the figure production stores on the
 * recommendation), against the change's realised effect in the simulation's full record.
 *
 * Realised effect of a change applied on day d to an entity (a keyword/target for a bid, a
 * campaign for a budget): the entity's ad contribution profit (same-SKU ad units × the product's
 * unit margin − ad spend, orders fully attributed: the truth, not the lagged reports) per day over
 * [d, d + W) minus per day over [d − W, d), times 30 — the same "14 days after against 14 days
 * before, per month" the action center's done tab shows. Each window stops at the entity's
 * previous or next change, so a later change of the same entity is not credited to this one;
 * a change with fewer than `minDays` on either side is left out (not measurable). What the
 * measure cannot separate: changes of other entities in the window (a campaign's budget, the
 * ad group's other bids, new negatives) and the market's own drift; both add noise, which
 * lowers the correlation rather than raising it.
 */
export const EFFECT_WINDOW_DAYS = 14;
export const EFFECT_MIN_DAYS = 3;

export type ProjectedKind = "bid" | "budget";

export interface ProjectedChange {
  kind: ProjectedKind;
  /** Keyword/target id for a bid, campaign id for a budget. */
  entityId: string;
  /** The day the change was in force from (applied before that day was simulated). */
  day: number;
  /** Projected monthly contribution-profit impact. */
  projected: number;
}

/** [projected, realised] per measurable change, by kind. */
export type ProjectionPairs = Record<ProjectedKind, [number, number][]>;

const keyOf = (kind: ProjectedKind, id: string) => `${kind === "bid" ? "t" : "c"}:${id}`;

/** The realised effect of each change, see the module's comment. */
export function realisedEffects(
  world: World,
  profiles: World["profiles"],
  changes: readonly ProjectedChange[],
  endDay: number,
  windowDays = EFFECT_WINDOW_DAYS,
  minDays = EFFECT_MIN_DAYS,
): ProjectionPairs {
  const out: ProjectionPairs = { bid: [], budget: [] };
  if (changes.length === 0) return out;
  const startDay = Math.max(0, Math.min(...changes.map((c) => c.day)) - windowDays);
  const wanted = new Set(changes.map((c) => keyOf(c.kind, c.entityId)));
  // daily ad profit per wanted entity: key → (day → profit)
  const daily = new Map<string, Map<number, number>>();
  const add = (key: string, day: number, v: number) => {
    let m = daily.get(key);
    if (!m) {
      m = new Map();
      daily.set(key, m);
    }
    m.set(day, (m.get(day) ?? 0) + v);
  };
  const marginOfAd = new Map<string, number>();
  for (const profile of profiles) {
    const mp = marketplaceById(profile.marketplaceId);
    const margin = (adId: string): number => {
      let m = marginOfAd.get(adId);
      if (m === undefined) {
        const ad = world.entities.productAds.get(adId);
        const p = ad && world.products.get(productKey(profile.marketplaceId, ad.asin));
        const econ =
          p &&
          economicsOf(mp?.countryCode ?? "DE", mp?.currencyCode ?? "EUR", p.price, p.categoryKey);
        m = (econ?.contributionMarginMicros ?? 0) / 1_000_000;
        marginOfAd.set(adId, m);
      }
      return m;
    };
    const facts = world.facts.get(profile.profileId) ?? [];
    for (let d = startDay; d < endDay; d++)
      for (const f of facts[d] ?? []) {
        const t = keyOf("bid", f.targetId);
        const c = keyOf("budget", f.campaignId);
        if (!wanted.has(t) && !wanted.has(c)) continue;
        let units = 0;
        for (const o of f.orders) if (o.sameSku) units += o.units;
        const profit = units * margin(f.adId) - f.cost;
        if (wanted.has(t)) add(t, d, profit);
        if (wanted.has(c)) add(c, d, profit);
      }
  }
  const daysOf = new Map<string, number[]>();
  for (const c of changes) {
    const k = keyOf(c.kind, c.entityId);
    const list = daysOf.get(k) ?? [];
    list.push(c.day);
    daysOf.set(k, list);
  }
  for (const list of daysOf.values()) list.sort((a, b) => a - b);
  const sum = (m: Map<number, number> | undefined, from: number, to: number) => {
    let s = 0;
    for (let d = from; d < to; d++) s += m?.get(d) ?? 0;
    return s;
  };
  for (const c of changes) {
    const k = keyOf(c.kind, c.entityId);
    const days = daysOf.get(k) ?? [];
    const prev = days.filter((d) => d < c.day).at(-1) ?? Number.NEGATIVE_INFINITY;
    const next = days.find((d) => d > c.day) ?? Number.POSITIVE_INFINITY;
    const from = Math.max(c.day - windowDays, prev, 0);
    const to = Math.min(c.day + windowDays, next, endDay);
    if (c.day - from < minDays || to - c.day < minDays) continue;
    const m = daily.get(k);
    const before = sum(m, from, c.day) / (c.day - from);
    const after = sum(m, c.day, to) / (to - c.day);
    out[c.kind].push([c.projected, 30 * (after - before)]);
  }
  return out;
}

export interface ProjectionSummary {
  n: number;
  pearson: number | null;
  spearman: number | null;
  meanProjected: number | null;
  meanRealised: number | null;
  /** Mean realised ÷ mean projected: 1 is calibrated, below 1 the projection promises too much. */
  calibration: number | null;
}

export function summariseProjection(pairs: readonly [number, number][]): ProjectionSummary {
  const xs = pairs.map((p) => p[0]);
  const ys = pairs.map((p) => p[1]);
  const mx = xs.length ? mean(xs) : null;
  const my = ys.length ? mean(ys) : null;
  return {
    n: pairs.length,
    pearson: pearson(xs, ys),
    spearman: spearman(xs, ys),
    meanProjected: mx,
    meanRealised: my,
    calibration: mx !== null && my !== null && Math.abs(mx) > 1e-9 ? my / mx : null,
  };
}
