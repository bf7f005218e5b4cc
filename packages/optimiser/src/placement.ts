import type { CampaignNode, PlacementKey } from "./types.ts";

/** Click shares per placement when a campaign has no placement facts yet. */
const DEFAULT_PLACEMENT_SHARE: Record<PlacementKey, number> = {
  top: 0.35,
  rest: 0.45,
  productPage: 0.2,
};
/** "Up and down" dynamic bidding raises bids by up to 100 % (top) / 50 % (elsewhere); we expect half. */
const UP_AND_DOWN_UPLIFT: Record<PlacementKey, number> = {
  top: 1.5,
  rest: 1.25,
  productPage: 1.25,
};
const PLACEMENTS: readonly PlacementKey[] = ["top", "rest", "productPage"];

/** Placement factor: the click-weighted multiplier Amazon applies on top of the base bid. */
export function placementFactor(c: CampaignNode): number {
  let clicks = 0;
  for (const p of PLACEMENTS) clicks += c.placements[p]?.clicks ?? 0;
  let f = 0;
  for (const p of PLACEMENTS) {
    const share = clicks > 0 ? (c.placements[p]?.clicks ?? 0) / clicks : DEFAULT_PLACEMENT_SHARE[p];
    const uplift = c.biddingStrategy === "AUTO_FOR_SALES" ? UP_AND_DOWN_UPLIFT[p] : 1;
    f += share * (1 + (c.placementAdjustments[p] ?? 0) / 100) * uplift;
  }
  return f > 0 ? f : 1;
}
