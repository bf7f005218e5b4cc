/** Control routes for the products: stock and price set, and the hidden truth (products, relevance) read. */
import type { FastifyInstance } from "fastify";
import type { SandboxControl } from "../app.ts";
import { sendError, sendJson } from "../http.ts";
import { relevanceOf } from "../simulation-truth.ts";
import type { SandboxState } from "../state.ts";
import { productKey } from "../world.ts";
import { bodyOf as body, intIn, CONTROL_PREFIX as P } from "./shared.ts";

export function registerTruthRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  app.put(`${P}/products/:marketplaceId/:asin`, async (req, reply) => {
    const { marketplaceId, asin } = req.params as { marketplaceId: string; asin: string };
    const b = body(req);
    const patch: { stock?: number; autoRestock?: boolean; price?: number } = {};
    if (b.stock !== undefined) {
      const s = intIn(b.stock, 0, 10_000_000);
      if (s === undefined)
        return sendError(reply, "control", 400, "stock must be a non-negative integer");
      patch.stock = s;
    }
    if (b.autoRestock !== undefined) {
      if (typeof b.autoRestock !== "boolean")
        return sendError(reply, "control", 400, "autoRestock must be boolean");
      patch.autoRestock = b.autoRestock;
    }
    if (b.price !== undefined) {
      if (typeof b.price !== "number" || !(b.price > 0))
        return sendError(reply, "control", 400, "price must be positive");
      patch.price = b.price;
    }
    if (!control.setProduct(marketplaceId, asin, patch))
      return sendError(reply, "control", 404, "product not found");
    return sendJson(reply, 200, { ok: true });
  });
  app.get(`${P}/truth/products`, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const out = [...state.world.products.values()]
      .filter((p) => p.sellerId !== undefined)
      .filter((p) => !q.marketplaceId || p.marketplaceId === q.marketplaceId)
      .filter((p) => !q.sellerId || p.sellerId === q.sellerId)
      .map((p) => ({
        asin: p.asin,
        sku: p.sku,
        sellerId: p.sellerId,
        marketplaceId: p.marketplaceId,
        category: p.categoryKey,
        price: p.price,
        refPrice: p.refPrice,
        baseCvr: p.baseCvr,
        baseDemand: p.baseDemand,
        stock: p.stock,
        rankFactor: p.rankFactor,
        history: state.world.productDays.get(productKey(p.marketplaceId, p.asin)) ?? [],
      }));
    return sendJson(reply, 200, out);
  });
  app.get(`${P}/truth/relevance`, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const p =
      q.marketplaceId && q.asin
        ? state.world.products.get(productKey(q.marketplaceId, q.asin))
        : undefined;
    if (!p || p.sellerId === undefined)
      return sendError(reply, "control", 404, "seller product not found (marketplaceId, asin)");
    const min = Number(q.min ?? 0.2);
    const terms = (state.world.terms.get(p.marketplaceId) ?? [])
      .map((t) => ({
        term: t.text,
        relevance: relevanceOf(state.world, p, t.idx),
        volume: Math.round(t.baseVolume),
        cpc: Math.round(t.cpc * 100) / 100,
      }))
      .filter((x) => x.relevance >= min)
      .sort((a, b) => b.relevance - a.relevance);
    return sendJson(reply, 200, {
      asin: p.asin,
      marketplaceId: p.marketplaceId,
      baseCvr: p.baseCvr,
      terms,
    });
  });
}
