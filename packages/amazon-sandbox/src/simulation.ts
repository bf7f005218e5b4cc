/**
 * The marketplace simulation (described in this package's README, "Simulation").
 * One call of `simulateDay` turns the current Ads setup into stored daily facts. A day runs in
 * stages, one file each under ./simulation/: candidates (each auction's best own bidder),
 * auctions (impressions, clicks, click price), budgets (the clicks a budget allows), conversions
 * (orders), attribution (each order's lag) and stock (organic sales, restocks, product days).
 */
import { seasonality } from "./dates.ts";
import { marketplaceById } from "./marketplaces.ts";
import { runAuctions } from "./simulation/auctions.ts";
import { capClicksByBudget } from "./simulation/budgets.ts";
import { collectCandidates } from "./simulation/candidates.ts";
import { buildLiveIndex, emptyLedger } from "./simulation/context.ts";
import { convert } from "./simulation/conversions.ts";
import { settleStock } from "./simulation/stock.ts";
import { dateOfDay, type World } from "./world.ts";

/** Whether a seller takes part in the days the clock advances (its business is not pending). */
export function isSimulated(world: World, sellerId: string | undefined): boolean {
  if (sellerId === undefined) return false;
  const business = world.businesses.get(sellerId);
  return business === undefined || business === "ready";
}

/** Simulates the current day for every seller in business and advances the clock by one day. */
export function simulateDay(world: World): void {
  simulateSellersDay(world, world.day, (sellerId) => isSimulated(world, sellerId));
  world.day += 1;
}

/**
 * Simulates one day (the current one, or a past one when a seller's history is built later) for
 * the sellers chosen. Sellers do not interact (each auctions against the simulated competitors),
 * and every draw is seeded by (seed, day, entity), so a seller's history is the same whether it
 * is simulated day by day with the others or on its own afterwards.
 */
export function simulateSellersDay(
  world: World,
  day: number,
  includes: (sellerId: string) => boolean,
): void {
  const date = dateOfDay(world, day);
  const season = seasonality(date);
  const ledger = emptyLedger();
  const live = buildLiveIndex(world, includes);
  for (const profile of world.profiles) {
    if (!includes(profile.sellerId)) continue;
    const mp = marketplaceById(profile.marketplaceId);
    if (!mp) continue;
    const terms = world.terms.get(mp.id) ?? [];
    const best = collectCandidates(world, date, profile, mp, terms, live, ledger);
    const dayFacts = runAuctions({ world, day, season, profile, mp, terms }, best);
    capClicksByBudget(world, day, dayFacts);
    const stored = convert(world, day, mp, dayFacts, ledger);
    const perDay = world.facts.get(profile.profileId) ?? [];
    perDay[day] = stored;
    world.facts.set(profile.profileId, perDay);
  }
  settleStock(world, day, season, includes, ledger);
}

/** Advances the virtual clock by `days` whole simulated days. */
export function advance(world: World, days: number): void {
  const n = Math.max(0, Math.floor(days));
  for (let i = 0; i < n; i++) simulateDay(world);
}
