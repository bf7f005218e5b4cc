import {
  createWorld,
  marketplaceById,
  productKey,
  relevanceOf,
  seedDemoAccount,
  simulateDay,
  trueCvr,
  type World,
} from "@starport/amazon-sandbox";
import { applyChanges } from "./apply.ts";
import { type ProjectedChange, type ProjectionPairs, realisedEffects } from "./projection.ts";
import type { Strategy, StrategyConfig } from "./strategies/common.ts";
import { oracleStrategy } from "./strategies/oracle.ts";
import { peerStrategy, staticStrategy } from "./strategies/peer.ts";
import { STARPORT_WINDOW_DAYS, starportStrategy } from "./strategies/starport.ts";
import { economicsOf, Observer, unobservedView } from "./view.ts";
import { applyModelParams, applyWorldParams, type WorldParams } from "./world-params.ts";

export const STRATEGIES = ["static", "peer", "starport", "starport-nobudget", "oracle"] as const;
export type StrategyName = (typeof STRATEGIES)[number];

export interface WorldRunConfig {
  seed: number;
  days: number;
  /** Days simulated with the seeded bids before the strategies take over (history to learn from). */
  warmupDays: number;
  strategies: readonly StrategyName[];
  params: WorldParams;
  config: StrategyConfig;
  /** Backtest day on which the optimiser's CVR estimates are compared with the truth. */
  cvrDay: number;
}

export interface Metrics {
  /** Contribution profit incl. organic: units × (net price − fees − cost of goods) − ad spend. */
  profit: number;
  /** Ad-attributed units (same SKU) × unit margin − ad spend. */
  adProfit: number;
  adSales: number;
  spend: number;
  acos: number;
  tacos: number;
  totalSales: number;
  changes: number;
  rejected: number;
}

export interface WorldResult {
  seed: number;
  metrics: Partial<Record<StrategyName, Metrics>>;
  /** Median relative error of the optimiser's CVR estimates at `cvrDay` (targets with ≥ 1 click). */
  cvrError: { median: number; targets: number } | null;
  /** The optimiser's applied bid and budget changes: [projected, realised] monthly (projection.ts). */
  projection: ProjectionPairs | null;
  elapsedMs: number;
}

const DEMO_SELLER = "A3SANDBOXDEMO01";

function makeStrategy(name: StrategyName, config: StrategyConfig, world: World): Strategy {
  if (name === "peer") return peerStrategy(config);
  if (name === "oracle") return oracleStrategy(config, world);
  if (name === "starport") return starportStrategy(config);
  if (name === "starport-nobudget") return starportStrategy(config, { budgets: false });
  return staticStrategy();
}

function advertisedProfiles(world: World): World["profiles"] {
  return world.profiles.filter(
    (p) =>
      p.sellerId === DEMO_SELLER &&
      [...world.entities.campaigns.values()].some((c) => c.profileId === p.profileId),
  );
}

/** Builds the seeded world (deterministic per seed and parameters), history included. */
export function buildWorld(seed: number, params: WorldParams, warmupDays: number): World {
  applyModelParams(params);
  const world = createWorld({ seed, productsPerMarketplace: params.products });
  applyWorldParams(world, params);
  seedDemoAccount(world, { days: warmupDays });
  return world;
}

/**
 * A copy of the world for another strategy. The stored history (facts per day, product days) is
 * append-only and the cached term matches are never changed in place, so the copies share them
 * (new lists and maps around them); everything else is cloned.
 */
export function copyWorld(world: World): World {
  const copy = structuredClone({
    ...world,
    facts: new Map(),
    productDays: new Map(),
    matchCache: new Map(),
  });
  for (const [profileId, days] of world.facts) copy.facts.set(profileId, [...days]);
  for (const [key, list] of world.productDays) copy.productDays.set(key, [...list]);
  copy.matchCache = new Map(world.matchCache);
  return copy;
}

/** Runs every strategy on its own copy of one world; the copies start identical. */
export function runWorld(run: WorldRunConfig): WorldResult {
  const started = performance.now();
  const base = buildWorld(run.seed, run.params, run.warmupDays);
  const result: WorldResult = {
    seed: run.seed,
    metrics: {},
    cvrError: null,
    projection: null,
    elapsedMs: 0,
  };
  // the history before the strategies take over is the same for all: fetched once
  const history = new Observer(base, advertisedProfiles(base));
  history.sync();
  run.strategies.forEach((name, i) => {
    // the last strategy takes the original, the others a copy each
    const world = i === run.strategies.length - 1 ? base : copyWorld(base);
    const profiles = advertisedProfiles(world);
    const observer = new Observer(world, profiles, history.fetched());
    const strategy = makeStrategy(name, run.config, world);
    const startDay = world.day;
    let changes = 0;
    let rejected = 0;
    // the optimiser's (of `starport` when it runs, else of the variant), as for the CVR error
    const measuresOptimiser = name === "starport" || !run.strategies.includes("starport");
    const projected: ProjectedChange[] = [];
    for (let d = 0; d < run.days; d++) {
      if (!strategy.ignoresView) observer.sync();
      const decided = strategy.decide(
        strategy.ignoresView ? unobservedView(world) : observer.view(),
      );
      if (d === run.cvrDay && strategy.estimates && measuresOptimiser)
        result.cvrError = cvrError(world, profiles, strategy.estimates());
      for (const profile of profiles) {
        const list = decided.get(profile.profileId) ?? [];
        const r = applyChanges(world, profile, list);
        changes += r.applied;
        rejected += r.rejected.length;
        if (measuresOptimiser && strategy.projectionOf) {
          const failed = new Set(r.rejected.map((x) => x.change));
          for (const c of list) {
            const impact = failed.has(c) ? undefined : strategy.projectionOf(c);
            if (impact === undefined) continue;
            if (c.kind === "bid")
              projected.push({ kind: "bid", entityId: c.id, day: world.day, projected: impact });
            else if (c.kind === "budget")
              projected.push({
                kind: "budget",
                entityId: c.campaignId,
                day: world.day,
                projected: impact,
              });
          }
        }
      }
      simulateDay(world);
    }
    if (measuresOptimiser && strategy.projectionOf)
      result.projection = realisedEffects(world, profiles, projected, world.day);
    result.metrics[name] = measure(world, profiles, startDay, world.day, changes, rejected);
  });
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}

/** The outcome over the strategy's days, from the simulation's full record (orders fully attributed). */
export function measure(
  world: World,
  profiles: World["profiles"],
  from: number,
  to: number,
  changes: number,
  rejected: number,
): Metrics {
  let spend = 0;
  let adSales = 0;
  let profit = 0;
  let totalSales = 0;
  let adMargin = 0;
  for (const profile of profiles) {
    const facts = world.facts.get(profile.profileId) ?? [];
    for (let d = from; d < to; d++)
      for (const f of facts[d] ?? []) {
        spend += f.cost;
        for (const o of f.orders) adSales += o.sales;
      }
    const mp = marketplaceById(profile.marketplaceId);
    for (const p of world.products.values()) {
      if (p.sellerId !== profile.sellerId || p.marketplaceId !== profile.marketplaceId) continue;
      const econ = economicsOf(
        mp?.countryCode ?? "DE",
        mp?.currencyCode ?? "EUR",
        p.price,
        p.categoryKey,
      );
      const margin = (econ.contributionMarginMicros ?? 0) / 1_000_000;
      for (const pd of world.productDays.get(productKey(p.marketplaceId, p.asin)) ?? []) {
        if (pd.day < from || pd.day >= to) continue;
        profit += (pd.organicUnits + pd.adUnits) * margin;
        adMargin += pd.adUnits * margin;
        totalSales += pd.organicSales + pd.adSales;
      }
    }
  }
  profit -= spend;
  return {
    profit,
    adProfit: adMargin - spend,
    adSales,
    spend,
    acos: adSales > 0 ? spend / adSales : 0,
    tacos: totalSales > 0 ? spend / totalSales : 0,
    totalSales,
    changes,
    rejected,
  };
}

/**
 * The truth the estimates are judged against: per keyword/target, the click-weighted true CVR of
 * the (product, search term, placement) mix it got over the optimiser's window.
 */
function cvrError(
  world: World,
  profiles: World["profiles"],
  estimates: Map<string, { cvr: number; clicks: number }>,
): { median: number; targets: number } {
  const clicks = new Map<string, number>();
  const weighted = new Map<string, number>();
  const observed = new Map<string, number>();
  for (const profile of profiles) {
    const facts = world.facts.get(profile.profileId) ?? [];
    for (let d = Math.max(0, world.day - STARPORT_WINDOW_DAYS); d < world.day; d++)
      for (const f of facts[d] ?? []) {
        if (f.clicks === 0) continue;
        const ad = world.entities.productAds.get(f.adId);
        const p = ad && world.products.get(productKey(profile.marketplaceId, ad.asin));
        if (!p) continue;
        const cvr = trueCvr(p, relevanceOf(world, p, f.termIdx), f.placement);
        clicks.set(f.targetId, (clicks.get(f.targetId) ?? 0) + f.clicks);
        observed.set(f.targetId, (observed.get(f.targetId) ?? 0) + f.orders.length);
        weighted.set(f.targetId, (weighted.get(f.targetId) ?? 0) + f.clicks * cvr);
      }
  }
  const errors: number[] = [];
  // diagnostic only (CVR_DIAG=1): the error split by clicks bucket and sign, on stderr
  const diag: Record<string, number[]> | null = process.env.CVR_DIAG ? {} : null;
  for (const [id, n] of clicks) {
    const est = estimates.get(id);
    if (!est || n < 1) continue;
    const truth = (weighted.get(id) ?? 0) / n;
    if (truth > 0) {
      errors.push(Math.abs(est.cvr - truth) / truth);
      if (diag) {
        const b = n < 3 ? "1-2" : n < 10 ? "3-9" : "10+";
        const s = est.cvr >= truth ? "over" : "under";
        const e = (est.cvr - truth) / truth;
        for (const [key, v] of [
          [`${b} ${s}`, e],
          [b, Math.abs(e)],
          [`${b} est`, est.cvr],
          [`${b} truth`, truth],
          [`${b} observed`, (observed.get(id) ?? 0) / n],
        ] as const) {
          const list = diag[key] ?? [];
          list.push(v);
          diag[key] = list;
        }
      }
    }
  }
  if (diag) {
    const med = (a: number[]) => {
      const x = [...a].sort((p, q) => p - q);
      return x[Math.floor((x.length - 1) / 2)] as number;
    };
    const out = Object.entries(diag)
      .sort()
      .map(
        ([k, v]) =>
          `${k}: n ${v.length} median ${(100 * med(v)).toFixed(1)} %${k.endsWith("est") || k.endsWith("truth") || k.endsWith("observed") ? ` mean ${(100 * (v.reduce((a, x) => a + x, 0) / v.length)).toFixed(2)} %` : ""}`,
      );
    process.stderr.write(`CVR_DIAG day ${world.day}: ${out.join("; ")}\n`);
  }
  errors.sort((a, b) => a - b);
  const median = errors.length
    ? (errors[Math.floor((errors.length - 1) / 2)] as number)
    : Number.NaN;
  return { median, targets: errors.length };
}
