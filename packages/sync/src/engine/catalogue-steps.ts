/** Sync engine steps for Seller Central (SP-API): participations, then per marketplace listings and the catalogue. */

import { AmazonAuthError, type Region } from "@starport/amazon";
import { schema } from "@starport/db";
import { getMarketplace, getMarketplaceByAmazonId } from "@starport/marketplaces";
import { and, eq } from "drizzle-orm";
import type { CatalogueStep } from "../catalogue.ts";
import { PRODUCT_UPSERT, toMicros } from "../specs.ts";
import { upsertRows } from "../upsert.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";

export function createCatalogueSteps(deps: EngineDeps, connections: Connections) {
  const { db, amazon, poll } = deps;
  const { markFailing, refreshTokenOf } = connections;

  async function syncParticipations(connectionId: string, ctx: StepContext) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected") return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      ...(connection.sellingPartnerId ? { sellingPartnerId: connection.sellingPartnerId } : {}),
    });
    let list: Awaited<ReturnType<typeof sp.getMarketplaceParticipations>>;
    try {
      list = await sp.getMarketplaceParticipations(ctx.signal);
    } catch (error) {
      if (error instanceof AmazonAuthError) await markFailing(connection.id, error);
      throw error;
    }
    const participations = list.flatMap((p) => {
      const code = getMarketplaceByAmazonId(p.marketplace.id)?.code;
      return code ? [{ marketplace: code, isParticipating: p.participation.isParticipating }] : [];
    });
    const storeName = list.find((p) => p.storeName)?.storeName;
    const changed = await db.transaction(async (tx) => {
      const accounts = await tx
        .select()
        .from(schema.sellerAccounts)
        .where(eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId))
        .for("update");
      const existing =
        accounts.find((a) => a.sellingPartnerId === connection.sellingPartnerId) ??
        accounts.find((a) => a.sellingPartnerId === null && a.region === connection.region);
      if (existing) {
        const same =
          JSON.stringify(existing.marketplaceParticipations) === JSON.stringify(participations) &&
          existing.sellingPartnerId === connection.sellingPartnerId;
        if (same) return false;
        await tx
          .update(schema.sellerAccounts)
          .set({
            sellingPartnerId: connection.sellingPartnerId,
            marketplaceParticipations: participations,
            region: connection.region,
          })
          .where(eq(schema.sellerAccounts.id, existing.id));
      } else {
        await tx.insert(schema.sellerAccounts).values({
          sellerProfileId: connection.sellerProfileId,
          name: storeName ?? `Amazon ${connection.sellingPartnerId ?? connection.region}`,
          sellingPartnerId: connection.sellingPartnerId,
          region: connection.region,
          marketplaceParticipations: participations,
        });
      }
      return true;
    });
    if (changed) await ctx.wrote(1);
  }

  /** Runs a catalogue step for every participating marketplace of the connection's account. */
  async function eachMarketplace(
    connectionId: string,
    ctx: StepContext,
    run: (step: CatalogueStep) => Promise<void>,
  ) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected" || !connection.sellingPartnerId) return;
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(
        and(
          eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId),
          eq(schema.sellerAccounts.sellingPartnerId, connection.sellingPartnerId),
        ),
      );
    if (!account) return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      sellingPartnerId: connection.sellingPartnerId,
    });
    for (const participation of account.marketplaceParticipations) {
      if (!participation.isParticipating) continue;
      const marketplace = getMarketplace(participation.marketplace);
      if (!marketplace?.marketplaceId || marketplace.region !== connection.region) continue;
      await run({
        db,
        sp,
        sellerAccountId: account.id,
        marketplaceId: marketplace.marketplaceId,
        signal: ctx.signal,
        wrote: (rows) => ctx.wrote(rows),
      });
    }
  }

  async function syncListings(connectionId: string, ctx: StepContext) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected" || !connection.sellingPartnerId) return;
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(
        and(
          eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId),
          eq(schema.sellerAccounts.sellingPartnerId, connection.sellingPartnerId),
        ),
      );
    if (!account) return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      sellingPartnerId: connection.sellingPartnerId,
    });
    for (const participation of account.marketplaceParticipations) {
      if (!participation.isParticipating) continue;
      const marketplace = getMarketplace(participation.marketplace);
      if (!marketplace?.marketplaceId || marketplace.region !== connection.region) continue;
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
              seller_account_id: account.id,
              marketplace: marketplace.code,
              marketplace_id: marketplace.marketplaceId,
              sku,
              asin: row.asin1 || row["product-id"] || null,
              title: row["item-name"] ?? "",
              price_micros: toMicros(row.price),
              currency: marketplace.currency,
              quantity:
                row.quantity === undefined || row.quantity === "" ? null : Number(row.quantity),
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
  }

  return { syncParticipations, eachMarketplace, syncListings };
}

export type CatalogueSteps = ReturnType<typeof createCatalogueSteps>;
