/**
 * The bid optimisation log's reads and writes (issue 19 §4). Every decision of the optimiser:
 * applied — the changes it authored (automatic mode) — and proposed — its recommendations
 * (suggest mode) — newest first, filtered by the URL (campaign, ad group, reason, dates,
 * direction, applied/proposed), each with its reason as a sentence in the page's language, its
 * inputs, its status and Amazon's answer. Writes: undo one change or a whole run, run now, and
 * a dry run whose decisions the screen previews.
 */
import { reasonSentence } from "@starport/optimiser/reason-sentence";
import { SETTING_DEFAULTS } from "@starport/settings";
import { data, type RouterContextProvider } from "react-router";
import { type ApiClient, ApiError } from "../../lib/api/client.ts";
import { parseCollection } from "../../lib/api/hydra.ts";
import type { Locale } from "../../route-table.ts";
import { resourceRouteApi } from "../../session/server-session.ts";
import { LOG_REASONS, type LOG_SOURCES } from "./log-model.ts";

export const LOG_PAGE_SIZE = 50;
/** How many of each kind the log reads and merges (newest first); the rest is the file's. */
const READ_LIMIT = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface LogEntry {
  /** "applied:<change id>" or "proposed:<recommendation id>". */
  key: string;
  source: (typeof LOG_SOURCES)[number];
  id: string;
  createdAt: string;
  entityType: string;
  entityLabel: string | null;
  /** What changes: a field (bid, budget, state) or a proposal's kind (keyword, negative). */
  what: string;
  oldValue: unknown;
  newValue: unknown;
  /** What the seller accepted of a proposal (the proposal or their edit of it), once accepted. */
  acceptedValue: unknown;
  direction: "up" | "down" | null;
  reasonCode: string;
  /** The reason as a sentence in the page's language. */
  reason: string;
  inputs: Record<string, unknown> | null;
  /** A change's status (pending, applied, failed, …) or a proposal's (open, accepted, …). */
  status: string;
  /** Amazon's words when it refused the change. */
  amazonAnswer: string | null;
  appliedAt: string | null;
  currency: string;
  batchId: string | null;
  runId: string | null;
  /** An applied update that undo can invert (not an undo's own change). */
  undoable: boolean;
  /** An open proposal the seller may accept (a change in their tray) or reject. */
  decidable: boolean;
  /**
   * What an administrator did while viewing Starport as the seller (issue 22): the change they
   * had the optimiser make, or the proposal they decided; shown "Admin X for Y" as in the history.
   */
  impersonation: LogImpersonation | null;
  /** Who accepted, rejected or snoozed a proposal (and the administrator acting for them). */
  decidedBy: LogDecider | null;
}

/** The user who decided a proposal, and the administrator when one decided as them (issue 22). */
export interface LogDecider {
  userId: string | null;
  /** Their name when the caller may read it (their own customer's users). */
  userName: string | null;
  actorName: string | null;
}

export interface LogImpersonation {
  actorName: string;
  /** For whom: the change's author kind (optimiser), or "user" for the one who decided. */
  authorKind: string;
  authorId: string | null;
  /** The user's name when the caller may read it (their own customer's users). */
  authorName: string | null;
}

export interface LogScope {
  campaign?: string;
  adGroup?: string;
}

export interface LogChoice {
  value: string;
  label: string;
}

export interface OptimiserLogData {
  entries: LogEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** More decisions than the log reads at once exist: the file has them all. */
  truncated: boolean;
  campaigns: LogChoice[];
  adGroups: LogChoice[];
  /** The seller profile's automation mode (what a run now will do). */
  automationMode: string | null;
  lastRun: { id: string; status: string; createdAt: string; error: string | null } | null;
}

const idOf = (iri: unknown): string | null =>
  typeof iri === "string" && iri ? (iri.split("/").pop() ?? null) : null;
const str = (value: unknown): string | null => (typeof value === "string" ? value : null);

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function directionOf(oldValue: unknown, newValue: unknown): "up" | "down" | null {
  if (typeof oldValue !== "number" || typeof newValue !== "number" || oldValue === newValue)
    return null;
  return newValue > oldValue ? "up" : "down";
}

/** A recommendation of the API as the log (and the action center) shows it. */
export function proposalEntry(
  raw: Record<string, unknown>,
  currency: string,
  locale: Locale,
): LogEntry {
  const reasonParams = (raw.reasonParams as Record<string, unknown> | null) ?? null;
  const id = String(raw.id);
  const reasonCode = String(raw.reasonCode);
  return {
    key: `proposed:${id}`,
    source: "proposed",
    id,
    createdAt: String(raw.createdAt),
    entityType: String(raw.entityType),
    entityLabel: str(raw.subject) || str(reasonParams?.entityLabel),
    what: String(raw.kind),
    oldValue: raw.currentValue ?? null,
    newValue: raw.proposedValue ?? null,
    acceptedValue: raw.acceptedValue ?? null,
    direction: directionOf(raw.currentValue, raw.proposedValue),
    reasonCode,
    reason: reasonSentence(reasonCode, reasonParams, { locale, currency }) ?? reasonCode,
    inputs: (raw.inputs as Record<string, unknown> | null) ?? null,
    status: String(raw.status),
    amazonAnswer: null,
    appliedAt: null,
    currency,
    batchId: null,
    runId: idOf(raw.run),
    undoable: false,
    decidable: raw.status === "open" || raw.status === "snoozed",
    impersonation: null,
    decidedBy:
      raw.decidedBy || str(raw.decidedByActorName)
        ? {
            userId: idOf(raw.decidedBy),
            userName: null,
            actorName: str(raw.decidedByActorName),
          }
        : null,
  };
}

/** The filters of the URL (and a tab's fixed scope) as one API query per kind of decision. */
function queries(params: URLSearchParams, sellerProfile: string, scope: LogScope) {
  const common = new URLSearchParams({
    sellerProfile,
    "order[createdAt]": "desc",
    itemsPerPage: String(READ_LIMIT),
  });
  const campaign = scope.campaign ?? params.get("campaign");
  const adGroup = scope.adGroup ?? params.get("adGroup");
  if (campaign && UUID.test(campaign)) common.set("campaign", campaign);
  if (adGroup && UUID.test(adGroup)) common.set("adGroup", adGroup);
  const reason = params.get("reason");
  if (reason && (LOG_REASONS as readonly string[]).includes(reason))
    common.set("reasonCode", reason);
  const from = params.get("from");
  const to = params.get("to");
  if (from && DAY.test(from)) common.set("createdAt[after]", from);
  if (to && DAY.test(to)) common.set("createdAt[strictly_before]", nextDay(to));
  const changes = new URLSearchParams(common);
  changes.set("authorKind", "optimiser");
  return { changes, recommendations: new URLSearchParams(common) };
}

/** The file of the log's current filters: the applied changes or the proposals, every row. */
export function exportQuery(
  params: URLSearchParams,
  sellerProfile: string,
): { path: string; query: URLSearchParams } {
  const { changes, recommendations } = queries(params, sellerProfile, {});
  const proposed = params.get("source") === "proposed";
  const query = proposed ? recommendations : changes;
  query.delete("itemsPerPage");
  return { path: proposed ? "/api/recommendations" : "/api/changes", query };
}

export async function loadOptimiserLog(
  api: ApiClient,
  params: URLSearchParams,
  sellerProfile: string,
  locale: Locale,
  scope: LogScope = {},
): Promise<OptimiserLogData> {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const source = params.get("source");
  const { changes: changesQuery, recommendations: recsQuery } = queries(
    params,
    sellerProfile,
    scope,
  );
  const empty = Promise.resolve({ "hydra:member": [], "hydra:totalItems": 0 });
  const campaignFilter = scope.campaign ?? params.get("campaign");
  const [changes, recs, profiles, runs, settings] = await Promise.all([
    source === "proposed" ? empty : api.json(`/api/changes?${changesQuery}`),
    source === "applied" ? empty : api.json(`/api/recommendations?${recsQuery}`),
    api.json(`/api/advertising_profiles?profile=${sellerProfile}&itemsPerPage=100`),
    api.json(`/api/optimiser_runs?sellerProfile=${sellerProfile}&dryRun=false&itemsPerPage=1`),
    api.json(`/api/seller_profile_settings?sellerProfile=${sellerProfile}&itemsPerPage=1`),
  ]);
  const marketplaces = parseCollection<Record<string, unknown>>(profiles).members;
  const currencyOf = new Map(marketplaces.map((p) => [String(p["@id"]), String(p.currency)]));
  const fallbackCurrency = String(marketplaces[0]?.currency ?? "EUR");
  const sentence = (code: string, params: Record<string, unknown> | null, currency: string) =>
    reasonSentence(code, params, { locale, currency }) ?? code;

  const applied: LogEntry[] = parseCollection<Record<string, unknown>>(changes).members.map(
    (raw) => {
      const currency = currencyOf.get(String(raw.profile)) ?? fallbackCurrency;
      const reasonParams = (raw.reasonParams as Record<string, unknown> | null) ?? null;
      const { inputs, ...rest } = reasonParams ?? {};
      const id = String(raw.id);
      return {
        key: `applied:${id}`,
        source: "applied",
        id,
        createdAt: String(raw.createdAt),
        entityType: String(raw.entityType),
        entityLabel: str(raw.entityLabel),
        what: String(raw.field ?? raw.operation),
        oldValue: raw.oldValue ?? null,
        newValue: raw.newValue ?? null,
        acceptedValue: null,
        direction: directionOf(raw.oldValue, raw.newValue),
        reasonCode: String(raw.reasonCode),
        reason: sentence(String(raw.reasonCode), rest, currency),
        inputs: (inputs as Record<string, unknown> | undefined) ?? null,
        status: String(raw.status),
        amazonAnswer: str(raw.errorMessage),
        appliedAt: str(raw.appliedAt),
        currency,
        batchId: idOf(raw.batch),
        runId: null,
        undoable: raw.status === "applied" && raw.operation === "update",
        decidable: false,
        impersonation: str(raw.actorName)
          ? {
              actorName: String(raw.actorName),
              authorKind: String(raw.authorKind ?? "optimiser"),
              authorId: idOf(raw.author),
              authorName: null,
            }
          : null,
        decidedBy: null,
      };
    },
  );
  const proposed: LogEntry[] = parseCollection<Record<string, unknown>>(recs).members.map((raw) =>
    proposalEntry(raw, currencyOf.get(String(raw.profile)) ?? fallbackCurrency, locale),
  );
  const direction = params.get("direction");
  const all = (await withUserNames(api, [...applied, ...proposed]))
    .filter((entry) => !direction || entry.direction === direction)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const lastRun = parseCollection<Record<string, unknown>>(runs).members[0];
  const totalRead = parseCollection(changes).totalItems + parseCollection(recs).totalItems;

  const [campaigns, adGroups] = await Promise.all([
    scope.campaign || scope.adGroup ? [] : campaignChoices(api, marketplaces),
    scope.adGroup || !campaignFilter || !UUID.test(campaignFilter)
      ? []
      : adGroupChoices(api, campaignFilter),
  ]);
  return {
    entries: all.slice((page - 1) * LOG_PAGE_SIZE, page * LOG_PAGE_SIZE),
    total: all.length,
    page,
    pageSize: LOG_PAGE_SIZE,
    truncated: totalRead > applied.length + proposed.length,
    campaigns,
    adGroups,
    automationMode:
      str(
        parseCollection<{ values?: Record<string, unknown> }>(settings).members[0]?.values
          ?.automationMode,
      ) ?? SETTING_DEFAULTS.automationMode,
    lastRun: lastRun
      ? {
          id: String(lastRun.id),
          status: String(lastRun.status),
          createdAt: String(lastRun.createdAt),
          error: str(lastRun.error),
        }
      : null,
  };
}

/**
 * The names of the users an administrator acted for and of those who decided proposals, read only
 * when the entries have such users (the history reads them the same way); a name the caller may
 * not read stays the author kind ("Ein Benutzer").
 */
export async function withUserNames<T extends LogEntry>(
  api: ApiClient,
  entries: T[],
): Promise<T[]> {
  if (!entries.some((entry) => entry.impersonation?.authorId || entry.decidedBy?.userId))
    return entries;
  const users = await api.json("/api/users?order[name]=asc&itemsPerPage=200");
  const nameOf = new Map(
    parseCollection<Record<string, unknown>>(users).members.map((user) => [
      String(user.id),
      String(user.name),
    ]),
  );
  const named = (id: string | null | undefined) => (id ? (nameOf.get(id) ?? null) : null);
  return entries.map((entry) => ({
    ...entry,
    impersonation: entry.impersonation && {
      ...entry.impersonation,
      authorName: named(entry.impersonation.authorId),
    },
    decidedBy: entry.decidedBy && { ...entry.decidedBy, userName: named(entry.decidedBy.userId) },
  }));
}

async function campaignChoices(
  api: ApiClient,
  marketplaces: Record<string, unknown>[],
): Promise<LogChoice[]> {
  const lists = await Promise.all(
    marketplaces.map((p) =>
      api.json(`/api/campaigns?profile=${encodeURIComponent(String(p["@id"]))}&itemsPerPage=1000`),
    ),
  );
  return lists
    .flatMap((list, i) =>
      parseCollection<Record<string, unknown>>(list).members.map((c) => ({
        value: String(c.id),
        label: `${String(c.name)} (${String(marketplaces[i]?.countryCode ?? "")})`,
      })),
    )
    .sort((a, b) => a.label.localeCompare(b.label));
}

async function adGroupChoices(api: ApiClient, campaign: string): Promise<LogChoice[]> {
  const list = await api.json(`/api/ad_groups?campaign=${campaign}&itemsPerPage=1000`);
  return parseCollection<Record<string, unknown>>(list)
    .members.map((g) => ({ value: String(g.id), label: String(g.name) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// ----- writes -----

export const LOG_INTENTS = ["undoChange", "undoRun", "runNow", "preview"] as const;
export type LogIntent = (typeof LOG_INTENTS)[number];

export interface PreviewDecision {
  key: string;
  entityLabel: string | null;
  kind: string;
  oldValue: unknown;
  newValue: unknown;
  reason: string;
  mode: string;
  currency: string;
}

export type LogActionResult =
  | { ok: true; intent: "undoChange" | "undoRun" | "runNow" }
  | { ok: true; intent: "preview"; decisions: PreviewDecision[] }
  | { ok: false; intent: LogIntent; message: string };

type Context = Readonly<RouterContextProvider>;

function previewOf(raw: Record<string, unknown>, index: number, locale: Locale, currency: string) {
  const kind = String(raw.kind);
  const [oldValue, newValue] =
    kind === "bid"
      ? [raw.oldBid, raw.newBid]
      : kind === "budget"
        ? [raw.oldBudget, raw.newBudget]
        : kind === "state"
          ? [raw.state === "PAUSED" ? "ENABLED" : "PAUSED", raw.state]
          : [null, raw.text];
  return {
    key: String(index),
    entityLabel: str(raw.entityLabel),
    kind,
    oldValue: oldValue ?? null,
    newValue: newValue ?? null,
    reason:
      reasonSentence(String(raw.reason), (raw.params as Record<string, unknown> | null) ?? null, {
        locale,
        currency,
      }) ?? String(raw.reason),
    mode: String(raw.mode),
    currency,
  };
}

/**
 * The log's form posts: `undoChange` (change), `undoRun` (the run's batch), `runNow`, `preview`
 * (a dry run: its decisions, nothing written but the run's record). Proposals are decided through
 * the action center's action (DecideButtons), the one way to decide. A refusal of the API comes
 * back as the API's words for the screen; anything else is an error page.
 */
export async function optimiserLogAction(
  context: Context,
  request: Request,
  sellerProfile: string,
  locale: Locale,
): Promise<LogActionResult> {
  const api = resourceRouteApi(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent")) as LogIntent;
  if (!(LOG_INTENTS as readonly string[]).includes(intent))
    throw data({ message: "unknown intent" }, 400);
  const id = (name: string) => {
    const value = String(form.get(name) ?? "");
    if (!UUID.test(value)) throw data({ message: `invalid ${name}` }, 400);
    return value;
  };
  const post = (path: string, body: object = {}) =>
    api.json<Record<string, unknown>>(path, {
      method: "POST",
      headers: { "content-type": "application/ld+json" },
      body: JSON.stringify(body),
    });
  try {
    switch (intent) {
      case "undoChange":
        await post(`/api/changes/${id("change")}/undo`);
        return { ok: true, intent };
      case "undoRun":
        await post(`/api/change_batches/${id("batch")}/undo`);
        return { ok: true, intent };
      case "runNow":
        await post("/api/optimiser_runs", {
          sellerProfile: `/api/seller_profiles/${sellerProfile}`,
          dryRun: false,
        });
        return { ok: true, intent };
      case "preview": {
        const [run, profiles] = await Promise.all([
          post("/api/optimiser_runs", {
            sellerProfile: `/api/seller_profiles/${sellerProfile}`,
            dryRun: true,
          }),
          api.json(`/api/advertising_profiles?profile=${sellerProfile}&itemsPerPage=100`),
        ]);
        const currencyOf = new Map(
          parseCollection<Record<string, unknown>>(profiles).members.map((p) => [
            String(p.countryCode),
            String(p.currency),
          ]),
        );
        const decisions = ((run.decisions as Record<string, unknown>[] | undefined) ?? []).map(
          (raw, index) =>
            previewOf(raw, index, locale, currencyOf.get(String(raw.marketplace)) ?? "EUR"),
        );
        return { ok: true, intent, decisions };
      }
    }
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401
    ) {
      const detail = (error.body as Record<string, unknown> | null) ?? {};
      return {
        ok: false,
        intent,
        message: String(detail.detail ?? detail["hydra:description"] ?? error.message),
      };
    }
    throw error;
  }
  throw data({ message: "unknown intent" }, 400);
}
