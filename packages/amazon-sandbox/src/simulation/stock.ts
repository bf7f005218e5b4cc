/**
 * Stage 6 of a simulated day, stock: every chosen seller's product sells organically from the
 * stock its ad orders left, its rank follows its ad units, auto-restocks arrive after their lead
 * time, and the product's day (organic and ad units and sales, closing stock) is stored.
 */
import { priceFactor } from "../model.ts";
import { rngFor } from "../rng.ts";
import { type Product, productKey, type World } from "../world.ts";
import type { DayLedger } from "./context.ts";

function restock(p: Product, day: number, stock: number): number {
  if (!p.autoRestock) return stock;
  if (p.restockDay === undefined && stock < p.baseDemand * 14) p.restockDay = day + p.leadTime;
  if (p.restockDay !== undefined && day >= p.restockDay) {
    p.restockDay = undefined;
    return stock + (Math.round(p.baseDemand * 60) + 10);
  }
  return stock;
}

export function settleStock(
  world: World,
  day: number,
  season: number,
  includes: (sellerId: string) => boolean,
  ledger: DayLedger,
): void {
  for (const p of world.products.values()) {
    if (p.sellerId === undefined || !includes(p.sellerId)) continue;
    const key = productKey(p.marketplaceId, p.asin);
    const rng = rngFor(world.seed, day, `organic|${key}`);
    let stock = ledger.stockLeft.get(key) ?? p.stock;
    const demand = p.baseDemand * season * Math.sqrt(p.rankFactor) * priceFactor(p);
    const organic = Math.min(Math.max(0, stock), rng.poisson(demand));
    stock -= organic;
    const units = ledger.adUnits.get(key) ?? 0;
    p.rankFactor =
      0.97 * p.rankFactor + 0.03 * (1 + Math.min(1.5, units / Math.max(0.5, p.baseDemand)));
    p.stock = Math.max(0, restock(p, day, stock));
    const list = world.productDays.get(key) ?? [];
    list.push({
      day,
      asin: p.asin,
      organicUnits: organic,
      organicSales: Math.round(organic * p.price * 100) / 100,
      adUnits: units,
      adSales: Math.round((ledger.adSales.get(key) ?? 0) * 100) / 100,
      stockEnd: p.stock,
    });
    world.productDays.set(key, list);
  }
}
