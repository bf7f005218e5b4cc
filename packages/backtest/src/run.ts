import { Worker } from "node:worker_threads";
import {
  EFFECT_WINDOW_DAYS,
  type ProjectedKind,
  type ProjectionSummary,
  summariseProjection,
} from "./projection.ts";
import type { Metrics, StrategyName, WorldResult, WorldRunConfig } from "./run-world.ts";
import { mean, median, pairedDiffPct } from "./stats.ts";
import type { StrategyConfig } from "./strategies/common.ts";
import type { WorldParams } from "./world-params.ts";

export interface BacktestOptions {
  seeds: readonly number[];
  days: number;
  warmupDays: number;
  strategies: readonly StrategyName[];
  world: WorldParams;
  config: StrategyConfig;
  workers: number;
  cvrDay: number;
  onWorld?: (r: WorldResult) => void;
}

export interface StrategySummary {
  profit: number;
  adSales: number;
  spend: number;
  acos: number;
  tacos: number;
  /** Ad-attributed units × unit margin − spend: the part of the profit the ads make themselves. */
  adProfit: number;
  perSeed: (Metrics & { seed: number })[];
}

/** The JSON the CLI writes (issue 19's shape). */
export interface BacktestReport {
  strategies: Record<string, StrategySummary>;
  vsPeer: Record<
    string,
    {
      profitDiffPct: number;
      ci95: [number, number] | null;
      /** The same for the ads' own profit (organic left out). */
      adProfitDiffPct: number;
      adProfitCi95: [number, number] | null;
    }
  >;
  cvrError: { median: number | null; perSeed: { seed: number; median: number; targets: number }[] };
  /**
   * The optimiser's projected monthly profit impact against the realised effect of its applied
   * changes, pooled over the seeds (projection.ts); null without an optimiser strategy.
   */
  projection: ({ windowDays: number } & Record<ProjectedKind | "all", ProjectionSummary>) | null;
  targetAcos: number;
  seeds: number[];
  days: number;
  world: WorldParams;
  elapsedMs: number;
}

/** Runs one world per seed in worker threads (never on the caller's event loop). */
export async function runBacktest(o: BacktestOptions): Promise<BacktestReport> {
  const started = performance.now();
  const queue = [...o.seeds];
  const results: WorldResult[] = [];
  const worker = async (): Promise<void> => {
    const w = new Worker(new URL("./worker.ts", import.meta.url));
    try {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
        const run: WorldRunConfig = {
          seed,
          days: o.days,
          warmupDays: o.warmupDays,
          strategies: o.strategies,
          params: o.world,
          config: o.config,
          cvrDay: o.cvrDay,
        };
        const answer = await new Promise<{ ok: boolean; result?: WorldResult; error?: string }>(
          (resolve, reject) => {
            w.once("message", resolve);
            w.once("error", reject);
            w.postMessage(run);
          },
        );
        if (!answer.ok || !answer.result) throw new Error(`seed ${seed}: ${answer.error}`);
        results.push(answer.result);
        o.onWorld?.(answer.result);
      }
    } finally {
      await w.terminate();
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(o.workers, o.seeds.length)) }, worker),
  );
  results.sort((a, b) => a.seed - b.seed);
  return summarise(o, results, Math.round(performance.now() - started));
}

export function summarise(
  o: BacktestOptions,
  results: WorldResult[],
  elapsedMs: number,
): BacktestReport {
  const strategies: Record<string, StrategySummary> = {};
  for (const name of o.strategies) {
    const perSeed = results.flatMap((r) => {
      const m = r.metrics[name];
      return m ? [{ seed: r.seed, ...m }] : [];
    });
    const spend = mean(perSeed.map((m) => m.spend));
    const adSales = mean(perSeed.map((m) => m.adSales));
    const total = mean(perSeed.map((m) => m.totalSales));
    strategies[name] = {
      profit: mean(perSeed.map((m) => m.profit)),
      adProfit: mean(perSeed.map((m) => m.adProfit)),
      adSales,
      spend,
      acos: adSales > 0 ? spend / adSales : 0,
      tacos: total > 0 ? spend / total : 0,
      perSeed,
    };
  }
  const vsPeer: BacktestReport["vsPeer"] = {};
  const peer = strategies.peer?.perSeed.map((m) => m.profit);
  if (peer)
    for (const name of o.strategies) {
      if (name === "peer") continue;
      const own = strategies[name]?.perSeed.map((m) => m.profit) ?? [];
      const d = pairedDiffPct(own, peer);
      const a = pairedDiffPct(
        strategies[name]?.perSeed.map((m) => m.adProfit) ?? [],
        strategies.peer?.perSeed.map((m) => m.adProfit) ?? [],
      );
      vsPeer[name] = {
        profitDiffPct: d.pct,
        ci95: d.ci95,
        adProfitDiffPct: a.pct,
        adProfitCi95: a.ci95,
      };
    }
  const withProjection = results.flatMap((r) => (r.projection ? [r.projection] : []));
  const projection = withProjection.length
    ? {
        windowDays: EFFECT_WINDOW_DAYS,
        bid: summariseProjection(withProjection.flatMap((p) => p.bid)),
        budget: summariseProjection(withProjection.flatMap((p) => p.budget)),
        all: summariseProjection(withProjection.flatMap((p) => [...p.bid, ...p.budget])),
      }
    : null;
  const cvr = results.flatMap((r) => (r.cvrError ? [{ seed: r.seed, ...r.cvrError }] : []));
  return {
    strategies,
    vsPeer,
    cvrError: { median: cvr.length ? median(cvr.map((c) => c.median)) : null, perSeed: cvr },
    projection,
    targetAcos: o.config.targetAcos,
    seeds: [...o.seeds],
    days: o.days,
    world: o.world,
    elapsedMs,
  };
}
