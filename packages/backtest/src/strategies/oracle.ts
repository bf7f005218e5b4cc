import { productKey, relevanceOf, trueCvr, type World } from "@starport/amazon-sandbox";
import type { Change } from "../apply.ts";
import type { View } from "../view.ts";
import { cents, clampBid, liveTargets, type Strategy, type StrategyConfig } from "./common.ts";
import { peerStrategy } from "./peer.ts";

/** Mean units of an order in the simulation (1 + Poisson(0.1)). */
const UNITS_PER_ORDER = 1.1;

/**
 * `oracle`, a yardstick, not a contender: the peer formula's bid rule (bid = target ACoS × sales
 * per click) fed with the simulation's truth instead of reports. Every day each keyword/target
 * with clicks in the last 30 days (full record, no lag, no click minimum, no ±30 % cap, no
 * cool-down) is bid at target ACoS × its traffic's true CVR × price × units per order; negatives
 * and harvesting are the peer's. What it earns over `peer` is the most any better estimate of CVR
 * and order value can earn with that rule at the same target: the room an optimiser that only
 * estimates better has (README, "How far better estimates go").
 */
export function oracleStrategy(config: StrategyConfig, world: World): Strategy {
  const peer = peerStrategy(config);
  return {
    name: "oracle",
    decide(view: View) {
      const out = peer.decide(view);
      for (const p of view.profiles) {
        const keep = (out.get(p.profileId) ?? []).filter((c) => c.kind !== "bid");
        const value = trueValuePerClick(world, p.profileId, view.day - 30, view.day);
        const changes: Change[] = [...keep];
        for (const t of liveTargets(p)) {
          const perClick = value.get(t.id);
          if (perClick === undefined) continue;
          const next = clampBid(config.targetAcos * perClick, config, p.countryCode);
          if (next !== cents(t.bid))
            changes.push({ kind: "bid", entity: t.kind, id: t.id, bid: next });
        }
        out.set(p.profileId, changes);
      }
      return out;
    },
  };
}

/** Per keyword/target: the click-weighted true sales per click of its traffic on days [from, to). */
function trueValuePerClick(
  world: World,
  profileId: number,
  from: number,
  to: number,
): Map<string, number> {
  const profile = world.profiles.find((x) => x.profileId === profileId);
  const facts = world.facts.get(profileId) ?? [];
  const clicks = new Map<string, number>();
  const value = new Map<string, number>();
  if (!profile) return value;
  // Other-SKU orders (12 %) are priced log-normally around the product's price: reported sales
  // per order ≈ units × price whatever the SKU, as the peer's sales per click count them.
  for (let d = Math.max(0, from); d < to; d++)
    for (const f of facts[d] ?? []) {
      if (f.clicks === 0) continue;
      const ad = world.entities.productAds.get(f.adId);
      const product = ad && world.products.get(productKey(profile.marketplaceId, ad.asin));
      if (!product) continue;
      const cvr = trueCvr(product, relevanceOf(world, product, f.termIdx), f.placement);
      clicks.set(f.targetId, (clicks.get(f.targetId) ?? 0) + f.clicks);
      value.set(
        f.targetId,
        (value.get(f.targetId) ?? 0) + f.clicks * cvr * product.price * UNITS_PER_ORDER,
      );
    }
  for (const [id, n] of clicks) value.set(id, (value.get(id) ?? 0) / n);
  return value;
}
