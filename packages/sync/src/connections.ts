import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import type { TokenCipher } from "./secrets.ts";

export type AmazonApi = "ads" | "sp";

export interface NewConnection {
  sellerProfileId: string;
  api: AmazonApi;
  region: string;
  refreshToken: string;
  sellingPartnerId?: string | null;
}

/** Stores (or replaces) the encrypted refresh token of a seller profile's API and region. */
export async function saveConnection(db: Database, cipher: TokenCipher, input: NewConnection) {
  const values = {
    sellerProfileId: input.sellerProfileId,
    api: input.api,
    region: input.region,
    sellingPartnerId: input.sellingPartnerId ?? null,
    refreshTokenEncrypted: cipher.encrypt(input.refreshToken),
    status: "connected",
    lastError: null,
    connectedAt: new Date(),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(schema.amazonConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [
        schema.amazonConnections.sellerProfileId,
        schema.amazonConnections.api,
        schema.amazonConnections.region,
      ],
      set: values,
    })
    .returning();
  if (!row) throw new Error("connection not saved");
  return row;
}

/** Forgets the token: the connection stays listed as disconnected, synced data stays. */
export async function disconnect(db: Database, sellerProfileId: string, api: AmazonApi) {
  return db
    .update(schema.amazonConnections)
    .set({ refreshTokenEncrypted: null, status: "disconnected", updatedAt: new Date() })
    .where(
      and(
        eq(schema.amazonConnections.sellerProfileId, sellerProfileId),
        eq(schema.amazonConnections.api, api),
      ),
    )
    .returning();
}
