/**
 * The action center's reads and writes (issue 21 §1): the seller profile's recommendations as one
 * queue ranked by projected monthly profit, with counts per kind and marketplace and the total
 * projected impact; accept (a change in the seller's tray), reject, snooze, alone or in bulk.
 */
import type { RecommendationDecisionRequest } from "@starport/api/contracts";
import { data, type RouterContextProvider } from "react-router";
import type { Measured } from "../../components/action-center/MeasuredEffect.tsx";
import {
  type LogEntry,
  proposalEntry,
  withUserNames,
} from "../../components/optimiser/log.server.ts";
import { type ApiClient, ApiError } from "../../lib/api/client.ts";
import { parseCollection } from "../../lib/api/hydra.ts";
import type { Locale } from "../../route-table.ts";
import { resourceRouteApi, sessionContext } from "../../session/server-session.ts";
import {
  QUEUE_INTENTS,
  QUEUE_KINDS,
  QUEUE_PAGE_SIZE,
  QUEUE_PAGE_SIZES,
  QUEUE_TABS,
  type QueueActionResult,
  type QueueIntent,
  type QueueTab,
  type RecommendationKind,
} from "./queue-model.ts";

/** How many recommendations one form post decides one by one (a page holds at most 100). */
const SELECTION_LIMIT = 1000;

export interface QueueItem extends LogEntry {
  marketplace: string;
  impact: number | null;
  impactLow: number | null;
  impactHigh: number | null;
  snoozedUntil: string | null;
  /** The change that accepting it staged (its id), once accepted. */
  changeId: string | null;
  /**
   * An applied recommendation's measured monthly effect (the API's measuredEffect): null
   * `monthly` until `measuredFrom`; a negative's spend saved and sales lost; null for the rest.
   */
  measured: Measured | null;
}

export interface QueueData {
  tab: QueueTab;
  /** The page shown, ranked by the API (impact, unknown last, newest first among equals). */
  items: QueueItem[];
  /** Every recommendation the filters match (the API's summary, not a count of a page). */
  total: number;
  page: number;
  pageSize: number;
  countsByKind: Record<string, number>;
  /** Per marketplace, whichever marketplace is chosen (the other ones' counts stay visible). */
  countsByMarketplace: Record<string, number>;
  /** The summed projected monthly impact of every match, per currency. */
  impactByCurrency: Record<string, number>;
  marketplaces: string[];
}

/** One group of the API's recommendation summary: a kind on one marketplace. */
export interface QueueGroup {
  kind: string;
  marketplace: string;
  currency: string;
  count: number;
  impact: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MARKETPLACE = /^[A-Z]{2}$/;
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

function measuredOf(value: unknown): QueueItem["measured"] {
  if (!value || typeof value !== "object") return null;
  const m = value as Record<string, unknown>;
  if (typeof m.measuredFrom !== "string") return null;
  return {
    monthly: num(m.monthly),
    measuredFrom: m.measuredFrom,
    spendSaved: num(m.spendSaved),
    salesLost: num(m.salesLost),
  };
}

function tabOf(params: URLSearchParams): QueueTab {
  const tab = params.get("tab");
  return (QUEUE_TABS as readonly string[]).includes(tab ?? "") ? (tab as QueueTab) : "open";
}

function pagingOf(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const perPage = Number(params.get("perPage"));
  const pageSize = (QUEUE_PAGE_SIZES as readonly number[]).includes(perPage)
    ? perPage
    : QUEUE_PAGE_SIZE;
  return { page, pageSize };
}

/**
 * Two reads with the same filters: the API's summary (every match counted and summed, for the
 * header) and the one page the table shows, ranked and paged by the API. The summary leaves the
 * marketplace out so that every marketplace's count shows; the rest is of the chosen one.
 */
export async function loadQueue(
  api: ApiClient,
  params: URLSearchParams,
  sellerProfile: string,
  locale: Locale,
): Promise<QueueData> {
  const filters = new URLSearchParams({ sellerProfile, queue: tabOf(params) });
  const kind = params.get("kind");
  if (kind && (QUEUE_KINDS as readonly string[]).includes(kind)) filters.set("kind", kind);
  // One entity's recommendations (a Hangar row's marker links here).
  const entity = params.get("entity");
  if (entity && UUID.test(entity)) filters.set("entity", entity);
  const { page, pageSize } = pagingOf(params);
  const pageQuery = new URLSearchParams(filters);
  const marketplace = params.get("marketplace");
  if (marketplace && MARKETPLACE.test(marketplace)) pageQuery.set("marketplace", marketplace);
  pageQuery.set("order[impact]", "desc");
  pageQuery.set("order[createdAt]", "desc");
  pageQuery.set("page", String(page));
  pageQuery.set("itemsPerPage", String(pageSize));
  const [recs, summary, profiles] = await Promise.all([
    api.json(`/api/recommendations?${pageQuery}`),
    api.json(`/api/recommendation_summaries?${filters}&pagination=false`),
    api.json(`/api/advertising_profiles?profile=${sellerProfile}&itemsPerPage=100`),
  ]);
  const marketplaceOf = new Map<string, { code: string; currency: string }>();
  for (const p of parseCollection<Record<string, unknown>>(profiles).members)
    marketplaceOf.set(String(p["@id"]), {
      code: String(p.countryCode),
      currency: String(p.currency),
    });
  const queue = buildQueue(
    parseCollection<Record<string, unknown>>(recs).members,
    parseCollection<QueueGroup>(summary).members,
    marketplaceOf,
    params,
    locale,
  );
  // The done tab names who decided (the open ones' snoozes are undone by the queue itself)
  return queue.tab === "done" ? { ...queue, items: await withUserNames(api, queue.items) } : queue;
}

/**
 * Pure: the header's counts and totals from the summary's groups — per marketplace over all of
 * them, per kind, in all and per currency over the chosen marketplace's (or all).
 */
export function summariseQueue(groups: readonly QueueGroup[], marketplace: string | null) {
  const countsByMarketplace: Record<string, number> = {};
  const countsByKind: Record<string, number> = {};
  const impactByCurrency: Record<string, number> = {};
  let total = 0;
  for (const group of groups) {
    countsByMarketplace[group.marketplace] =
      (countsByMarketplace[group.marketplace] ?? 0) + group.count;
    if (marketplace && group.marketplace !== marketplace) continue;
    total += group.count;
    countsByKind[group.kind] = (countsByKind[group.kind] ?? 0) + group.count;
    if (group.impact !== null)
      impactByCurrency[group.currency] = (impactByCurrency[group.currency] ?? 0) + group.impact;
  }
  return { total, countsByKind, countsByMarketplace, impactByCurrency };
}

/** Pure: the view of one tab from the page the API ranked and the summary's groups. */
export function buildQueue(
  members: readonly Record<string, unknown>[],
  groups: readonly QueueGroup[],
  marketplaceOf: ReadonlyMap<string, { code: string; currency: string }>,
  params: URLSearchParams,
  locale: Locale,
): QueueData {
  const items: QueueItem[] = members.map((raw) => {
    const marketplace = marketplaceOf.get(String(raw.profile));
    const currency = marketplace?.currency ?? "EUR";
    return {
      ...proposalEntry(raw, currency, locale),
      marketplace: marketplace?.code ?? "",
      impact: num(raw.impact),
      impactLow: num(raw.impactLow),
      impactHigh: num(raw.impactHigh),
      snoozedUntil: typeof raw.snoozedUntil === "string" ? raw.snoozedUntil : null,
      changeId: typeof raw.change === "string" ? (raw.change.split("/").pop() ?? null) : null,
      measured: measuredOf(raw.measuredEffect),
    };
  });
  const marketplace = params.get("marketplace");
  return {
    tab: tabOf(params),
    items,
    ...pagingOf(params),
    ...summariseQueue(groups, marketplace && MARKETPLACE.test(marketplace) ? marketplace : null),
    marketplaces: [...new Set([...marketplaceOf.values()].map((m) => m.code))].sort(),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MATCH_TYPE = /^[A-Z_]{1,40}$/;
const STATE = /^(ENABLED|PAUSED|ARCHIVED)$/;

/**
 * Edit then accept (one recommendation): the seller's value as the API takes it — a number for a
 * bid or budget, `{ bid, matchType }` for a new keyword, `{ matchType }` for a negative, a state
 * (ENABLED, PAUSED, ARCHIVED) for a pause or resume. The API validates it as an edit by hand;
 * here only its shape.
 */
function editedValue(form: FormData, count: number): unknown {
  const kind = String(form.get("kind") ?? "");
  const raw = form.get("value");
  const matchType = form.get("matchType");
  const state = form.get("state");
  if (raw === null && matchType === null && state === null) return undefined;
  if (count !== 1) throw data({ message: "an edit is for one recommendation" }, 400);
  if (kind === "state") {
    if (!STATE.test(String(state))) throw data({ message: "invalid state" }, 400);
    return String(state);
  }
  const value = raw === null || raw === "" ? undefined : Number(raw);
  if (value !== undefined && !Number.isFinite(value)) throw data({ message: "invalid value" }, 400);
  if (matchType !== null && !MATCH_TYPE.test(String(matchType)))
    throw data({ message: "invalid matchType" }, 400);
  if (kind === "bid" || kind === "budget") {
    if (value === undefined) throw data({ message: "invalid value" }, 400);
    return value;
  }
  if (kind === "keyword" || kind === "negative")
    return {
      ...(kind === "keyword" && value !== undefined ? { bid: value } : {}),
      ...(matchType !== null ? { matchType: String(matchType) } : {}),
    };
  throw data({ message: "invalid kind" }, 400);
}

function violationOf(detail: Record<string, unknown>) {
  const [first] = Array.isArray(detail.violations)
    ? (detail.violations as Record<string, unknown>[])
    : [];
  return typeof first?.code === "string"
    ? {
        violation: {
          code: first.code,
          params: (first.params as Record<string, unknown> | undefined) ?? {},
        },
      }
    : {};
}

/**
 * One form post decides one recommendation or a selection (`id` repeated): each is patched on
 * its own, so one the API refuses (decided meanwhile, entity gone) does not hold the others back;
 * the answer names the refused ones with the API's words.
 */
export async function queueAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<QueueActionResult> {
  const api = resourceRouteApi(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent")) as QueueIntent;
  if (!(QUEUE_INTENTS as readonly string[]).includes(intent))
    throw data({ message: "unknown intent" }, 400);
  const until = String(form.get("until") ?? "");
  if (intent === "snooze" && !DAY.test(until)) throw data({ message: "invalid until" }, 400);
  if (form.get("all") === "1") return decideAllMatching(context, api, form, intent, until);
  const ids = form.getAll("id").map(String);
  if (ids.length === 0 || ids.length > SELECTION_LIMIT || !ids.every((id) => UUID.test(id)))
    throw data({ message: "invalid id" }, 400);
  const acceptedValue = editedValue(form, ids.length);
  const body =
    intent === "accept"
      ? { status: "accepted", ...(acceptedValue === undefined ? {} : { acceptedValue }) }
      : intent === "reject"
        ? { status: "rejected" }
        : { status: "snoozed", snoozedUntil: until };
  const failed: { id: string; message: string }[] = [];
  let done = 0;
  for (const id of ids) {
    try {
      await api.json(`/api/recommendations/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/merge-patch+json" },
        body: JSON.stringify(body),
      });
      done += 1;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
      const detail = (error.body as Record<string, unknown> | null) ?? {};
      const message = String(detail.detail ?? detail["hydra:description"] ?? error.message);
      if (acceptedValue !== undefined)
        return { ok: false, intent, message, ...violationOf(detail) };
      failed.push({ id, message });
    }
  }
  if (done === 0 && failed.length > 0)
    return { ok: false, intent, message: failed[0]?.message ?? "" };
  return { ok: true, intent, done, failed };
}

const STATUS_OF: Record<QueueIntent, RecommendationDecisionRequest["status"]> = {
  accept: "accepted",
  reject: "rejected",
  snooze: "snoozed",
};

/**
 * "All N matching" (issue 21 §1): one API call decides every open recommendation of the
 * session's seller profile that matches the queue's filters; the ones refused (entity changed
 * since) come back as conflicts, named like a selection's refused ones.
 */
async function decideAllMatching(
  context: Readonly<RouterContextProvider>,
  api: ApiClient,
  form: FormData,
  intent: QueueIntent,
  until: string,
): Promise<QueueActionResult> {
  const profile = context.get(sessionContext).profile;
  if (!profile) throw data({ message: "no seller profile" }, 400);
  const kind = String(form.get("kind") ?? "");
  const marketplace = String(form.get("marketplace") ?? "");
  if (kind && !(QUEUE_KINDS as readonly string[]).includes(kind))
    throw data({ message: "invalid kind" }, 400);
  if (marketplace && !/^[A-Z]{2}$/.test(marketplace))
    throw data({ message: "invalid marketplace" }, 400);
  const body = JSON.stringify({
    sellerProfile: `/api/seller_profiles/${profile.id}`,
    status: STATUS_OF[intent],
    ...(intent === "snooze" ? { snoozedUntil: until } : {}),
    ...(kind ? { kind: kind as RecommendationKind } : {}),
    ...(marketplace ? { marketplace } : {}),
  } satisfies RecommendationDecisionRequest);
  const result = await decideInRounds(
    () =>
      api.json("/api/recommendation_decisions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }) as Promise<DecisionRound>,
  );
  if (result.done === 0 && result.failed.length > 0)
    return { ok: false, intent, message: result.failed[0]?.message ?? "" };
  return { ok: true, intent, ...result };
}

/** One call of the bulk decision API: it decides at most 2,000, `remaining` > 0 when more wait. */
export interface DecisionRound {
  decided: string[];
  conflicts: { id: string; subject: string; message: string }[];
  remaining: number;
}

/**
 * "All matching" past the API's 2,000 a call: calls again while more wait, until a call decides
 * nothing (every one left was refused: those stay open and would come first again) or the time
 * a page's action may take is up; then says how many the seller's next click will take on. A
 * refused recommendation is named once, however many calls met it.
 */
export async function decideInRounds(
  round: () => Promise<DecisionRound>,
  budgetMs = 25_000,
  now: () => number = Date.now,
): Promise<{ done: number; failed: { id: string; message: string }[]; more: boolean }> {
  const end = now() + budgetMs;
  const failed = new Map<string, string>();
  let done = 0;
  for (;;) {
    const result = await round();
    done += result.decided.length;
    for (const conflict of result.conflicts) {
      failed.set(conflict.id.split("/").pop() ?? conflict.id, conflict.message);
    }
    const more = result.remaining > 0;
    if (!more || result.decided.length === 0 || now() >= end) {
      return {
        done,
        failed: [...failed].map(([id, message]) => ({ id, message })),
        more: more && result.decided.length > 0,
      };
    }
  }
}
