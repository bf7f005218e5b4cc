/**
 * SP-API Sales v1 (getOrderMetrics), served from the simulation: every order of a product and day,
 * ad-driven (attributed to the day of the click) plus organic, as the world recorded them.
 */
import type { FastifyInstance } from "fastify";
import { daysBetween, parseIsoDate } from "./dates.ts";
import { sendError, sendJson } from "./http.ts";
import { marketplaceById } from "./marketplaces.ts";
import { authSp } from "./sp/auth.ts";
import type { SandboxState } from "./state.ts";
import { dateOfDay, type Product, type ProductDay, productBySku, productKey } from "./world.ts";

/** Day-aligned UTC intervals only (what the sandbox simulates): `2026-11-01T00:00:00Z--…`. */
const INTERVAL =
  /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?(?:Z|[+-]00:00)--(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?(?:Z|[+-]00:00)$/;
const MAX_DAYS = 731;

function money(currencyCode: string, amount: number) {
  return { currencyCode, amount: (Math.round(amount * 100) / 100).toFixed(2) };
}

export function registerSalesRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/sales/v1/orderMetrics", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const bad = (message: string) => sendError(reply, "sp", 400, message);
    const q = req.query as Record<string, string | undefined>;
    const marketplaceIds = (q.marketplaceIds ?? "").split(",").filter(Boolean);
    if (marketplaceIds.length !== 1) return bad("Exactly one marketplaceId is required.");
    const mp = marketplaceById(marketplaceIds[0] as string);
    if (!mp) return bad("marketplaceIds is invalid.");
    const match = INTERVAL.exec(q.interval ?? "");
    if (!match) return bad("interval must be two UTC dates at midnight separated by '--'.");
    const [, from, to] = match as unknown as [string, string, string];
    if (parseIsoDate(from) === undefined || parseIsoDate(to) === undefined)
      return bad("interval has an invalid date.");
    const days = daysBetween(from, to);
    if (days <= 0 || days > MAX_DAYS) return bad("interval must cover 1 to 731 days.");
    const granularity = q.granularity ?? "";
    if (granularity !== "Day" && granularity !== "Total")
      return bad("The sandbox supports granularity Day and Total.");
    if (q.sku && q.asin) return bad("Specify either sku or asin, not both.");

    const world = state.world;
    let products: Product[];
    if (q.sku) {
      const p = productBySku(world, seller.sellerId, mp.id, q.sku);
      products = p ? [p] : [];
    } else {
      products = [...world.products.values()].filter(
        (p) =>
          p.sellerId === seller.sellerId &&
          p.marketplaceId === mp.id &&
          (!q.asin || p.asin === q.asin.toUpperCase()),
      );
    }
    const byDate = new Map<string, { units: number; sales: number }>();
    for (const p of products) {
      for (const d of world.productDays.get(productKey(p.marketplaceId, p.asin)) ??
        ([] as ProductDay[])) {
        const date = dateOfDay(world, d.day);
        if (date < from || date >= to) continue;
        const sum = byDate.get(date) ?? { units: 0, sales: 0 };
        sum.units += d.organicUnits + d.adUnits;
        sum.sales += d.organicSales + d.adSales;
        byDate.set(date, sum);
      }
    }
    const interval = (a: string, b: string) => `${a}T00:00:00Z--${b}T00:00:00Z`;
    const metrics = (start: string, end: string, sum: { units: number; sales: number }) => ({
      interval: interval(start, end),
      unitCount: sum.units,
      // The simulation sells one unit per order.
      orderItemCount: sum.units,
      orderCount: sum.units,
      averageUnitPrice: money(mp.currencyCode, sum.units > 0 ? sum.sales / sum.units : 0),
      totalSales: money(mp.currencyCode, sum.sales),
    });
    const addDay = (date: string) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (granularity === "Total") {
      const total = { units: 0, sales: 0 };
      for (const s of byDate.values()) {
        total.units += s.units;
        total.sales += s.sales;
      }
      return sendJson(reply, 200, { payload: [metrics(from, to, total)] });
    }
    const payload = [];
    for (let date = from; date < to; date = addDay(date)) {
      payload.push(metrics(date, addDay(date), byDate.get(date) ?? { units: 0, sales: 0 }));
    }
    return sendJson(reply, 200, { payload });
  });
}
