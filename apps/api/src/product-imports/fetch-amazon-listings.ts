import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Amazon } from "@starport/amazon";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { getMarketplace } from "@starport/marketplaces";
import { amazonClients, type TokenCipher } from "@starport/sync";
import { and, eq } from "drizzle-orm";
import { LISTING_HEADERS, LISTING_MAPPING, tsvCell } from "./listing-fields.ts";

export interface AmazonImportAccess {
  amazon: Amazon;
  cipher: TokenCipher;
}

/** The seller account and Selling Partner connection that list `marketplace` for a profile. */
export async function listingSourceOf(db: Database, sellerProfileId: string, marketplace: string) {
  const market = getMarketplace(marketplace);
  if (!market?.marketplaceId) return undefined;
  const rows = await db
    .select({ account: schema.sellerAccounts, connection: schema.amazonConnections })
    .from(schema.sellerAccounts)
    .innerJoin(
      schema.amazonConnections,
      and(
        eq(schema.amazonConnections.sellerProfileId, schema.sellerAccounts.sellerProfileId),
        eq(schema.amazonConnections.api, "sp"),
        eq(schema.amazonConnections.sellingPartnerId, schema.sellerAccounts.sellingPartnerId),
      ),
    )
    .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
  const found = rows.find(
    ({ account, connection }) =>
      connection.status === "connected" &&
      connection.refreshTokenEncrypted &&
      connection.region === market.region &&
      account.marketplaceParticipations.some(
        (p) =>
          p.isParticipating &&
          (p.marketplace === market.marketplaceId ||
            getMarketplace(p.marketplace)?.code === market.code),
      ),
  );
  return found ? { ...found, market } : undefined;
}

/**
 * The first step of an import from Amazon: requests the merchant listings report of the
 * import's marketplace, waits for it and streams it into the import's stored file (tab-separated,
 * the LISTING_HEADERS columns), then records headers and mapping so the run goes on as for an
 * upload. Killed before this ends, the job starts the step again (the file is rewritten).
 */
export async function fetchAmazonListings(
  db: Database,
  access: AmazonImportAccess,
  imp: typeof schema.productImports.$inferSelect,
  dataDir: string,
  poll: { initialIntervalMs?: number; maxIntervalMs?: number } = {},
) {
  const source = await listingSourceOf(db, imp.sellerProfileId, imp.marketplace ?? "");
  if (!source) throw new AmazonSourceUnavailable();
  const { connection, market } = source;
  const sp = amazonClients(access.amazon, access.cipher).sp(connection);
  const path = join(dataDir, imp.storagePath);
  async function* lines() {
    yield `${LISTING_HEADERS.join("\t")}\n`;
    for await (const row of sp.merchantListings([market.marketplaceId!], poll))
      yield `${LISTING_HEADERS.map((h) => tsvCell(row[h])).join("\t")}\n`;
  }
  await pipeline(Readable.from(lines()), createWriteStream(path));
  const [updated] = await db
    .update(schema.productImports)
    .set({
      headers: LISTING_HEADERS,
      mapping: LISTING_MAPPING,
      fileSize: (await stat(path)).size,
      totalRows: null,
    })
    .where(eq(schema.productImports.id, imp.id))
    .returning();
  return updated!;
}

/** The profile has no connected Selling Partner account for the marketplace (any more). */
export class AmazonSourceUnavailable extends Error {}
