import { betaSd } from "./stats.ts";
import type { Decision } from "./types.ts";

/**
 * Projected monthly contribution-profit impact of a decision, with an uncertainty range (for the
 * action center, issue 21). Contribution per click = CVR × order value × break-even ACoS (the
 * margin share of gross sales) − CPC. Model assumptions, stated so the figure can be judged:
 * - clicks scale with the bid with elasticity `elasticity` (default 1: +10 % bid → +10 % clicks),
 *   the cost per click with the bid (second price follows the bid proportionally);
 * - the CVR is the optimiser's posterior; the range is the posterior mean ± 1.96 sd, the rest of
 *   the inputs taken as known;
 * - a negative removes the term's clicks and their expected orders; a new keyword adds
 *   `dailyClicks` at the given CPC.
 */
export interface ImpactInput {
  kind: "bid" | "negative" | "keyword" | "budget";
  /** Clicks per day today (for a keyword: expected clicks per day). */
  dailyClicks: number;
  /** Cost per click today. */
  cpc: number;
  /** Posterior CVR as Beta(a, b): a = orders + prior, b = non-orders + prior. */
  cvrA: number;
  cvrB: number;
  orderValue: number;
  /** Margin before ads as a share of gross sales (= break-even ACoS). */
  breakEvenAcos: number;
  oldBid?: number;
  newBid?: number;
  elasticity?: number;
  /** Budget decisions: the expected monthly gain computed by the optimiser. */
  expectedGainMonthly?: number;
}

export interface Impact {
  /** Monthly (30 days) contribution-profit change, currency units. */
  monthly: number;
  low: number;
  high: number;
}

const DAYS = 30;

function profitPerDay(clicks: number, cpc: number, cvr: number, x: ImpactInput): number {
  return clicks * (cvr * x.orderValue * x.breakEvenAcos - cpc);
}

export function projectedImpact(x: ImpactInput): Impact {
  const mean = x.cvrA / (x.cvrA + x.cvrB);
  const sd = betaSd(x.cvrA, x.cvrB);
  const at = (cvr: number): number => {
    switch (x.kind) {
      case "bid": {
        const ratio = (x.newBid ?? 1) / Math.max(1e-9, x.oldBid ?? 1);
        const clicks = x.dailyClicks * ratio ** (x.elasticity ?? 1);
        return (
          DAYS *
          (profitPerDay(clicks, x.cpc * ratio, cvr, x) - profitPerDay(x.dailyClicks, x.cpc, cvr, x))
        );
      }
      case "negative":
        return -DAYS * profitPerDay(x.dailyClicks, x.cpc, cvr, x);
      case "keyword":
        return DAYS * profitPerDay(x.dailyClicks, x.cpc, cvr, x);
      case "budget":
        return x.expectedGainMonthly ?? 0;
    }
  };
  const lo = at(Math.max(0, mean - 1.96 * sd));
  const hi = at(Math.min(1, mean + 1.96 * sd));
  const r2 = (v: number): number => Math.round(v * 100) / 100;
  return { monthly: r2(at(mean)), low: r2(Math.min(lo, hi)), high: r2(Math.max(lo, hi)) };
}

/**
 * The projection of one decision as production stores it on its recommendation and the backtest
 * measures it: a bid from its inputs (clicks a day over the 30-day window, the window's CPC, the
 * shrunk CVR as a Beta with the clicks plus the prior's pseudo-clicks), a budget from the
 * optimiser's expected gain (no range). Other kinds carry no projection (null).
 * `breakEvenAcos`: of the ad group's product; the decision's target ACoS stands in without one.
 */
export function decisionImpact(
  d: Decision,
  breakEvenAcos: number | null,
): { monthly: number; low: number | null; high: number | null } | null {
  if (d.kind === "budget") {
    const gain = d.params.expectedGainMonthly;
    return typeof gain === "number" ? { monthly: gain, low: null, high: null } : null;
  }
  if (d.kind !== "bid") return null;
  const i = d.inputs;
  const pseudo = i.clicks + Math.max(1, i.priorClicks);
  return projectedImpact({
    kind: "bid",
    dailyClicks: i.clicks / 30,
    cpc: i.clicks > 0 ? i.spend / i.clicks : d.oldBid,
    cvrA: i.shrunkCvr * pseudo,
    cvrB: (1 - i.shrunkCvr) * pseudo,
    orderValue: i.orderValue,
    breakEvenAcos: breakEvenAcos ?? i.targetAcos,
    oldBid: d.oldBid,
    newBid: d.newBid,
  });
}
