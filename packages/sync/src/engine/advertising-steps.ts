/**
 * Sync engine steps for the Ads API: profiles (profiles-step.ts), entities, and reports ingested
 * into facts.
 */

import type { AdsClient } from "@starport/amazon";
import { sql } from "drizzle-orm";
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
import { syncProfiles } from "./profiles-step.ts";

/** Step "entities:<mode>:<profile>:<spec>": one entity type of a profile; "full" archives the rest. */
export async function syncEntities(
  deps: EngineDeps,
  connections: Connections,
  mode: string,
  advertisingProfileId: string,
  specName: string,
  ctx: StepContext,
): Promise<void> {
  const { db } = deps;
  const spec = ENTITY_SPECS.find((s) => s.name === specName) as EntitySpec;
  const { profile, region } = await connections.profileById(advertisingProfileId);
  const { ads } = await connections.adsFor(profile.sellerProfileId, region);
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

/** Step "report:<profile>:<report>:<from>:<to>": one report's rows into its facts table. */
export async function syncReport(
  deps: EngineDeps,
  connections: Connections,
  advertisingProfileId: string,
  reportName: string,
  from: string,
  to: string,
  ctx: StepContext,
): Promise<void> {
  const spec = REPORT_SPECS.find((r) => r.name === reportName) as ReportSpec;
  const { profile, region } = await connections.profileById(advertisingProfileId);
  const { ads } = await connections.adsFor(profile.sellerProfileId, region);
  await ingestReport(deps, ads, profile.amazonProfileId, profile.id, spec, { from, to }, ctx);
}

async function ingestReport(
  { db, chunkSize, poll }: EngineDeps,
  ads: AdsClient,
  amazonProfileId: string,
  profileId: string,
  spec: ReportSpec,
  { from, to }: { from: string; to: string },
  ctx: StepContext,
): Promise<void> {
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

/** The Ads API steps bound to the engine's deps and connections. */
export function createAdvertisingSteps(deps: EngineDeps, connections: Connections) {
  return {
    syncProfiles: (connectionId: string, ctx: StepContext) =>
      syncProfiles(deps, connections, connectionId, ctx),
    syncEntities: (
      mode: string,
      advertisingProfileId: string,
      specName: string,
      ctx: StepContext,
    ) => syncEntities(deps, connections, mode, advertisingProfileId, specName, ctx),
    syncReport: (
      advertisingProfileId: string,
      reportName: string,
      from: string,
      to: string,
      ctx: StepContext,
    ) => syncReport(deps, connections, advertisingProfileId, reportName, from, to, ctx),
  };
}

export type AdvertisingSteps = ReturnType<typeof createAdvertisingSteps>;
