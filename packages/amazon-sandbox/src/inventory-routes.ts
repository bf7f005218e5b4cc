/** SP-API FBA Inventory v1 (getInventorySummaries), served from the simulated stock. */
import type { FastifyInstance } from "fastify";
import { sendError, sendJson } from "./http.ts";
import { marketplaceById } from "./marketplaces.ts";
import { authSp } from "./sp/auth.ts";
import type { SandboxState } from "./state.ts";
import { type Product, sellerProducts } from "./world.ts";

const PAGE_SIZE = 50;

/**
 * Quantities from the simulation: fulfillable is the product's stock; a restock the simulation
 * has scheduled (restockDay) is inbound with the quantity it will add; a small, stable share of
 * the stock is reserved for customer orders being picked.
 */
export function inventorySummary(p: Product) {
  const inbound = p.restockDay === undefined ? 0 : Math.round(p.baseDemand * 60) + 10;
  const reserved = Math.min(p.stock, Math.round(p.baseDemand));
  return {
    asin: p.asin,
    fnSku: `X00${p.asin.slice(-7)}`,
    sellerSku: p.sku,
    condition: "NewItem",
    inventoryDetails: {
      fulfillableQuantity: p.stock - reserved,
      inboundWorkingQuantity: 0,
      inboundShippedQuantity: inbound,
      inboundReceivingQuantity: 0,
      reservedQuantity: {
        totalReservedQuantity: reserved,
        pendingCustomerOrderQuantity: reserved,
        pendingTransshipmentQuantity: 0,
        fcProcessingQuantity: 0,
      },
      unfulfillableQuantity: { totalUnfulfillableQuantity: 0 },
    },
    lastUpdatedTime: p.lastUpdatedAt,
    productName: p.title,
    totalQuantity: p.stock + inbound,
  };
}

export function registerInventoryRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/fba/inventory/v1/summaries", async (req, reply) => {
    const who = authSp(state, req, reply);
    if (!who) return reply;
    const q = req.query as Record<string, unknown>;
    const list = (v: unknown) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
    const bad = (message: string) => sendError(reply, "sp", 400, message);
    if (q.granularityType !== "Marketplace") return bad("granularityType must be Marketplace.");
    const marketplaceIds = list(q.marketplaceIds);
    const marketplaceId = String(q.granularityId ?? "");
    if (!marketplaceById(marketplaceId) || marketplaceIds.length !== 1)
      return bad("granularityId and marketplaceIds must name one valid marketplace.");
    if (marketplaceIds[0] !== marketplaceId)
      return bad("granularityId must equal the marketplaceIds value.");
    const skus = list(q.sellerSkus);
    if (skus.length > 50) return bad("At most 50 sellerSkus are allowed.");
    let products = sellerProducts(state.world, who.sellerId, marketplaceId).sort((a, b) =>
      a.sku.localeCompare(b.sku),
    );
    if (skus.length) products = products.filter((p) => skus.includes(p.sku));
    if (typeof q.sellerSku === "string") products = products.filter((p) => p.sku === q.sellerSku);
    let offset = 0;
    if (q.nextToken !== undefined) {
      offset = Number(Buffer.from(String(q.nextToken), "base64url").toString("utf8"));
      if (!Number.isInteger(offset) || offset < 0) return bad("Invalid nextToken.");
    }
    const page = products.slice(offset, offset + PAGE_SIZE);
    const details = q.details === "true";
    return sendJson(reply, 200, {
      ...(offset + PAGE_SIZE < products.length
        ? {
            pagination: {
              nextToken: Buffer.from(String(offset + PAGE_SIZE)).toString("base64url"),
            },
          }
        : {}),
      payload: {
        granularity: { granularityType: "Marketplace", granularityId: marketplaceId },
        inventorySummaries: page.map((p) => {
          const summary = inventorySummary(p);
          if (details) return summary;
          const { inventoryDetails: _omitted, ...rest } = summary;
          return rest;
        }),
      },
    });
  });
}
