/**
 * Stage 3 of a simulated day, the clicks a budget allows: a campaign that would overspend stops
 * when its budget is gone; its day's auctions are spread over hours in random order, so every
 * term loses the same share (binomial thinning), then clicks are trimmed to the exact cap.
 */
import { rngFor } from "../rng.ts";
import type { Campaign, World } from "../world.ts";
import type { DayFact } from "./auctions.ts";

function spendByCampaign(dayFacts: DayFact[]): Map<string, number> {
  const spend = new Map<string, number>();
  for (const f of dayFacts) spend.set(f.campaignId, (spend.get(f.campaignId) ?? 0) + f.cost);
  return spend;
}

export function capClicksByBudget(world: World, day: number, dayFacts: DayFact[]): void {
  const campaigns = world.entities.campaigns;
  const spend = spendByCampaign(dayFacts);
  for (const f of dayFacts) {
    const c = campaigns.get(f.campaignId) as Campaign;
    const total = spend.get(f.campaignId) ?? 0;
    if (total <= c.budget.budget) continue;
    const share = c.budget.budget / total;
    const rng = rngFor(
      world.seed,
      day,
      `budget|${f.adId}|${f.targetId}|${f.termIdx}|${f.placement}`,
    );
    f.impressions = rng.binomial(f.impressions, share);
    f.clicks = Math.min(f.impressions, rng.binomial(f.clicks, share));
    f.cost = Math.round(f.clicks * f.cpc * 100) / 100;
  }
  // exact cap: trim clicks until within budget
  const spent = spendByCampaign(dayFacts);
  for (const f of dayFacts) {
    const c = campaigns.get(f.campaignId) as Campaign;
    let s = spent.get(f.campaignId) ?? 0;
    while (s > c.budget.budget + 1e-9 && f.clicks > 0) {
      f.clicks--;
      f.cost = Math.round(f.clicks * f.cpc * 100) / 100;
      s -= f.cpc;
    }
    spent.set(f.campaignId, s);
  }
}
