/**
 * What every Hangar loader needs, in one place: the seller profile, its advertising profiles
 * (marketplaces), the shared date range and currency from the URL, the conversion rates, and
 * table and metric reads through the web's one Hydra seam. A failed table read becomes an
 * error value the table shows with a retry, not a broken page (401 still signs out).
 */
import { normalizeMarketplaceCode, sortMarketplaces } from "@starport/marketplaces";
import { type RouterContextProvider, redirect } from "react-router";
import { serverContext } from "#server-context";
import { ApiError } from "../../lib/api/client.ts";
import type { HydraClient, HydraQuery } from "../../lib/api/hydra.ts";
import { serverHydra } from "../../lib/api/session-hydra.ts";
import { type ConversionRate, isoToday, loadConversionRates } from "../../lib/money.tsx";
import { notFound } from "../../lib/not-found.ts";
import { localizePath, splitLocale } from "../../route-table.ts";
import { sessionContext } from "../../session/server-session.ts";
import type { SellerProfile } from "../../session/session.ts";
import type { AdvertisingProfile } from "../settings/types.ts";
import {
  type DateRange,
  previousRange,
  rangeFromParams,
  restatedFrom,
  todayIn,
} from "./date-range.ts";
import type { Metrics } from "./metrics.ts";
import { groupByEntity, type RowRecommendations } from "./row-recommendations.ts";
import {
  apiQuery,
  COMPARE_MIN,
  readCompare,
  readTableState,
  type TableState,
} from "./table-state.ts";
import type { HangarRow, TableDef } from "./tables.ts";

export interface HangarBase {
  profile: SellerProfile;
  hydra: HydraClient;
  params: URLSearchParams;
  url: URL;
  /** Amazon's calendar day when it is not the real one (the sandbox's), else null. */
  amazonToday: string | null;
}

/**
 * The synchronous part of {@link hangarBase} with Amazon's day still on its way, so a loader can
 * start its other reads (seller profile, marketplaces, rates) while the day is asked for.
 */
export function hangarStart(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Omit<HangarBase, "amazonToday"> & { amazonToday: Promise<string | null> } {
  const session = context.get(sessionContext);
  const url = new URL(request.url);
  if (!session.profile) {
    throw redirect(localizePath("/profile-selection", splitLocale(url.pathname).locale));
  }
  const amazonToday = (context.get(serverContext).amazonToday?.() ?? Promise.resolve(null)).catch(
    () => null,
  );
  return {
    profile: session.profile,
    hydra: serverHydra(context, request),
    params: url.searchParams,
    url,
    amazonToday,
  };
}

export async function hangarBase(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<HangarBase> {
  const start = hangarStart(context, request);
  return { ...start, amazonToday: (await start.amazonToday) ?? null };
}

/** The 404 page for this URL (spec §2: "Page Not Found" with the full path). */
export function throwNotFound(url: URL): never {
  throw notFound("invalid-params", url);
}

/** 404 for a foreign or unknown id (the API's answer), anything else is passed on. */
export function notFoundOn404(url: URL) {
  return (error: unknown): never => {
    if (error instanceof ApiError && error.status === 404) throwNotFound(url);
    throw error;
  };
}

export async function loadAdvertisingProfiles(
  hydra: HydraClient,
  profile: SellerProfile,
): Promise<AdvertisingProfile[]> {
  const list = await hydra.collection<AdvertisingProfile>(
    `/api/advertising_profiles/seller_profile/${profile.id}`,
    { active: true },
  );
  return sortMarketplaces(list.members, (p) => p.countryCode, profile.settings.defaultMarketplace);
}

export function findMarketplace(
  profiles: readonly AdvertisingProfile[],
  marketplace: string,
): AdvertisingProfile | undefined {
  const code = normalizeMarketplaceCode(marketplace);
  return profiles.find((p) => normalizeMarketplaceCode(p.countryCode) === code);
}

export interface RangeInfo {
  range: DateRange;
  previous: { from: string; to: string };
  today: string;
  restatedFrom: string;
}

/**
 * The range asked for, on the marketplace's calendar: today in its time zone, or Amazon's own
 * day where that differs from the real one (the sandbox's simulated calendar).
 */
export function rangeInfo(
  base: Pick<HangarBase, "params" | "amazonToday">,
  timeZone: string | undefined,
): RangeInfo {
  const params = base.params;
  const today = base.amazonToday ?? todayIn(timeZone);
  const range = rangeFromParams(params, today);
  return { range, previous: previousRange(range), today, restatedFrom: restatedFrom(today) };
}

/**
 * `currency=default` shows money in the seller profile's default currency; otherwise in the
 * marketplace's own. Returns the code to send to the API (null: native) and the one shown.
 */
export function currencyChoice(
  params: URLSearchParams,
  profile: SellerProfile,
  nativeCurrency: string,
): { convert: boolean; send: string | null; shown: string } {
  const convert = params.get("currency") === "default";
  const target = profile.settings.defaultCurrency;
  if (!convert || target === nativeCurrency) return { convert, send: null, shown: nativeCurrency };
  return { convert, send: target, shown: target };
}

export async function loadRates(hydra: HydraClient): Promise<ConversionRate[]> {
  return loadConversionRates(hydra, isoToday()).catch((error) => {
    if (error instanceof Response) throw error;
    return [];
  });
}

export interface TableResult {
  key: string;
  prefix: string;
  state: TableState;
  rows: HangarRow[];
  totalItems: number;
  totals: Metrics | null;
  previousTotals: Metrics | null;
  /** The failure message when the API did not answer; the table offers a retry. */
  error: string | null;
  /** The query behind this page, without paging (the export repeats it). */
  exportQuery: string;
  /** The rows of the comparison named in the URL (`compare=`), in its order; empty: none open. */
  compared: HangarRow[];
  /** The open recommendations of the rows shown, by entity id (the rows' markers). */
  recommendations: RowRecommendations;
}

/** The context of a table's read; `nativeCurrency` (the marketplace's) also reads its markers. */
export interface TableContext {
  range: DateRange;
  currency: string | null;
  scope: HydraQuery;
  nativeCurrency?: string;
}

function queryString(query: HydraQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value))
      for (const v of value) search.append(key.endsWith("[]") ? key : `${key}[]`, String(v));
    else if (value !== null && value !== undefined) search.append(key, String(value));
  }
  return search.toString();
}

/**
 * Starts reads once the page's shell is on its way: a document request streams the shell
 * (layout, header, filters) as soon as it is rendered, and the figures follow in the same
 * response. On the embedded database the reads run on the server's one thread, so started at
 * once they would run before the shell is written (React renders it in the microtasks after the
 * loader; a timer runs after those) and the first byte would wait for them.
 */
export function afterShell<T>(read: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(read);
}

export async function loadTable(
  hydra: HydraClient,
  def: TableDef,
  params: URLSearchParams,
  ctx: TableContext,
  prefix = "",
): Promise<TableResult> {
  const state = readTableState(def, params, prefix);
  const query = apiQuery(def, state, ctx);
  const base = {
    key: def.key,
    prefix,
    state,
    exportQuery: queryString(apiQuery(def, state, ctx, { all: true })),
  };
  try {
    const [collection, compared] = await Promise.all([
      hydra.collection<HangarRow>(def.path, query),
      loadCompared(hydra, def, state, ctx, readCompare(params, prefix)),
    ]);
    const recommendations = await loadRowRecommendations(hydra, def, collection.members, ctx);
    return {
      ...base,
      compared,
      recommendations,
      rows: collection.members,
      totalItems: collection.totalItems,
      totals: (collection.extra.totals as Metrics | undefined) ?? null,
      previousTotals: (collection.extra.previousTotals as Metrics | undefined) ?? null,
      error: null,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw error;
    return {
      ...base,
      compared: [],
      recommendations: {},
      rows: [],
      totalItems: 0,
      totals: null,
      previousTotals: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** How many recommendations the markers of one page read at most (the API's page limit). */
const MARKER_READ_LIMIT = 1000;

/**
 * The open recommendations of the page's rows in one read (`entity[]`), scoped by the API to the
 * signed-in customer. Markers are an aid: when the read fails, the table shows without them.
 */
async function loadRowRecommendations(
  hydra: HydraClient,
  def: TableDef,
  rows: readonly HangarRow[],
  ctx: TableContext,
): Promise<RowRecommendations> {
  const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
  if (!def.recommendations || !ctx.nativeCurrency || ids.length === 0) return {};
  try {
    const list = await hydra.collection<Record<string, unknown>>("/api/recommendations", {
      "entity[]": ids,
      "status[]": ["open", "snoozed"],
      itemsPerPage: MARKER_READ_LIMIT,
    });
    return groupByEntity(list.members, ctx.nativeCurrency, isoToday());
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw error;
    return {};
  }
}

/**
 * The compared rows with their metrics over the range (whatever page or filters the table
 * shows). An id the API does not answer for (another customer's, another scope's, gone) is left
 * out; fewer than two left is no comparison.
 */
async function loadCompared(
  hydra: HydraClient,
  def: TableDef,
  state: TableState,
  ctx: TableContext,
  ids: readonly string[],
): Promise<HangarRow[]> {
  if (!def.withMetrics || ids.length === 0) return [];
  const unfiltered = { ...state, search: "", state: null, targetingType: null, filters: [] };
  const query = apiQuery(def, unfiltered, ctx, { all: true });
  const read = (some: readonly string[]) =>
    hydra.collection<HangarRow>(def.path, { ...query, "id[]": some }).then((c) => c.members);
  const rows = await read(ids).catch(async (error) => {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw error;
    // One foreign or malformed id fails the whole read: ask for each alone.
    const each = await Promise.all(ids.map((id) => read([id]).catch(() => [])));
    return each.flat();
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return found.length >= COMPARE_MIN ? found : [];
}

export interface MetricPoint extends Metrics {
  date: string;
}

/** GET /api/metrics: one sum (groupBy=none) over the scope. */
export async function loadTotals(
  hydra: HydraClient,
  query: HydraQuery & { entity: string; from: string; to: string },
): Promise<Metrics | null> {
  const result = await hydra.collection<Metrics>("/api/metrics", { ...query, groupBy: "none" });
  return result.members[0] ?? null;
}

/** GET /api/metrics grouped by day, for charts and sparklines. */
export async function loadDaily(
  hydra: HydraClient,
  query: HydraQuery & { entity: string; from: string; to: string },
): Promise<MetricPoint[]> {
  const result = await hydra.collection<MetricPoint>("/api/metrics", { ...query, groupBy: "date" });
  return result.members;
}

/** Totals of the range, of the previous period, and per day, for one scope of /api/metrics. */
export async function loadScopeMetrics(
  hydra: HydraClient,
  scope: HydraQuery & { entity: string },
  info: RangeInfo,
  currency: string | null,
) {
  const query = { ...scope, currency };
  const [current, previous, daily] = await Promise.all([
    loadTotals(hydra, { ...query, ...rangeOnly(info.range) }),
    loadTotals(hydra, { ...query, ...info.previous }),
    loadDaily(hydra, { ...query, ...rangeOnly(info.range) }),
  ]);
  return { current, previous, daily };
}

function rangeOnly(range: DateRange): { from: string; to: string } {
  return { from: range.from, to: range.to };
}

export interface AdvertisingProfileRef {
  id: string;
  countryCode: string;
  currency: string;
  timezone: string;
}

/** The entity behind a detail URL and its advertising profile; a foreign or unknown id is a 404. */
export async function loadEntity<T extends { advertisingProfile: string }>(
  hydra: HydraClient,
  iri: string,
  url: URL,
): Promise<{ entity: T & { "@id": string }; advertisingProfile: AdvertisingProfileRef }> {
  const entity = await hydra.item<T>(iri).catch(notFoundOn404(url));
  const advertisingProfile = await hydra
    .item<AdvertisingProfileRef>(entity.advertisingProfile)
    .catch(notFoundOn404(url));
  return { entity, advertisingProfile };
}
