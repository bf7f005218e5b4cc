/** The Seller Central account behind an SP-API connection, its client, and the marketplaces it sells in. */
import type { SellingPartnerClient } from "@starport/amazon";
import { schema } from "@starport/db";
import { getMarketplace, type Marketplace } from "@starport/marketplaces";
import { and, eq } from "drizzle-orm";
import type { Connections } from "./connections.ts";
import type { EngineDeps } from "./deps.ts";

export interface SellerAccountAccess {
  account: typeof schema.sellerAccounts.$inferSelect;
  sp: SellingPartnerClient;
  /** The participating marketplaces of the connection's region, each with its Amazon id. */
  marketplaces: (Marketplace & { marketplaceId: string })[];
}

/** Undefined when the connection is not usable or its account is not known yet. */
export async function sellerAccountOf(
  { db }: EngineDeps,
  { clients }: Connections,
  connectionId: string,
): Promise<SellerAccountAccess | undefined> {
  const [connection] = await db
    .select()
    .from(schema.amazonConnections)
    .where(eq(schema.amazonConnections.id, connectionId));
  if (connection?.status !== "connected" || !connection.sellingPartnerId) return undefined;
  const [account] = await db
    .select()
    .from(schema.sellerAccounts)
    .where(
      and(
        eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId),
        eq(schema.sellerAccounts.sellingPartnerId, connection.sellingPartnerId),
      ),
    );
  if (!account) return undefined;
  const sp = clients.sp(connection);
  const marketplaces: SellerAccountAccess["marketplaces"] = [];
  for (const participation of account.marketplaceParticipations) {
    if (!participation.isParticipating) continue;
    const marketplace = getMarketplace(participation.marketplace);
    if (!marketplace?.marketplaceId || marketplace.region !== connection.region) continue;
    marketplaces.push({ ...marketplace, marketplaceId: marketplace.marketplaceId });
  }
  return { account, sp, marketplaces };
}
