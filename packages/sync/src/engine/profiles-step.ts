/** Step "profiles:<connection>": the Ads API seller profiles a connection reaches, in every region. */
import { type AdsClient, AmazonAuthError, REGIONS } from "@starport/amazon";
import { schema } from "@starport/db";
import { MARKETPLACES } from "@starport/marketplaces";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { upsertRows } from "../upsert.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";

type Connection = typeof schema.amazonConnections.$inferSelect;
type AdsProfile = Awaited<ReturnType<AdsClient["listProfiles"]>>[number];

async function sellerProfilesOf(client: AdsClient, ctx: StepContext): Promise<AdsProfile[]> {
  return (await client.listProfiles({}, ctx.signal)).filter((p) => p.accountInfo.type === "seller");
}

/**
 * Onboarding connects from the EU, but an Ads account answers in the region of its marketplaces
 * (a US-only seller: NA). The Login with Amazon token is the same in every region, so the others
 * are asked; a region that answers gets a connection of its own, which its profiles' syncs and
 * changes use.
 */
async function profilesInOtherRegions(
  { db }: EngineDeps,
  { clients }: Connections,
  connection: Connection,
  ctx: StepContext,
): Promise<AdsProfile[]> {
  const found: AdsProfile[] = [];
  for (const region of REGIONS.filter((r) => r !== connection.region)) {
    // The same token asked in another region (an Ads account spans regions).
    const client = clients.ads({ ...connection, region });
    const elsewhere = await sellerProfilesOf(client, ctx);
    if (elsewhere.length === 0) continue;
    await db
      .insert(schema.amazonConnections)
      .values({
        sellerProfileId: connection.sellerProfileId,
        api: "ads",
        region,
        refreshTokenEncrypted: connection.refreshTokenEncrypted,
        status: "connected",
        connectedAt: new Date(),
        updatedAt: new Date(),
      })
      .onConflictDoNothing();
    found.push(...elsewhere);
  }
  return found;
}

/** Profiles this connection no longer reaches in its region are not synced any more. */
async function deactivateUnreached(
  { db }: EngineDeps,
  connection: Connection,
  reached: string[],
  ctx: StepContext,
): Promise<void> {
  const regionCountries = MARKETPLACES.filter((m) => m.region === connection.region).map(
    (m) => m.code,
  );
  const stale = await db
    .update(schema.advertisingProfiles)
    .set({ active: false })
    .where(
      and(
        eq(schema.advertisingProfiles.sellerProfileId, connection.sellerProfileId),
        eq(schema.advertisingProfiles.active, true),
        inArray(schema.advertisingProfiles.countryCode, regionCountries),
        reached.length
          ? notInArray(schema.advertisingProfiles.amazonProfileId, reached)
          : sql`true`,
      ),
    )
    .returning({ id: schema.advertisingProfiles.id });
  if (stale.length) await ctx.wrote(stale.length);
}

async function storeProfiles(
  deps: EngineDeps,
  connections: Connections,
  connection: Connection,
  ads: AdsClient,
  ctx: StepContext,
): Promise<void> {
  const profiles = await sellerProfilesOf(ads, ctx);
  if (profiles.length === 0)
    profiles.push(...(await profilesInOtherRegions(deps, connections, connection, ctx)));
  const rows = profiles.map((p) => ({
    seller_profile_id: connection.sellerProfileId,
    amazon_profile_id: String(p.profileId),
    country_code: p.countryCode === "GB" ? "UK" : p.countryCode,
    currency: p.currencyCode,
    timezone: p.timezone,
  }));
  await ctx.wrote(
    await upsertRows(
      deps.db,
      {
        table: "advertising_profiles",
        columns: {
          seller_profile_id: "uuid",
          amazon_profile_id: "text",
          country_code: "text",
          currency: "text",
          timezone: "text",
        },
        key: ["seller_profile_id", "amazon_profile_id"],
      },
      rows,
    ),
  );
  await deactivateUnreached(
    deps,
    connection,
    rows.map((r) => r.amazon_profile_id),
    ctx,
  );
}

export async function syncProfiles(
  deps: EngineDeps,
  connections: Connections,
  connectionId: string,
  ctx: StepContext,
): Promise<void> {
  const [connection] = await deps.db
    .select()
    .from(schema.amazonConnections)
    .where(eq(schema.amazonConnections.id, connectionId));
  if (connection?.status !== "connected") return;
  const ads = connections.clients.ads(connection);
  try {
    await storeProfiles(deps, connections, connection, ads, ctx);
  } catch (error) {
    if (error instanceof AmazonAuthError) await connections.markFailing(connection.id, error);
    throw error;
  }
}
