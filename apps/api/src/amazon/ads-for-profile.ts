import { type AdsClient, type Region, regionForMarketplace } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { amazonClients } from "@starport/sync";
import { and, eq } from "drizzle-orm";
import { DomainError } from "../errors.ts";
import type { AmazonDependencies } from "./connections.ts";

/** The seller profile has no working Ads API connection for the profile's region. */
export class AdsNotConnectedError extends DomainError {
  constructor() {
    super(409, "The Amazon Ads API is not connected for this marketplace.");
  }
}

/**
 * An Ads API client for one advertising profile (already checked to be the caller's): the seller
 * profile's connected Ads connection of the profile's region.
 */
export async function adsForProfile(
  db: Database,
  amazon: Pick<AmazonDependencies, "amazon" | "cipher"> | undefined,
  profile: { sellerProfileId: string; countryCode: string },
): Promise<AdsClient> {
  if (!amazon) throw new AdsNotConnectedError();
  const region: Region = regionForMarketplace(profile.countryCode);
  const [connection] = await db
    .select()
    .from(schema.amazonConnections)
    .where(
      and(
        eq(schema.amazonConnections.sellerProfileId, profile.sellerProfileId),
        eq(schema.amazonConnections.api, "ads"),
        eq(schema.amazonConnections.region, region),
        eq(schema.amazonConnections.status, "connected"),
      ),
    );
  if (!connection?.refreshTokenEncrypted) throw new AdsNotConnectedError();
  return amazonClients(amazon.amazon, amazon.cipher).ads(connection);
}
