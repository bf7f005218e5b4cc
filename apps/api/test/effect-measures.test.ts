/**
 * What the measured effect of each kind of recommendation is (issue 21 §1), on constructed facts:
 * 14 days before and after the day the change was applied, that day and the days outside left
 * out, contribution profit = sales × share − spend, × 30 / 14 per month.
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  type DayFacts,
  marginShare,
  measureBid,
  measureBudget,
  measureKeyword,
  measureNegative,
  measureState,
} from "../src/optimiser/effect-measures.ts";

const D = "2026-10-01";
/** 14 days before at (sales, cost) a day, 14 after at (sales, cost), plus noise outside. */
function facts(before: [number, number], after: [number, number]): DayFacts[] {
  const list: DayFacts[] = [];
  for (let i = 1; i <= 14; i++) {
    list.push({ date: addDays(D, -i), sales: before[0], cost: before[1] });
    list.push({ date: addDays(D, i), sales: after[0], cost: after[1] });
  }
  // the change's day and the days outside the windows never count
  for (const n of [0, -15, 15]) list.push({ date: addDays(D, n), sales: 999, cost: 999 });
  return list;
}

describe("measured effect per kind", () => {
  it("bid: the keyword's profit after against before", () => {
    // before 30 × (10 × 0.4 − 2) = 60; after 30 × (20 × 0.4 − 3) = 150
    expect(measureBid(facts([10, 2], [20, 3]), D, 0.4)).toEqual({
      before: 60,
      after: 150,
      monthly: 90,
      spendSaved: null,
      salesLost: null,
    });
  });

  it("state: a pause of a losing product ad gains the loss it stopped", () => {
    // before 30 × (5 × 0.3 − 4) = −75; after (paused) nothing
    expect(measureState(facts([5, 4], [0, 0]), D, 0.3)).toMatchObject({
      before: -75,
      after: 0,
      monthly: 75,
    });
  });

  it("budget: the campaign's profit after against before", () => {
    // before 30 × (100 × 0.25 − 20) = 150; after 30 × (140 × 0.25 − 28) = 210
    expect(measureBudget(facts([100, 20], [140, 28]), D, 0.25)).toMatchObject({
      before: 150,
      after: 210,
      monthly: 60,
    });
  });

  it("keyword: the new keyword's own profit after its creation, nothing before", () => {
    // facts before its creation cannot be its own (another keyword's id reused): ignored
    // after 30 × (14 × 0.5 − 3) = 120
    expect(measureKeyword(facts([50, 1], [14, 3]), D, 0.5)).toEqual({
      before: 0,
      after: 120,
      monthly: 120,
      spendSaved: null,
      salesLost: null,
    });
  });

  it("negative: the spend saved and the sales lost on the search term", () => {
    // before: 2 € sales, 3 € spend a day; after: 0.5 € sales, 0.5 € spend (still matched a little)
    const effect = measureNegative(facts([2, 3], [0.5, 0.5]), D, 0.4);
    // spend saved 30 × 2.5 = 75; sales lost 30 × 1.5 = 45; profit 30 × (0.8 − 3) = −66 → 30 × (0.2 − 0.5) = −9
    expect(effect).toEqual({ before: -66, after: -9, monthly: 57, spendSaved: 75, salesLost: 45 });
    // the profit change is the spend saved less the sales lost at the margin share
    expect(effect.monthly).toBeCloseTo(effect.spendSaved! - effect.salesLost! * 0.4, 6);
  });

  it("no facts: nothing changed", () => {
    for (const measure of [
      measureBid,
      measureState,
      measureBudget,
      measureKeyword,
      measureNegative,
    ])
      expect(measure([], D, 0.3)).toMatchObject({ before: 0, after: 0, monthly: 0 });
  });

  it("the margin share: the run's break-even ACoS, else a target ACoS, else none", () => {
    expect(marginShare({ breakEvenAcos: 0.4, targetAcos: 0.3 })).toBe(0.4);
    expect(marginShare({ breakEvenAcos: null, targetAcos: 0.3 })).toBe(0.3);
    expect(marginShare(null, { targetAcos: 0.25 })).toBe(0.25);
    expect(marginShare({ breakEvenAcos: null }, {})).toBeNull();
  });
});
