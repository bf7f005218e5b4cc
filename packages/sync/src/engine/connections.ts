/** Sync engine: a seller profile's stored Amazon connections, their tokens and clients, its advertising profiles. */

import { AmazonApiError, AmazonAuthError, type Region } from "@starport/amazon";
import { schema } from "@starport/db";
import { getMarketplace } from "@starport/marketplaces";
import { and, eq } from "drizzle-orm";
import { amazonClients } from "../amazon-clients.ts";
import type { EngineDeps } from "./deps.ts";

export function createConnections(deps: EngineDeps) {
  const { db, amazon, cipher } = deps;
  const clients = amazonClients(amazon, cipher);

  async function connectionsOf(sellerProfileId: string, api: "ads" | "sp") {
    return db
      .select()
      .from(schema.amazonConnections)
      .where(
        and(
          eq(schema.amazonConnections.sellerProfileId, sellerProfileId),
          eq(schema.amazonConnections.api, api),
          eq(schema.amazonConnections.status, "connected"),
        ),
      );
  }

  const { refreshTokenOf } = clients;

  async function isConnected(connectionId: string): Promise<boolean> {
    const [connection] = await db
      .select({ status: schema.amazonConnections.status })
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    return connection?.status === "connected";
  }

  async function markFailing(connectionId: string, error: unknown) {
    await db
      .update(schema.amazonConnections)
      .set({
        status: "failing",
        // Amazon's details say what to do ("The seller is not registered in this region.").
        lastError:
          error instanceof AmazonApiError && error.details
            ? `${error.message} ${error.details}`
            : error instanceof Error
              ? error.message
              : String(error),
        updatedAt: new Date(),
      })
      .where(eq(schema.amazonConnections.id, connectionId));
  }

  /**
   * After a step was refused (AmazonAuthError): the connections of the seller profile whose
   * refresh token Amazon no longer takes are marked failing with Amazon's words, so Settings
   * shows "reconnect needed" instead of "connected" while every sync fails (issue 18 §13).
   */
  async function markRefusedConnections(sellerProfileId: string) {
    for (const api of ["ads", "sp"] as const)
      for (const connection of await connectionsOf(sellerProfileId, api)) {
        try {
          amazon.lwa.invalidate(refreshTokenOf(connection));
          await amazon.lwa.getAccessToken(refreshTokenOf(connection));
        } catch (error) {
          if (error instanceof AmazonAuthError) await markFailing(connection.id, error);
        }
      }
  }

  async function adsFor(sellerProfileId: string, region: Region) {
    const [connection] = (await connectionsOf(sellerProfileId, "ads")).filter(
      (c) => c.region === region,
    );
    if (!connection) throw new Error(`no Ads API connection for region ${region}`);
    return { connection, ads: clients.ads(connection) };
  }

  async function activeProfiles(sellerProfileId: string) {
    return db
      .select()
      .from(schema.advertisingProfiles)
      .where(
        and(
          eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId),
          eq(schema.advertisingProfiles.active, true),
        ),
      )
      .orderBy(schema.advertisingProfiles.countryCode);
  }

  async function profileById(id: string) {
    const [profile] = await db
      .select()
      .from(schema.advertisingProfiles)
      .where(eq(schema.advertisingProfiles.id, id));
    if (!profile) throw new Error(`advertising profile ${id} no longer exists`);
    const region = getMarketplace(profile.countryCode)?.region ?? "EU";
    return { profile, region: region as Region };
  }

  return {
    connectionsOf,
    refreshTokenOf,
    clients,
    isConnected,
    markFailing,
    markRefusedConnections,
    adsFor,
    activeProfiles,
    profileById,
  };
}

export type Connections = ReturnType<typeof createConnections>;
