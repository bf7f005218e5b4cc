import { randomUUID } from "node:crypto";
import {
  type AdsClient,
  type Amazon,
  AmazonApiError,
  AmazonAuthError,
  type PollOptions,
  REGIONS,
  type Region,
} from "@starport/amazon";
import type { Database, PgBoss } from "@starport/db";
import {
  fairWorkOptions,
  refreshProfileRollups,
  refreshStatistics,
  schema,
  sendFair,
} from "@starport/db";
import { getMarketplace, getMarketplaceByAmazonId, MARKETPLACES } from "@starport/marketplaces";
import { and, eq, getTableName, inArray, notInArray, sql } from "drizzle-orm";
import { syncArrivals } from "./arrivals.ts";
import {
  type CatalogueStep,
  STOCK_UPSERT,
  syncCatalogAttributes,
  syncInventory,
  updateDaysOfCover,
} from "./catalogue.ts";
import { syncCompetitorSnapshots } from "./competitors.ts";
import { FEES_UPSERT, SALES_UPSERT, syncFeeEstimates, syncOrderMetrics } from "./economics.ts";
import { ECONOMICS_SYNC_KIND, type SyncKind } from "./kinds.ts";
import type { TokenCipher } from "./secrets.ts";
import {
  ENTITY_SPECS,
  type EntitySpec,
  METRIC_COLUMNS,
  PERFORMANCE_UPSERT,
  PLACEMENT_UPSERT,
  PRODUCT_UPSERT,
  REPORT_SPECS,
  type ReportSpec,
  SEARCH_TERM_UPSERT,
  toMicros,
} from "./specs.ts";
import { affected, rowsOf, upsertRows } from "./upsert.ts";

export type SyncRun = typeof schema.syncRuns.$inferSelect;

/** The advertising tables a run fills (entities, then reports' facts). */
const ADVERTISING_TABLES = [
  ...new Set([
    ...ENTITY_SPECS.map((s) => s.table),
    PERFORMANCE_UPSERT.table,
    SEARCH_TERM_UPSERT.table,
    PLACEMENT_UPSERT.table,
  ]),
];
/** Every table runs fill in bulk: their statistics are refreshed when a run wrote rows. */
const SYNCED_TABLES = [
  ...new Set([
    ...ADVERTISING_TABLES,
    PRODUCT_UPSERT.table,
    STOCK_UPSERT.table,
    FEES_UPSERT.table,
    SALES_UPSERT.table,
    getTableName(schema.productCompetitors),
    getTableName(schema.competitorSnapshots),
  ]),
];
type Step = schema.SyncStep;

/** Steps that read Seller Central (SP-API), keyed `<kind>:<connection id>`. */
const SP_STEP_KINDS = new Set([
  "participations",
  "listings",
  "catalog",
  "inventory",
  "competitors",
  "fees",
  "sales",
]);

/** The reason a Seller Central step is skipped when its connection is not usable. */
const SP_NOT_CONNECTED = "Seller Central (SP-API) is not connected or Amazon refused its access.";

/** The SP-API connection a step reads, or null for an Ads API or planning step. */
function spConnectionOf(key: string): string | null {
  const [kind, connectionId] = key.split(":");
  return kind && SP_STEP_KINDS.has(kind) && connectionId ? connectionId : null;
}

/** Amazon refused access (a token it no longer takes, or 403: this account may not be read). */
function isAccessRefusal(error: unknown): boolean {
  return (
    error instanceof AmazonAuthError || (error instanceof AmazonApiError && error.status === 403)
  );
}

export const SYNC_QUEUE = "amazon-sync";
/**
 * Economics runs (fee estimates, total sales per SKU and day) on a queue of their own: Amazon
 * rate-limits those APIs hard (one request every two seconds), so a large catalogue takes minutes,
 * and no seller's catalogue or advertising sync may wait behind another seller's economics.
 */
export const SYNC_ECONOMICS_QUEUE = "amazon-sync-economics";
const queueOf = (kind: string) =>
  kind === ECONOMICS_SYNC_KIND ? SYNC_ECONOMICS_QUEUE : SYNC_QUEUE;
/** Once a day: every connected seller profile gets a "daily" run (restated attribution). */
export const DAILY_SYNC_QUEUE = "amazon-sync-daily";
export const DAILY_SYNC_CRON = "30 4 * * *";

export interface SyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SyncEngineOptions {
  db: Database;
  amazon: Amazon;
  cipher: TokenCipher;
  /** The job engine; without it runs are only executed by calling runSync (tests). */
  boss?: PgBoss;
  /** Report polling (tests poll fast). */
  poll?: PollOptions;
  /** Amazon's today (YYYY-MM-DD); reports end the day before. Default: the UTC date. */
  today?: () => string | Promise<string>;
  /** Rows per upsert statement. */
  chunkSize?: number;
  /** A worker holds a run this long without renewing (default 60 s); renewed every third of it. */
  leaseSeconds?: number;
  /** How often expired runs are taken over (default 30 s). */
  recoverSeconds?: number;
  /** Attempts of a run before it is marked failed (default 4). */
  maxAttempts?: number;
  /** Parallel runs in this process (default 2), at most one per customer. */
  concurrency?: number;
  /** Days of reports at the first connection (default 90) and every day (default 14). */
  initialReportDays?: number;
  dailyReportDays?: number;
  log?: SyncLogger;
  /** Called after every progress write (tests use it to stop a process mid-way). */
  onProgress?: (run: SyncRun) => void;
}

/** Runs whose reports feed the daily work after them (not a one-off entity or listing sync). */
const REPORT_SYNC_KINDS = ["initial", "daily", "reports"];

/** Told once a profile's report sync has succeeded; a failing hook is logged, never the run's. */
export type AfterReportSync = (event: {
  sellerProfileId: string;
  kind: string;
  /** Amazon's today, as the run's report windows were computed. */
  today: string;
}) => Promise<void>;

const QUIET: SyncLogger = { info() {}, warn() {}, error() {} };

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Report windows of at most 31 days (Amazon's limit) covering the `days` days before today. */
export function reportWindows(today: string, days: number, size = 30): [string, string][] {
  const end = addDays(today, -1);
  const start = addDays(today, -days);
  const windows: [string, string][] = [];
  for (let from = start; from <= end; from = addDays(from, size)) {
    const to = addDays(from, size - 1);
    windows.push([from, to < end ? to : end]);
  }
  return windows;
}

class LeaseLost extends Error {
  constructor() {
    super("the run was taken over by another worker");
  }
}

class EngineStopped extends Error {
  constructor() {
    super("the sync engine is stopping");
  }
}

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, amazon, cipher } = options;
  const log = options.log ?? QUIET;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const chunkSize = options.chunkSize ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const poll = options.poll ?? { initialIntervalMs: 1_000, maxIntervalMs: 30_000 };
  let recoverTimer: NodeJS.Timeout | undefined;
  const afterReportHooks: AfterReportSync[] = [];
  /** The runs this engine executes now, by their lease owner: stop() hands them back. */
  const executing = new Map<string, AbortController>();

  // ---- connections -------------------------------------------------------------------------

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

  type Connection = typeof schema.amazonConnections.$inferSelect;

  function refreshTokenOf(connection: Connection): string {
    if (!connection.refreshTokenEncrypted) throw new Error("the connection has no token");
    return cipher.decrypt(connection.refreshTokenEncrypted);
  }

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
    return { connection, ads: amazon.ads({ refreshToken: refreshTokenOf(connection), region }) };
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

  // ---- planning ----------------------------------------------------------------------------

  const step = (key: string, label: string, about: Partial<Step> = {}): Step => ({
    key,
    label,
    status: "pending",
    rows: 0,
    ...about,
  });

  async function initialSteps(sellerProfileId: string, kind: SyncKind): Promise<Step[]> {
    const ads = await connectionsOf(sellerProfileId, "ads");
    const sp = await connectionsOf(sellerProfileId, "sp");
    const profiles = ads.map((c) =>
      step(`profiles:${c.id}`, `profiles ${c.region}`, { what: "profiles" }),
    );
    const participations = sp.map((c) =>
      step(`participations:${c.id}`, "participations", { what: "participations" }),
    );
    const listings = sp.length ? [step("plan:listings", "plan listings")] : [];
    switch (kind) {
      case "initial":
        return [
          ...profiles,
          ...participations,
          ...(ads.length ? [step("plan:entities:full", "plan entities")] : []),
          ...(ads.length
            ? [step(`plan:reports:${options.initialReportDays ?? 90}`, "plan reports")]
            : []),
          ...listings,
        ];
      case "daily":
        return [
          ...participations,
          ...(ads.length ? [step("plan:entities:incremental", "plan entities")] : []),
          ...(ads.length
            ? [step(`plan:reports:${options.dailyReportDays ?? 14}`, "plan reports")]
            : []),
          ...listings,
        ];
      case "profiles":
        return profiles;
      case "entities":
        return [step("plan:entities:full", "plan entities")];
      case "entities_incremental":
        return [step("plan:entities:incremental", "plan entities")];
      case "reports":
        return [step(`plan:reports:${options.dailyReportDays ?? 14}`, "plan reports")];
      case "participations":
        return participations;
      case "listings":
        return [...participations, ...listings];
      case "economics":
        return sp.flatMap((c) => [
          step(`fees:${c.id}`, "fee estimates"),
          step(`sales:${c.id}`, "total sales"),
        ]);
    }
  }

  async function expand(run: SyncRun, key: string): Promise<Step[]> {
    const [, what, arg] = key.split(":");
    if (what === "entities") {
      const profiles = await activeProfiles(run.sellerProfileId);
      return profiles.flatMap((p) =>
        ENTITY_SPECS.map((s) =>
          step(`entities:${arg}:${p.id}:${s.name}`, `${s.name} ${p.countryCode}`, {
            what: s.entity.name,
            marketplace: p.countryCode,
          }),
        ),
      );
    }
    if (what === "reports") {
      const days = Number(arg);
      const windows = reportWindows(await today(), days);
      const profiles = await activeProfiles(run.sellerProfileId);
      const reports = profiles.flatMap((p) =>
        windows.flatMap(([from, to]) =>
          REPORT_SPECS.map((r) =>
            step(
              `report:${p.id}:${r.name}:${from}:${to}`,
              `${r.name} ${p.countryCode} ${from}–${to}`,
              { what: `report_${r.name}`, marketplace: p.countryCode, from, to },
            ),
          ),
        ),
      );
      // The running totals follow the facts here, so no reader waits for their rebuild.
      const rollups = profiles.map((p) =>
        step(`rollups:${p.id}`, `running totals ${p.countryCode}`, { marketplace: p.countryCode }),
      );
      return [...reports, ...rollups];
    }
    if (what === "listings") {
      const sp = await connectionsOf(run.sellerProfileId, "sp");
      return sp.flatMap((c) => [
        step(`listings:${c.id}`, "listings", { what: "products" }),
        step(`catalog:${c.id}`, "catalog attributes"),
        step(`inventory:${c.id}`, "FBA inventory"),
        step(`competitors:${c.id}`, "competitor prices"),
      ]);
    }
    throw new Error(`unknown plan step ${key}`);
  }

  // ---- steps -------------------------------------------------------------------------------

  interface StepContext {
    run: SyncRun;
    signal: AbortSignal;
    /** Adds written rows to the step and the run (progress). */
    wrote(rows: number): Promise<void>;
    /** Records what arrived from Amazon (items listed, report rows and days), shown as progress. */
    arrived(what: { received: number; days?: number }): void;
  }

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

  async function syncParticipations(connectionId: string, ctx: StepContext) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected") return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      ...(connection.sellingPartnerId ? { sellingPartnerId: connection.sellingPartnerId } : {}),
    });
    let list: Awaited<ReturnType<typeof sp.getMarketplaceParticipations>>;
    try {
      list = await sp.getMarketplaceParticipations(ctx.signal);
    } catch (error) {
      if (error instanceof AmazonAuthError) await markFailing(connection.id, error);
      throw error;
    }
    const participations = list.flatMap((p) => {
      const code = getMarketplaceByAmazonId(p.marketplace.id)?.code;
      return code ? [{ marketplace: code, isParticipating: p.participation.isParticipating }] : [];
    });
    const storeName = list.find((p) => p.storeName)?.storeName;
    const changed = await db.transaction(async (tx) => {
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
    if (changed) await ctx.wrote(1);
  }

  /** Runs a catalogue step for every participating marketplace of the connection's account. */
  async function eachMarketplace(
    connectionId: string,
    ctx: StepContext,
    run: (step: CatalogueStep) => Promise<void>,
  ) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected" || !connection.sellingPartnerId) return;
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(
        and(
          eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId),
          eq(schema.sellerAccounts.sellingPartnerId, connection.sellingPartnerId),
        ),
      );
    if (!account) return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      sellingPartnerId: connection.sellingPartnerId,
    });
    for (const participation of account.marketplaceParticipations) {
      if (!participation.isParticipating) continue;
      const marketplace = getMarketplace(participation.marketplace);
      if (!marketplace?.marketplaceId || marketplace.region !== connection.region) continue;
      await run({
        db,
        sp,
        sellerAccountId: account.id,
        marketplaceId: marketplace.marketplaceId,
        signal: ctx.signal,
        wrote: (rows) => ctx.wrote(rows),
      });
    }
  }

  async function syncListings(connectionId: string, ctx: StepContext) {
    const [connection] = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.id, connectionId));
    if (connection?.status !== "connected" || !connection.sellingPartnerId) return;
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(
        and(
          eq(schema.sellerAccounts.sellerProfileId, connection.sellerProfileId),
          eq(schema.sellerAccounts.sellingPartnerId, connection.sellingPartnerId),
        ),
      );
    if (!account) return;
    const sp = amazon.sp({
      refreshToken: refreshTokenOf(connection),
      region: connection.region as Region,
      sellingPartnerId: connection.sellingPartnerId,
    });
    for (const participation of account.marketplaceParticipations) {
      if (!participation.isParticipating) continue;
      const marketplace = getMarketplace(participation.marketplace);
      if (!marketplace?.marketplaceId || marketplace.region !== connection.region) continue;
      let batch: Record<string, unknown>[] = [];
      let listed = 0;
      // SP-API createReport is not retried on 5xx by the client (it could create two reports);
      // a repeated report is harmless here, so the step tries again a few times.
      for (let attempt = 1; ; attempt++) {
        try {
          for await (const row of sp.merchantListings([marketplace.marketplaceId], {
            ...poll,
            signal: ctx.signal,
          })) {
            const sku = row["seller-sku"];
            if (!sku) continue;
            listed++;
            batch.push({
              seller_account_id: account.id,
              marketplace: marketplace.code,
              marketplace_id: marketplace.marketplaceId,
              sku,
              asin: row.asin1 || row["product-id"] || null,
              title: row["item-name"] ?? "",
              price_micros: toMicros(row.price),
              currency: marketplace.currency,
              quantity:
                row.quantity === undefined || row.quantity === "" ? null : Number(row.quantity),
              status: row.status ?? "",
              fulfillment_channel: row["fulfillment-channel"] || null,
              open_date: row["open-date"] || null,
            });
            if (batch.length >= 1000) {
              await ctx.wrote(await upsertRows(db, PRODUCT_UPSERT, batch));
              batch = [];
            }
          }
          break;
        } catch (error) {
          const status = (error as { status?: number }).status ?? 0;
          if (ctx.signal.aborted || status < 500 || attempt >= 5) throw error;
          batch = [];
          listed = 0;
        }
      }
      await ctx.wrote(await upsertRows(db, PRODUCT_UPSERT, batch));
      ctx.arrived({ received: listed });
    }
  }

  /** Fresh planner statistics for tables a run filled (refreshStatistics: best effort). */
  async function analyse(tables: readonly string[], runId: string) {
    const result = await refreshStatistics(db, tables);
    if (!result.ok) log.warn({ syncRun: runId, err: result.error }, "statistics not refreshed");
  }

  async function execute(run: SyncRun, key: string, ctx: StepContext): Promise<Step[]> {
    const parts = key.split(":");
    switch (parts[0]) {
      case "plan":
        return expand(run, key);
      case "profiles":
        await syncProfiles(parts[1] as string, ctx);
        return [];
      case "participations":
        await syncParticipations(parts[1] as string, ctx);
        return [];
      case "listings":
        await syncListings(parts[1] as string, ctx);
        return [];
      case "catalog":
        await eachMarketplace(parts[1] as string, ctx, syncCatalogAttributes);
        return [];
      case "inventory": {
        const day = await today();
        await eachMarketplace(parts[1] as string, ctx, (s) => syncInventory(s, day));
        return [];
      }
      case "fees":
        await eachMarketplace(parts[1] as string, ctx, syncFeeEstimates);
        return [];
      case "sales": {
        const day = await today();
        await eachMarketplace(parts[1] as string, ctx, async (s) => {
          await syncOrderMetrics(s, day);
          // Days of cover from every unit ordered, not only the advertised ones.
          await s.wrote(await updateDaysOfCover(s.db, s.sellerAccountId, s.marketplaceId, day));
        });
        return [];
      }
      case "competitors":
        await eachMarketplace(parts[1] as string, ctx, (s) =>
          syncCompetitorSnapshots(s, run.createdAt),
        );
        return [];
      case "entities":
        await syncEntities(parts[1] as string, parts[2] as string, parts[3] as string, ctx);
        return [];
      case "rollups":
        // Readers of the new facts (Hangar, the catalogue) plan with fresh statistics from here
        // on, and so does the rebuild below.
        await analyse(ADVERTISING_TABLES, run.id);
        await refreshProfileRollups(db, parts[1] as string);
        return [];
      case "report":
        await syncReport(
          parts[1] as string,
          parts[2] as string,
          parts[3] as string,
          parts[4] as string,
          ctx,
        );
        return [];
      default:
        throw new Error(`unknown step ${key}`);
    }
  }

  // ---- runs --------------------------------------------------------------------------------

  /** Creates a run (or returns the one already waiting or running) and queues its job. */
  async function requestSync(
    sellerProfileId: string,
    kind: SyncKind,
    runOptions: Record<string, unknown> = {},
  ): Promise<SyncRun> {
    const [pending] = await db
      .select()
      .from(schema.syncRuns)
      .where(
        and(
          eq(schema.syncRuns.sellerProfileId, sellerProfileId),
          eq(schema.syncRuns.kind, kind),
          // A queued run plans its steps when it starts, so it covers what is connected by then.
          inArray(schema.syncRuns.status, ["queued"]),
        ),
      )
      .limit(1);
    if (pending) return pending;
    const [run] = await db
      .insert(schema.syncRuns)
      .values({ sellerProfileId, kind, options: runOptions })
      .returning();
    if (!run) throw new Error("sync run not created");
    if (options.boss) await enqueue(run.id, kind);
    return run;
  }

  /** Queues a run in its customer's turn (fair per customer, @starport/db sendFair). */
  async function enqueue(runId: string, kind: string) {
    const boss = options.boss;
    if (!boss) return;
    const [run] = await db
      .select({ customerId: schema.sellerProfiles.customerId })
      .from(schema.syncRuns)
      .innerJoin(
        schema.sellerProfiles,
        eq(schema.sellerProfiles.id, schema.syncRuns.sellerProfileId),
      )
      .where(eq(schema.syncRuns.id, runId));
    if (!run) return; // its seller profile was deleted meanwhile
    await sendFair(
      boss,
      queueOf(kind),
      run.customerId,
      { syncRunId: runId },
      { singletonKey: `run:${runId}`, retryLimit: maxAttempts, retryDelay: 5, retryBackoff: true },
    );
  }

  /** Runs a short sync (profiles, participations) in this request, without the queue. */
  async function runInline(sellerProfileId: string, kind: SyncKind): Promise<SyncRun["status"]> {
    const [run] = await db.insert(schema.syncRuns).values({ sellerProfileId, kind }).returning();
    if (!run) throw new Error("sync run not created");
    const status = await runSync(run.id);
    if (status === "retrying") {
      // Nobody else will pick it up: leave it to the queue when there is one, else fail it.
      if (options.boss) await enqueue(run.id, kind);
      else
        await db
          .update(schema.syncRuns)
          .set({ status: "failed" })
          .where(eq(schema.syncRuns.id, run.id));
    }
    return status;
  }

  /**
   * Takes the run if nobody holds a live lease on it; null when it is done or held elsewhere. The
   * lease belongs to this one execution (`owner`), not to the process: two jobs for the same run
   * in one process (a duplicate queued by recovery while the first was starting) must not both
   * run it, and a process never resumes a lease it lost.
   */
  async function claim(runId: string, owner: string): Promise<SyncRun | null> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        update sync_runs set lease_owner = ${owner},
          lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
          status = 'running', attempts = attempts + 1, error = null,
          started_at = coalesce(started_at, now()), updated_at = now()
        where id = ${runId} and status in ('queued', 'running', 'retrying')
          and (lease_expires_at is null or lease_expires_at < now())
        returning id`),
    );
    if (!rows.length) return null;
    const [run] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, runId));
    return run ?? null;
  }

  async function renew(runId: string, owner: string): Promise<boolean> {
    const result = await db.execute(sql`
      update sync_runs set lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
      where id = ${runId} and lease_owner = ${owner} and status = 'running'`);
    return affected(result) > 0;
  }

  /**
   * Runs (or resumes) a sync run to its end. Steps already done are skipped, so a run killed
   * mid-way continues where it stopped. Returns the run's status afterwards: "retrying" means a
   * step failed and another attempt is due.
   */
  async function runSync(runId: string): Promise<SyncRun["status"]> {
    const owner = `${workerId}:${randomUUID().slice(0, 8)}`;
    const claimed = await claim(runId, owner);
    if (!claimed) {
      const [current] = await db
        .select()
        .from(schema.syncRuns)
        .where(eq(schema.syncRuns.id, runId));
      return current?.status ?? "failed";
    }
    let run: SyncRun = claimed;
    const controller = new AbortController();
    executing.set(owner, controller);
    const renewal = setInterval(
      () => {
        renew(runId, owner)
          .then((held) => {
            if (!held) controller.abort(new LeaseLost());
          })
          .catch(() => {});
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    // Planned when the run first starts (the checkpoint from then on).
    const planned =
      run.steps.length > 0
        ? run.steps
        : await initialSteps(run.sellerProfileId, run.kind as SyncKind);
    const steps: Step[] = planned.map((s) =>
      s.status === "failed" ? { ...s, status: "pending", error: undefined } : s,
    );
    let rowsWritten = run.rowsWritten;
    let authFailure = false;
    const save = async (extra: Partial<typeof schema.syncRuns.$inferInsert> = {}) => {
      const [saved] = await db
        .update(schema.syncRuns)
        .set({
          steps,
          stepsDone: steps.filter((s) => s.status !== "pending").length,
          stepsTotal: steps.length,
          rowsWritten,
          updatedAt: new Date(),
          // What arrived so far.
          result: { arrived: syncArrivals(steps) },
          ...extra,
        })
        .where(and(eq(schema.syncRuns.id, runId), eq(schema.syncRuns.leaseOwner, owner)))
        .returning();
      if (!saved) throw new LeaseLost();
      run = saved;
      options.onProgress?.(saved);
    };
    try {
      for (let i = 0; i < steps.length; i++) {
        const current = steps[i] as Step;
        if (current.status !== "pending") continue;
        if (controller.signal.aborted) throw controller.signal.reason;
        let stepRows = 0;
        // What arrived is counted afresh when a step runs again.
        delete current.received;
        delete current.days;
        const ctx: StepContext = {
          run,
          signal: controller.signal,
          wrote: async (n) => {
            stepRows += n;
            rowsWritten += n;
            current.rows = stepRows;
            await save();
          },
          arrived: ({ received, days }) => {
            current.received = (current.received ?? 0) + received;
            if (days !== undefined) current.days = (current.days ?? 0) + days;
          },
        };
        const spConnection = spConnectionOf(current.key);
        if (spConnection && !(await isConnected(spConnection))) {
          current.status = "skipped";
          current.error = SP_NOT_CONNECTED;
          await save();
          continue;
        }
        try {
          const more = await execute(run, current.key, ctx);
          steps.splice(i + 1, 0, ...more);
          current.status = "done";
          current.rows = stepRows;
        } catch (error) {
          if (error instanceof LeaseLost || controller.signal.aborted) throw error;
          current.error = error instanceof Error ? error.message : String(error);
          if (spConnection && isAccessRefusal(error)) {
            // Seller Central refused (a seller whose account Amazon does not let Starport read,
            // e.g. registered in another region): the catalogue and economics steps are
            // skipped with Amazon's reason on the connection, the advertising data still syncs.
            current.status = "skipped";
            await markFailing(spConnection, error);
            log.warn({ runId, step: current.key, err: error }, "SP-API access refused");
            await save();
            continue;
          }
          current.status = "failed";
          if (error instanceof AmazonAuthError) {
            authFailure = true;
            await markRefusedConnections(run.sellerProfileId).catch((e) =>
              log.warn({ runId, err: e }, "connections could not be checked"),
            );
          }
          log.warn({ runId, step: current.key, err: error }, "sync step failed");
        }
        await save();
      }
      if (rowsWritten > 0) await analyse(SYNCED_TABLES, runId);
      const failed = steps.filter((s) => s.status === "failed");
      const status =
        failed.length === 0
          ? "succeeded"
          : authFailure || run.attempts >= maxAttempts
            ? "failed"
            : "retrying";
      await save({
        status,
        error: failed.length ? `${failed.length} step(s) failed: ${failed[0]?.error}` : null,
        finishedAt: status === "retrying" ? null : new Date(),
        leaseOwner: null,
        leaseExpiresAt: null,
      });
      log.info(
        { syncRun: runId, worker: workerId, status, attempt: run.attempts, rows: rowsWritten },
        "sync run ended",
      );
      // Fresh reports: what depends on them (the optimiser) is told, without the engine knowing it.
      if (
        status === "succeeded" &&
        REPORT_SYNC_KINDS.includes(run.kind) &&
        steps.some((s) => s.key.startsWith("report:") && s.status === "done")
      ) {
        const day = await today();
        for (const hook of afterReportHooks)
          await hook({ sellerProfileId: run.sellerProfileId, kind: run.kind, today: day }).catch(
            (error) => log.error({ err: error, syncRun: runId }, "after-report hook failed"),
          );
      }
      // Fresh listings: their fees and total sales follow in a run of their own (own queue).
      if (
        status !== "retrying" &&
        steps.some((s) => s.key.startsWith("listings:") && s.status === "done")
      ) {
        await requestSync(run.sellerProfileId, ECONOMICS_SYNC_KIND).catch((error) =>
          log.error({ err: error, syncRun: runId }, "economics sync could not be queued"),
        );
      }
      return status;
    } catch (error) {
      if (controller.signal.reason instanceof EngineStopped) {
        // Handed back: the lease ends now, so the next worker (or this one after a restart)
        // takes the run over at its first step not done, without waiting for the lease.
        await db
          .update(schema.syncRuns)
          .set({ leaseExpiresAt: new Date(0), updatedAt: new Date() })
          .where(and(eq(schema.syncRuns.id, runId), eq(schema.syncRuns.leaseOwner, owner)))
          .catch(() => {});
        log.info({ syncRun: runId, worker: workerId }, "sync run handed back (stopping)");
        return "running";
      }
      if (error instanceof LeaseLost || controller.signal.aborted) return "running";
      throw error;
    } finally {
      clearInterval(renewal);
      executing.delete(owner);
    }
  }

  /**
   * Queues runs nobody works on: those whose worker died (lease expired while running) and those
   * waiting without a job (created while the job engine was down). A run's job has the singleton
   * key `run:<id>`, so a run already waiting in the queue is not queued twice.
   */
  async function recover(): Promise<number> {
    const stale = rowsOf<{ id: string; kind: string }>(
      await db.execute(
        sql`select id, kind from sync_runs
            where (status = 'running' and lease_expires_at < now())
               or (status in ('queued', 'retrying') and (lease_expires_at is null or lease_expires_at < now()))`,
      ),
    );
    for (const { id, kind } of stale) await enqueue(id, kind);
    return stale.length;
  }

  /** Queues a "daily" run for every seller profile with a working connection; one profile each. */
  async function requestDailySyncs(): Promise<number> {
    const profiles = await db
      .selectDistinct({ id: schema.amazonConnections.sellerProfileId })
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.status, "connected"));
    for (const { id } of profiles) {
      try {
        await requestSync(id, "daily");
      } catch (error) {
        log.error({ err: error, sellerProfileId: id }, "daily sync could not be queued");
      }
    }
    return profiles.length;
  }

  /** Registers the job workers (sync runs, the daily schedule) and the recovery loop. */
  async function start(): Promise<void> {
    const boss = options.boss;
    if (!boss) throw new Error("start() needs the job engine");
    for (const queue of [SYNC_QUEUE, SYNC_ECONOMICS_QUEUE]) {
      await boss.createQueue(queue, { policy: "short", retryLimit: maxAttempts });
      await boss.work<{ syncRunId: string }>(
        queue,
        { ...fairWorkOptions(options.concurrency ?? 2), pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          const status = await runSync(job.data.syncRunId);
          if (status === "retrying") throw new Error("sync run has failed steps; retrying");
        },
      );
    }
    await boss.createQueue(DAILY_SYNC_QUEUE);
    await boss.schedule(DAILY_SYNC_QUEUE, DAILY_SYNC_CRON, {}, { tz: "Europe/Berlin" });
    await boss.work(DAILY_SYNC_QUEUE, async () => {
      await requestDailySyncs();
    });
    await recover();
    recoverTimer = setInterval(
      () => {
        recover().catch((error) => log.error({ err: error }, "sync recovery failed"));
      },
      (options.recoverSeconds ?? 30) * 1000,
    );
    recoverTimer.unref();
  }

  /**
   * Stops the recovery loop and hands back the runs being executed: each stops at once (an
   * economics run may otherwise sleep minutes on Amazon's rate limits) and keeps its checkpoint.
   */
  async function stop(): Promise<void> {
    if (recoverTimer) clearInterval(recoverTimer);
    for (const controller of executing.values()) controller.abort(new EngineStopped());
  }

  /** Registers work to run after a profile's report sync has succeeded (the optimiser's run). */
  function afterReportSync(hook: AfterReportSync): void {
    afterReportHooks.push(hook);
  }

  return {
    workerId,
    afterReportSync,
    requestSync,
    requestDailySyncs,
    runInline,
    runSync,
    recover,
    start,
    stop,
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
