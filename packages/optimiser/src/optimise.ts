import { spLimitsOf } from "@starport/amazon";
import { bidDecisions } from "./bids.ts";
import { budgetDecisions } from "./budget.ts";
import { targetConversionRates } from "./conversion-rates.ts";
import { TargetEstimates } from "./estimates.ts";
import { searchTermDecisions } from "./search-terms.ts";
import { flattenTree } from "./tree-facts.ts";
import type { Decision, Hold, OptimiserInput, OptimiserOptions, OptimiserOutput } from "./types.ts";

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

function emptyCounts(): Record<Decision["kind"], number> {
  return { bid: 0, state: 0, negative: 0, keyword: 0, budget: 0 };
}

/**
 * One optimiser run over a profile: pure, deterministic, no I/O. See README.md for the methods.
 * The steps, each in its file: the tree flattened into arrays (tree-facts.ts), the targets'
 * conversion rates (conversion-rates.ts), per ad group stock and bids (stock.ts, bids.ts), the
 * search terms' negatives and harvests (search-terms.ts), and budgets (budget.ts).
 */
export function optimise(input: OptimiserInput): OptimiserOutput {
  const opt: OptimiserOptions = { ...DEFAULT_OPTIONS, ...input.options };
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

  const campaigns = input.campaigns;
  const tree = flattenTree(campaigns, opt.attributionCompleteness);
  const rates = targetConversionRates(campaigns, tree);
  const bids = bidDecisions({
    input,
    opt,
    tree,
    rates,
    products,
    lastChanges,
    stateChanged,
    limits,
    holds,
    warnings,
    push,
  });

  const estimates = new TargetEstimates(campaigns, rates.tCvr, tree.tClicks);
  searchTermDecisions(input, opt, {
    gFirst: tree.gFirst,
    tId: tree.tId,
    gAllExact: tree.gAllExact,
    gProductTargets: tree.gProductTargets,
    tIsProductTarget: tree.tIsProductTarget,
    tExactLength: tree.tExactLength,
    estimates,
    tCvr: rates.tCvr,
    tGroup: tree.tGroup,
    gAov: bids.gAov,
    targetAcosOfGroup: bids.targetAcosOfGroup,
    cFactor: bids.cFactor,
    limits: { lo: limits.minBid, hi: limits.maxBid },
    push,
  });
  budgetDecisions(input, opt, tree.cCost, tree.cSales, bids.targetAcosOfGroup, push);
  return { decisions, holds, estimates, warnings, counts };
}
