import { describe, expect, it } from "vitest";
import { type Decision, decisionImpact, projectedImpact } from "../src/index.ts";

const inputs = {
  window: { settledDays: 57, recentDays: 3 },
  clicks: 60,
  orders: 3,
  spend: 30,
  sales: 90,
  rawCvr: 0.05,
  shrunkCvr: 0.06,
  parentCvr: 0.08,
  priorClicks: 40,
  orderValue: 30,
  targetAcos: 0.3,
  targetSource: "product" as const,
  placementFactor: 1,
};
const bid: Decision = {
  kind: "bid",
  entityId: "k1",
  entityKind: "keyword",
  campaignId: "c1",
  adGroupId: "g1",
  oldBid: 0.5,
  newBid: 0.6,
  reason: "bidOnTarget",
  params: {},
  inputs,
};

describe("decisionImpact (the projection production stores and the backtest measures)", () => {
  it("projects a bid from its inputs: clicks a day over 30 days, the window's CPC, the shrunk CVR with the clicks and prior as its weight", () => {
    expect(decisionImpact(bid, 0.4)).toEqual(
      projectedImpact({
        kind: "bid",
        dailyClicks: 2,
        cpc: 0.5,
        cvrA: 0.06 * 100,
        cvrB: 0.94 * 100,
        orderValue: 30,
        breakEvenAcos: 0.4,
        oldBid: 0.5,
        newBid: 0.6,
      }),
    );
    // without a break-even the target stands in: a smaller margin, a smaller gain
    const fallback = decisionImpact(bid, null);
    expect(fallback?.monthly).toBeLessThan(decisionImpact(bid, 0.4)?.monthly as number);
  });

  it("a budget carries the optimiser's expected gain without a range; other kinds no projection", () => {
    expect(
      decisionImpact(
        {
          kind: "budget",
          campaignId: "c1",
          oldBudget: 10,
          newBudget: 12,
          reason: "budgetCapped",
          params: { expectedGainMonthly: 42.5 },
        },
        null,
      ),
    ).toEqual({ monthly: 42.5, low: null, high: null });
    expect(
      decisionImpact(
        {
          kind: "negative",
          campaignId: "c1",
          adGroupId: "g1",
          negativeKind: "keyword",
          text: "x",
          reason: "negativeByProbability",
          params: {},
          sourceTargetId: "k1",
        },
        null,
      ),
    ).toBeNull();
  });
});
