/** Sync engine steps for the Ads API: profiles, entities, and reports ingested into facts. */

import { type AdsClient, AmazonAuthError, REGIONS, type Region } from "@starport/amazon";
import { schema } from "@starport/db";
import { MARKETPLACES } from "@starport/marketplaces";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import {
  ENTITY_SPECS,
  type EntitySpec,
  METRIC_COLUMNS,
  REPORT_SPECS,
  type ReportSpec,
} from "../specs.ts";
import { affected, upsertRows } from "../upsert.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";

export function createAdvertisingSteps(deps: EngineDeps, connections: Connections) {
  const { db, amazon, chunkSize, poll } = deps;
  const { adsFor, markFailing, profileById, refreshTokenOf } = connections;

  async function syncProfiles(connectionId: string, ctx: StepContext) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected") return;
    const ads = amazon.ads({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
    });
    try {
      const sellerProfilesOf = async (client: AdsClient) =>
        (await client.listProfiles({}, ctx.signal)).filter((p) => p.accountInfo.type === "seller");
      const profiles = await sellerProfilesOf(ads);
      if (profiles.length === 0) {
        // Onboarding connects from the EU, but an Ads account answers in the region of its
        // marketplaces (a US-only seller: NA). The Login with Amazon token is the same in every
        // region, so the others are asked; a region that answers gets a connection of its own,
        // which its profiles' syncs and changes use.
        for (const region of REGIONS.filter((r) => r !== connection.region)) {
          const client = amazon.ads({ refreshToken: refreshTokenOf(connection), region });
          const elsewhere = await sellerProfilesOf(client);
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
          profiles.push(...elsewhere);
        }
      }
      const rows = profiles.map((p) => ({
        seller_profile_id: connection.sellerProfileId,
        amazon_profile_id: String(p.profileId),
        country_code: p.countryCode === "GB" ? "UK" : p.countryCode,
        currency: p.currencyCode,
        timezone: p.timezone,
      }));
      await ctx.wrote(
        await upsertRows(
          db,
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
      // Profiles this connection no longer reaches in its region are not synced any more.
      const reached = rows.map((r) => r.amazon_profile_id);
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
    } catch (error) {
      if (error instanceof AmazonAuthError) await markFailing(connection.id, error);
      throw error;
    }
  }

  async function syncEntities(
    mode: string,
    advertisingProfileId: string,
    specName: string,
    ctx: StepContext,
  ) {
    const spec = ENTITY_SPECS.find((s) => s.name === specName) as EntitySpec;
    const { profile, region } = await profileById(advertisingProfileId);
    const { ads } = await adsFor(profile.sellerProfileId, region);
    const filter =
      mode === "full"
        ? { stateFilter: { include: ["ENABLED", "PAUSED", "ARCHIVED"] }, maxResults: 5000 }
        : { stateFilter: { include: ["ENABLED", "PAUSED"] }, maxResults: 5000 };
    const seen: string[] = [];
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      await ctx.wrote(await upsertRows(db, spec.upsert, rows));
    };
    for await (const entity of spec.resource(ads).iterate(profile.amazonProfileId, filter)) {
      const e = entity as Record<string, unknown>;
      seen.push(spec.amazonId(e));
      batch.push(spec.toRow(e, profile.id));
      if (batch.length >= 1000) await flush();
    }
    await flush();
    ctx.arrived({ received: seen.length });
    if (mode === "full") {
      // Rows Amazon no longer lists are archived there (v3 lists archived entities too).
      const result = await db.execute(
        sql`update ${sql.raw(spec.table)} set state = 'ARCHIVED', synced_at = now()
            where advertising_profile_id = ${profile.id} and state <> 'ARCHIVED'
            ${sql.raw(spec.where ? `and ${spec.where}` : "")}
            and ${sql.raw(spec.idColumn)} not in (select json_array_elements_text(${JSON.stringify(seen)}::json))`,
      );
      await ctx.wrote(affected(result));
    }
  }

  async function syncReport(
    advertisingProfileId: string,
    reportName: string,
    from: string,
    to: string,
    ctx: StepContext,
  ) {
    const spec = REPORT_SPECS.find((r) => r.name === reportName) as ReportSpec;
    const { profile, region } = await profileById(advertisingProfileId);
    const { ads } = await adsFor(profile.sellerProfileId, region);
    await ingestReport(ads, profile.amazonProfileId, profile.id, spec, from, to, ctx);
  }

  async function ingestReport(
    ads: AdsClient,
    amazonProfileId: string,
    profileId: string,
    spec: ReportSpec,
    from: string,
    to: string,
    ctx: StepContext,
  ) {
    let batch: Record<string, unknown>[] = [];
    const merged = new Map<string, Record<string, unknown>>();
    const dates = new Set<string>();
    let received = 0;
    for await (const row of ads.runReport(amazonProfileId, spec.request(from, to), {
      ...poll,
      signal: ctx.signal,
    })) {
      received++;
      const mapped = spec.toRow(row, profileId);
      if (!mapped) continue;
      if (typeof mapped.date === "string") dates.add(mapped.date);
      if (spec.sumDuplicates) {
        const key = spec.upsert.key.map((k) => String(mapped[k])).join("\u0001");
        const seen = merged.get(key);
        if (seen) for (const m of METRIC_COLUMNS) seen[m] = Number(seen[m]) + Number(mapped[m]);
        else merged.set(key, mapped);
        continue;
      }
      batch.push(mapped);
      if (batch.length >= chunkSize) {
        const rows = batch;
        batch = [];
        await ctx.wrote(await upsertRows(db, spec.upsert, rows));
      }
    }
    batch.push(...merged.values());
    if (batch.length) await ctx.wrote(await upsertRows(db, spec.upsert, batch));
    ctx.arrived({ received, days: dates.size });
  }

  return { syncProfiles, syncEntities, syncReport };
}

export type AdvertisingSteps = ReturnType<typeof createAdvertisingSteps>;
