import type { AdsClient, Amazon, Region, SellingPartnerClient } from "@starport/amazon";
import type { schema } from "@starport/db";
import type { TokenCipher } from "./secrets.ts";

/** What of a stored connection (amazon_connections) a client is made from. */
export type StoredConnection = Pick<
  typeof schema.amazonConnections.$inferSelect,
  "refreshTokenEncrypted" | "region" | "sellingPartnerId"
>;

/**
 * The one way from a stored Amazon connection to a client (issue 20 §6), for the sync, the change
 * write-back, competitors and imports: the refresh token decrypted, the connection's region and,
 * for the SP-API, its selling partner. Which connection to take (connected, of a region, of the
 * seller account listing a product) stays with the caller.
 */
export function amazonClients(amazon: Amazon, cipher: TokenCipher) {
  const refreshTokenOf = (connection: StoredConnection): string => {
    if (!connection.refreshTokenEncrypted) throw new Error("the connection has no token");
    return cipher.decrypt(connection.refreshTokenEncrypted);
  };
  return {
    refreshTokenOf,
    ads(connection: StoredConnection): AdsClient {
      return amazon.ads({
        refreshToken: refreshTokenOf(connection),
        region: connection.region as Region,
      });
    },
    sp(connection: StoredConnection): SellingPartnerClient {
      return amazon.sp({
        refreshToken: refreshTokenOf(connection),
        region: connection.region as Region,
        ...(connection.sellingPartnerId ? { sellingPartnerId: connection.sellingPartnerId } : {}),
      });
    },
  };
}
export type AmazonClients = ReturnType<typeof amazonClients>;
