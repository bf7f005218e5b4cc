import type { GroupTarget } from "./group-target.ts";
import { cents, round4 } from "./numbers.ts";
import type { Decision, OptimiserInput, OptimiserOptions } from "./types.ts";

/** Campaigns capped by their budget while under target: flagged with the expected gain. */
export function budgetDecisions(
  input: OptimiserInput,
  opt: OptimiserOptions,
  cCost: Float64Array,
  cSales: Float64Array,
  targets: (GroupTarget | null)[],
  push: (d: Decision) => void,
): void {
  let gi = 0;
  input.campaigns.forEach((c, ci) => {
    let acosW = 0;
    let beW = 0;
    let w = 0;
    for (const _g of c.adGroups) {
      const t = targets[gi++];
      if (!t) continue;
      acosW += t.acos;
      beW += t.breakEven;
      w++;
    }
    if (c.state !== "ENABLED" || w === 0 || c.dailySpend.length === 0) return;
    const capped = c.dailySpend.filter((s) => s >= c.dailyBudget * opt.budgetCappedShare).length;
    if (capped * 2 < c.dailySpend.length) return;
    const cost = cCost[ci] as number;
    const sales = cSales[ci] as number;
    const target = acosW / w;
    const acos = sales > 0 ? cost / sales : Number.POSITIVE_INFINITY;
    if (acos >= target) return;
    const maxChange = (input.profileSettings.values.maxBidChangePercent.value ?? 20) / 100;
    const newBudget = cents(c.dailyBudget * (1 + maxChange));
    const extra = newBudget - c.dailyBudget;
    const be = beW / w;
    // extra spend at today's ACoS earns margin (break-even ACoS × sales) minus the spend; the raise
    // buys more only on days the budget runs out: on the capped share of the days
    const gainMonthly = cents(30 * extra * (capped / c.dailySpend.length) * (be / acos - 1));
    push({
      kind: "budget",
      campaignId: c.id,
      oldBudget: c.dailyBudget,
      newBudget,
      reason: "budgetCapped",
      params: {
        cappedDays: capped,
        days: c.dailySpend.length,
        acos: round4(acos),
        targetAcos: round4(target),
        expectedGainMonthly: gainMonthly,
      },
    });
  });
}
