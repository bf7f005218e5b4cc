import type { ResolvedSettings } from "@starport/settings";
import type { AdGroupNode, CampaignNode, Decision, ProductInfo } from "./types.ts";

/** Storage disruption: pause on stock-out (or low cover with "pause"), resume on restock. */
export function stockDecisions(
  c: CampaignNode,
  g: AdGroupNode,
  s: ResolvedSettings,
  products: Map<string, ProductInfo>,
  stateChanged: ReadonlySet<string>,
  push: (d: Decision) => void,
): void {
  const lowDays = s.values.lowCoverDays.value ?? 0;
  for (const ad of g.products) {
    const p = products.get(ad.productId);
    if (!p || p.stockUnits === null) continue;
    const out = p.stockUnits <= 0;
    const low = p.daysOfCover !== null && p.daysOfCover < lowDays;
    const pause =
      (out && s.values.outOfStockPause.value) || (low && s.values.lowCoverAction.value === "pause");
    if (ad.state === "ENABLED" && pause) {
      push({
        kind: "state",
        entityId: ad.adId,
        entityKind: "productAd",
        campaignId: c.id,
        adGroupId: g.id,
        state: "PAUSED",
        reason: out ? "pauseOutOfStock" : "bidLowCover",
        params: { asin: p.asin, stock: p.stockUnits, daysOfCover: p.daysOfCover ?? 0 },
      });
    } else if (
      ad.state === "PAUSED" &&
      !out &&
      !low &&
      s.values.resumeOnRestock.value &&
      stateChanged.has(ad.adId)
    ) {
      push({
        kind: "state",
        entityId: ad.adId,
        entityKind: "productAd",
        campaignId: c.id,
        adGroupId: g.id,
        state: "ENABLED",
        reason: "resumeOnRestock",
        params: { asin: p.asin, stock: p.stockUnits },
      });
    }
  }
}
