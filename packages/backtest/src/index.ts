/** @starport/backtest — the optimiser's proof in the sandbox's marketplace simulation. See README.md. */
export { type ApplyResult, applyChanges, type Change } from "./apply.ts";
export { formatReport } from "./format.ts";
export * from "./projection.ts";
export { type BacktestOptions, type BacktestReport, runBacktest, summarise } from "./run.ts";
export {
  buildWorld,
  copyWorld,
  type Metrics,
  measure,
  runWorld,
  STRATEGIES,
  type StrategyName,
  type WorldResult,
  type WorldRunConfig,
} from "./run-world.ts";
export { pairedDiffPct, pearson, ranks, spearman } from "./stats.ts";
export type { Strategy, StrategyConfig } from "./strategies/common.ts";
export { oracleStrategy } from "./strategies/oracle.ts";
export { peerStrategy, staticStrategy } from "./strategies/peer.ts";
export { starportStrategy, toInput } from "./strategies/starport.ts";
export * from "./view.ts";
export * from "./world-params.ts";
