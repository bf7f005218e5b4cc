/**
 * Stage 4 of a simulated day, conversions: each fact's clicks convert at the product's true CVR;
 * an order of the advertised product (same SKU) takes its units from the stock left and counts
 * as ad sales, another product's order (halo) does not touch the advertised stock.
 */
import type { Marketplace } from "../marketplaces.ts";
import { MODEL, trueCvr } from "../model.ts";
import { rngFor } from "../rng.ts";
import { type AdFact, type OrderDetail, productKey, type World } from "../world.ts";
import { lagOf } from "./attribution.ts";
import type { DayFact } from "./auctions.ts";
import type { DayLedger } from "./context.ts";

function ordersOf(world: World, day: number, key: string, f: DayFact, ledger: DayLedger) {
  const p = f.product;
  const rng = rngFor(world.seed, day, `orders|${f.adId}|${f.targetId}|${f.termIdx}|${f.placement}`);
  const cvr = trueCvr(p, f.r, f.placement);
  const n = rng.binomial(f.clicks, cvr);
  const orders: OrderDetail[] = [];
  for (let i = 0; i < n; i++) {
    const lag = lagOf(rng.next());
    const units = 1 + rng.poisson(0.1);
    const same = rng.next() < MODEL.sameSkuShare;
    if (same) {
      const left = ledger.stockLeft.get(key) ?? p.stock;
      if (left < units) continue;
      ledger.stockLeft.set(key, left - units);
      ledger.adUnits.set(key, (ledger.adUnits.get(key) ?? 0) + units);
      ledger.adSales.set(key, (ledger.adSales.get(key) ?? 0) + units * p.price);
      orders.push({ lag, units, sales: Math.round(units * p.price * 100) / 100, sameSku: true });
    } else {
      const price = Math.round(p.price * rng.logNormal(1, 0.35) * 100) / 100;
      orders.push({ lag, units, sales: Math.round(units * price * 100) / 100, sameSku: false });
    }
  }
  return orders;
}

/** The facts to store (those with impressions), each with its orders. */
export function convert(
  world: World,
  day: number,
  mp: Marketplace,
  dayFacts: DayFact[],
  ledger: DayLedger,
): AdFact[] {
  const stored: AdFact[] = [];
  for (const f of dayFacts) {
    if (f.impressions <= 0) continue;
    const orders = ordersOf(world, day, productKey(mp.id, f.product.asin), f, ledger);
    stored.push({
      day: f.day,
      campaignId: f.campaignId,
      adGroupId: f.adGroupId,
      targetId: f.targetId,
      termIdx: f.termIdx,
      adId: f.adId,
      placement: f.placement,
      eligible: f.eligible,
      impressions: f.impressions,
      clicks: f.clicks,
      cost: f.cost,
      orders,
    });
  }
  return stored;
}
