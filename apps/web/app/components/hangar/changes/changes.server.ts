/**
 * The changes route's server half: reads (tray, batch, history, ad group choices) and writes
 * (stage, bulk, remove, discard, push, undo, retry, creations) against the changes API
 * (CHANGES-CONTRACT). Not a screen, so no route middleware ran: the token cookie goes to the
 * API as it is, which scopes everything to its customer (foreign ids are its 404).
 */
import type {
  BulkChangeRequest,
  ChangeRequest,
  CreationRequest,
  RetryRequest,
} from "@starport/api/contracts";
import { data, type RouterContextProvider } from "react-router";
import { type ApiClient, ApiError } from "../../../lib/api/client.ts";
import { buildUrl, parseCollection, violationsOfBody } from "../../../lib/api/hydra.ts";
import { resourceRouteApi } from "../../../session/server-session.ts";
import {
  type ActionResult,
  type AdGroupChoice,
  type BatchData,
  type BatchView,
  type BulkAction,
  type ChangeIntent,
  type ChangeView,
  type HistoryData,
  idOf,
  type TrayData,
} from "./model.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many changes one tray or batch view lists (a bulk edit of every row stays countable). */
const LIST_LIMIT = 1000;

type Context = Readonly<RouterContextProvider>;

function apiFor(context: Context, request: Request): ApiClient {
  return resourceRouteApi(context, request);
}

function uuid(value: unknown): string {
  const text = String(value ?? "");
  if (!UUID.test(text)) throw data({ message: "invalid id" }, 400);
  return text;
}

export function toChange(raw: Record<string, unknown>): ChangeView {
  const str = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  return {
    id: str("id") ?? idOf(str("@id")) ?? "",
    batchId: idOf(str("batch")),
    entityType: raw.entityType as ChangeView["entityType"],
    entity: str("entity") ? idOf(str("entity")) : null,
    entityLabel: str("entityLabel"),
    operation: (str("operation") ?? "update") as ChangeView["operation"],
    field: str("field"),
    oldValue: raw.oldValue ?? null,
    newValue: raw.newValue ?? null,
    reasonCode: str("reasonCode"),
    reasonParams: (raw.reasonParams as Record<string, unknown> | null) ?? null,
    reasonText: str("reasonText"),
    authorKind: str("authorKind") ?? "user",
    authorId: idOf(str("author")),
    actorName: str("actorName"),
    status: (str("status") ?? "pending") as ChangeView["status"],
    errorCode: str("errorCode"),
    errorMessage: str("errorMessage"),
    createdAt: str("createdAt") ?? "",
    appliedAt: str("appliedAt"),
    undoOf: idOf(str("undoOf")),
  };
}

function toBatch(raw: Record<string, unknown>): BatchView {
  const num = (key: string) => (typeof raw[key] === "number" ? (raw[key] as number) : 0);
  const str = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  return {
    id: str("id") ?? idOf(str("@id")) ?? "",
    status: (str("status") ?? "draft") as BatchView["status"],
    authorKind: str("authorKind") ?? "user",
    total: num("total"),
    applied: num("applied"),
    failed: num("failed"),
    pending: num("pending"),
    createdAt: str("createdAt"),
    pushedAt: str("pushedAt"),
    finishedAt: str("finishedAt"),
    undoOf: idOf(str("undoOf")),
  };
}

async function collection(api: ApiClient, path: string, query: Record<string, string | number>) {
  return parseCollection<Record<string, unknown>>(await api.json(buildUrl(path, query)));
}

async function changesOfBatch(api: ApiClient, batchId: string): Promise<ChangeView[]> {
  const list = await collection(api, "/api/changes", {
    batch: batchId,
    itemsPerPage: LIST_LIMIT,
  });
  return list.members.map(toChange);
}

/** The seller's tray: drafts, and their failed changes until dismissed or retried (API's tray). */
export async function loadTray(api: ApiClient, sellerProfile: string): Promise<TrayData> {
  const tray = await api.json<{
    batch: Record<string, unknown> | null;
    changes: Record<string, unknown>[];
    failed: Record<string, unknown>[];
  }>(buildUrl("/api/change_tray", { sellerProfile }));
  return {
    batch: tray.batch ? toBatch(tray.batch) : null,
    changes: tray.changes.map(toChange),
    failed: tray.failed.map(toChange),
  };
}

export async function loadBatch(api: ApiClient, id: string): Promise<BatchData> {
  const [batch, changes] = await Promise.all([
    api.json<Record<string, unknown>>(`/api/change_batches/${id}`),
    changesOfBatch(api, id),
  ]);
  return { batch: toBatch(batch), changes };
}

export async function loadHistory(
  api: ApiClient,
  entity: string,
  entityType = "",
): Promise<HistoryData> {
  // An ad group's history includes what was changed in it (its keywords, targets, …).
  const list = await collection(api, "/api/changes", {
    ...(entityType === "ad_groups" ? { adGroup: entity } : { entity }),
    "order[createdAt]": "desc",
    itemsPerPage: 200,
  });
  return { changes: list.members.map(toChange) };
}

/**
 * The ad groups a harvested keyword can go to: those of the marketplace's manual campaigns
 * (Amazon takes keywords only there), not archived.
 */
export async function loadKeywordTargets(
  api: ApiClient,
  profile: string,
): Promise<AdGroupChoice[]> {
  const [campaigns, adGroups] = await Promise.all([
    collection(api, "/api/campaigns", { profile, targetingType: "MANUAL", itemsPerPage: 1000 }),
    collection(api, "/api/ad_groups", { profile, itemsPerPage: 1000 }),
  ]);
  const manual = new Map(
    campaigns.members
      .filter((c) => c.state !== "ARCHIVED")
      .map((c) => [String(c.id), String(c.name)] as const),
  );
  return adGroups.members
    .filter((g) => g.state !== "ARCHIVED")
    .flatMap((g) => {
      const campaignId = idOf(String(g.campaign ?? ""));
      const campaignName = campaignId ? manual.get(campaignId) : undefined;
      return campaignId && campaignName
        ? [{ id: String(g.id), name: String(g.name), campaignId, campaignName }]
        : [];
    })
    .sort((a, b) => `${a.campaignName} ${a.name}`.localeCompare(`${b.campaignName} ${b.name}`));
}

/** GET /hangar/changes?view=tray|batch|history|keywordTargets */
export async function changesLoader(context: Context, request: Request) {
  const api = apiFor(context, request);
  const params = new URL(request.url).searchParams;
  const view = params.get("view") ?? "tray";
  const headers = { "cache-control": "no-store" };
  switch (view) {
    case "tray":
      return data(await loadTray(api, uuid(params.get("sellerProfile"))), { headers });
    case "batch":
      return data(await loadBatch(api, uuid(params.get("id"))), { headers });
    case "history":
      return data(
        await loadHistory(api, uuid(params.get("entity")), params.get("entityType") ?? ""),
        { headers },
      );
    case "keywordTargets":
      return data(
        { adGroups: await loadKeywordTargets(api, uuid(params.get("profile"))) },
        { headers },
      );
    default:
      throw data({ message: "unknown view" }, 400);
  }
}

/** POST /api/changes/creations, its body typed by the API's schema. */
function postCreation(api: ApiClient, body: CreationRequest): Promise<Record<string, unknown>> {
  return post<Record<string, unknown>>(api, "/api/changes/creations", body);
}

async function post<T>(api: ApiClient, path: string, body?: object): Promise<T> {
  return api.json<T>(path, {
    method: "POST",
    headers: { "content-type": "application/ld+json" },
    body: JSON.stringify(body ?? {}),
  });
}

/** The screens' bulk action in the API's terms (pause, enable and archive set a state). */
function apiAction(action: BulkAction): BulkChangeRequest["action"] {
  switch (action.kind) {
    case "pause":
      return { kind: "setState", state: "PAUSED" };
    case "enable":
      return { kind: "setState", state: "ENABLED" };
    case "archive":
      return { kind: "setState", state: "ARCHIVED" };
    default:
      return action;
  }
}

/** The API call behind one intent; answers the batch it touched where there is one. */
async function perform(
  api: ApiClient,
  intent: ChangeIntent,
): Promise<{ batchId?: string; created?: number; skipped?: number }> {
  switch (intent.intent) {
    case "stage": {
      const change = await post<Record<string, unknown>>(api, "/api/changes", {
        entityType: intent.entityType,
        entity: uuid(intent.entity),
        field: intent.field,
        value: intent.value,
      } satisfies ChangeRequest);
      return { batchId: idOf(String(change.batch ?? "")) ?? undefined };
    }
    case "bulk": {
      const answer = await post<{ batch: string; created: number; skipped: unknown[] }>(
        api,
        "/api/bulk_changes",
        {
          entityType: intent.entityType,
          selection: intent.selection,
          action: apiAction(intent.action),
        } satisfies BulkChangeRequest,
      );
      return {
        batchId: idOf(answer.batch) ?? undefined,
        created: answer.created,
        skipped: answer.skipped?.length ?? 0,
      };
    }
    case "remove":
      await api.request(`/api/changes/${uuid(intent.change)}`, { method: "DELETE" });
      return {};
    case "discard":
      await api.request(`/api/change_batches/${uuid(intent.batch)}`, { method: "DELETE" });
      return {};
    case "push": {
      const batch = await post<Record<string, unknown>>(
        api,
        `/api/change_batches/${uuid(intent.batch)}/push`,
      );
      return { batchId: toBatch(batch).id };
    }
    case "undoBatch": {
      const batch = await post<Record<string, unknown>>(
        api,
        `/api/change_batches/${uuid(intent.batch)}/undo`,
      );
      return { batchId: toBatch(batch).id };
    }
    case "undoChange": {
      const batch = await post<Record<string, unknown>>(
        api,
        `/api/changes/${uuid(intent.change)}/undo`,
      );
      return { batchId: toBatch(batch).id };
    }
    case "retry": {
      const change = await post<Record<string, unknown>>(
        api,
        `/api/changes/${uuid(intent.change)}/retry`,
        (intent.value !== undefined ? { value: intent.value } : {}) satisfies RetryRequest,
      );
      return { batchId: idOf(String(change.batch ?? "")) ?? undefined };
    }
    case "dismiss": {
      for (const id of intent.changes) {
        // One already dismissed or retried (another tab) is out of the tray as well.
        await post(api, `/api/changes/${uuid(id)}/dismiss`).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
        });
      }
      return {};
    }
    case "createKeyword": {
      // A creation in the tray: the parent as IRI, the new entity in Starport's terms.
      const change = await postCreation(api, {
        entityType: "keywords",
        adGroup: `/api/ad_groups/${uuid(intent.adGroup)}`,
        value: { keywordText: intent.keywordText, matchType: intent.matchType, bid: intent.bid },
        reasonCode: "search_term_harvest",
        reasonParams: { searchTerm: intent.searchTerm },
      } satisfies CreationRequest);
      return { batchId: idOf(String(change.batch ?? "")) ?? undefined };
    }
    case "createNegative": {
      const change = await postCreation(api, {
        entityType: "negative_keywords",
        campaign: `/api/campaigns/${uuid(intent.campaign)}`,
        adGroup: intent.level === "adGroup" ? `/api/ad_groups/${uuid(intent.adGroup)}` : null,
        value: { keywordText: intent.keywordText, matchType: intent.matchType },
        reasonCode: "search_term_harvest",
        reasonParams: { searchTerm: intent.searchTerm },
      } satisfies CreationRequest);
      return { batchId: idOf(String(change.batch ?? "")) ?? undefined };
    }
  }
}

const INTENTS = new Set([
  "stage",
  "bulk",
  "remove",
  "discard",
  "push",
  "undoBatch",
  "undoChange",
  "retry",
  "dismiss",
  "createKeyword",
  "createNegative",
]);

/**
 * POST /hangar/changes (JSON): one intent. A refusal of the API (4xx: a limit, a state that
 * cannot change, a batch no longer a draft) comes back as data with its violations for the
 * screen to translate; anything else is an error page.
 */
export async function changesAction(context: Context, request: Request): Promise<ActionResult> {
  const body = (await request.json().catch(() => null)) as ChangeIntent | null;
  if (!body || typeof body !== "object" || !INTENTS.has(String(body.intent))) {
    throw data({ message: "unknown intent" }, 400);
  }
  const api = apiFor(context, request);
  try {
    return { ok: true, intent: body.intent, ...(await perform(api, body)) };
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
        intent: body.intent,
        status: error.status,
        message: String(detail.detail ?? detail["hydra:description"] ?? error.message),
        violations: violationsOfBody(error.body),
      };
    }
    throw error;
  }
}
