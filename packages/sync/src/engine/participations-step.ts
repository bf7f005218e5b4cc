/** Step "participations:<connection>": the Seller Central account and the marketplaces it sells in. */
import { AmazonAuthError } from "@starport/amazon";
import { schema } from "@starport/db";
import { getMarketplaceByAmazonId } from "@starport/marketplaces";
import { eq } from "drizzle-orm";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";

type Connection = typeof schema.amazonConnections.$inferSelect;
type Participation = { marketplace: string; isParticipating: boolean };

/** Stores the account's participations; false when nothing changed. */
async function storeAccount(
  { db }: EngineDeps,
  connection: Connection,
  participations: Participation[],
  storeName: string | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
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
}

export async function syncParticipations(
  deps: EngineDeps,
  connections: Connections,
  connectionId: string,
  ctx: StepContext,
): Promise<void> {
  const { db } = deps;
  const [connection] = await db
    .select()
    .from(schema.amazonConnections)
    .where(eq(schema.amazonConnections.id, connectionId));
  if (connection?.status !== "connected") return;
  const sp = connections.clients.sp(connection);
  let list: Awaited<ReturnType<typeof sp.getMarketplaceParticipations>>;
  try {
    list = await sp.getMarketplaceParticipations(ctx.signal);
  } catch (error) {
    if (error instanceof AmazonAuthError) await connections.markFailing(connection.id, error);
    throw error;
  }
  const participations = list.flatMap((p) => {
    const code = getMarketplaceByAmazonId(p.marketplace.id)?.code;
    return code ? [{ marketplace: code, isParticipating: p.participation.isParticipating }] : [];
  });
  const storeName = list.find((p) => p.storeName)?.storeName;
  if (await storeAccount(deps, connection, participations, storeName)) await ctx.wrote(1);
}
