/** Step "listings:<connection>": every participating marketplace's listings report into products. */
import type { SellingPartnerClient } from "@starport/amazon";
import { PRODUCT_UPSERT, toMicros } from "../specs.ts";
import { upsertRows } from "../upsert.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";
import { type SellerAccountAccess, sellerAccountOf } from "./seller-account.ts";

type ListedMarketplace = SellerAccountAccess["marketplaces"][number];

/** One marketplace's listings, stored in batches; the batch and the count start over on a retry. */
async function syncMarketplaceListings(
  { db, poll }: EngineDeps,
  sp: SellingPartnerClient,
  sellerAccountId: string,
  marketplace: ListedMarketplace,
  ctx: StepContext,
): Promise<void> {
  let batch: Record<string, unknown>[] = [];
  let listed = 0;
  // SP-API createReport is not retried on 5xx by the client (it could create two reports);
  // a repeated report is harmless here, so the step tries again a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      for await (const row of sp.merchantListings([marketplace.marketplaceId], {
        ...poll,
        signal: ctx.signal,
      })) {
        const sku = row["seller-sku"];
        if (!sku) continue;
        listed++;
        batch.push({
          seller_account_id: sellerAccountId,
          marketplace: marketplace.code,
          marketplace_id: marketplace.marketplaceId,
          sku,
          asin: row.asin1 || row["product-id"] || null,
          title: row["item-name"] ?? "",
          price_micros: toMicros(row.price),
          currency: marketplace.currency,
          quantity: row.quantity === undefined || row.quantity === "" ? null : Number(row.quantity),
          status: row.status ?? "",
          fulfillment_channel: row["fulfillment-channel"] || null,
          open_date: row["open-date"] || null,
        });
        if (batch.length >= 1000) {
          await ctx.wrote(await upsertRows(db, PRODUCT_UPSERT, batch));
          batch = [];
        }
      }
      break;
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      if (ctx.signal.aborted || status < 500 || attempt >= 5) throw error;
      batch = [];
      listed = 0;
    }
  }
  await ctx.wrote(await upsertRows(db, PRODUCT_UPSERT, batch));
  ctx.arrived({ received: listed });
}

export async function syncListings(
  deps: EngineDeps,
  connections: Connections,
  connectionId: string,
  ctx: StepContext,
): Promise<void> {
  const access = await sellerAccountOf(deps, connections, connectionId);
  if (!access) return;
  for (const marketplace of access.marketplaces)
    await syncMarketplaceListings(deps, access.sp, access.account.id, marketplace, ctx);
}
