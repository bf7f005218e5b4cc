/**
 * The keyword page's write: the selected keywords staged as creations in the seller's change tray
 * (POST /api/changes/creations), one at a time, each with its own answer, a harvested term's
 * source negations (negative exact) after its keyword.
 */
import type { ChangeCreationPayload } from "@starport/api/contracts";
import { data, type RouterContextProvider } from "react-router";
import { ApiError } from "../../../lib/api/client.ts";
import { resourceRouteApi } from "../../../session/server-session.ts";
import {
  type AddResult,
  type AddRow,
  MATCH_TYPES,
  type MatchType,
  NEGATION_REASON,
  REASON_OF_TAB,
  type RowResult,
  type StageResult,
  tabOf,
} from "./model.ts";

/** At most this many keywords per "add" (a pasted list's valid lines included). */
export const ADD_LIMIT = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseRows(raw: unknown): AddRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw ?? "[]"));
  } catch {
    throw data({ message: "invalid rows" }, 400);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > ADD_LIMIT)
    throw data({ message: "invalid rows" }, 400);
  return parsed.map((item) => {
    const row = (item ?? {}) as Record<string, unknown>;
    if (
      typeof row.key !== "string" ||
      typeof row.keywordText !== "string" ||
      !(MATCH_TYPES as readonly unknown[]).includes(row.matchType) ||
      typeof row.bid !== "number" ||
      !Number.isFinite(row.bid)
    )
      throw data({ message: "invalid rows" }, 400);
    const negate = Array.isArray(row.negate) ? row.negate : [];
    if (negate.length > 50 || !negate.every((id) => typeof id === "string" && UUID.test(id)))
      throw data({ message: "invalid rows" }, 400);
    return {
      key: row.key.slice(0, 200),
      keywordText: row.keywordText.slice(0, 1000),
      matchType: row.matchType as MatchType,
      bid: row.bid,
      negate: [...new Set(negate as string[])],
    };
  });
}

/** The API's words for a refused creation: the first violation's message or the detail. */
function refusal(error: ApiError): string {
  const body = (error.body ?? {}) as Record<string, unknown>;
  const violations = body.violations;
  if (Array.isArray(violations) && violations.length > 0) {
    const first = violations[0] as Record<string, unknown>;
    if (typeof first.message === "string") return first.message;
  }
  return String(body.detail ?? body["hydra:description"] ?? error.message);
}

/** Stages one creation; a refusal (4xx but 401/404) is the row's answer, not the page's. */
async function stage(
  api: ReturnType<typeof resourceRouteApi>,
  body: ChangeCreationPayload,
): Promise<StageResult> {
  try {
    const change = await api.json<{ id?: string; "@id"?: string }>("/api/changes/creations", {
      method: "POST",
      headers: { "content-type": "application/ld+json" },
      body: JSON.stringify(body),
    });
    const changeId =
      change.id ??
      String(change["@id"] ?? "")
        .split("/")
        .pop() ??
      null;
    return { ok: true, message: null, changeId: changeId || null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
    if (error.status === 404) throw error;
    return { ok: false, message: refusal(error), changeId: null };
  }
}

/**
 * "add": each selected keyword a creation in the seller's tray (same text and match type staged
 * again: the one draft with the newer bid, the API's rule), and with a harvested term the source
 * negations (a negative exact of the term in each source ad group) asked for on its row. One
 * refused (bid outside the limits, ad group archived) does not hold the others back; each row
 * gets its own answer. A source is negated only once its keyword is staged.
 */
export async function keywordAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  adGroupId: string,
): Promise<AddResult> {
  const api = resourceRouteApi(context, request);
  const form = await request.formData();
  const tab = tabOf(new URLSearchParams({ tab: String(form.get("tab") ?? "") }));
  if (form.get("intent") !== "add" || !UUID.test(adGroupId))
    throw data({ message: "unknown intent" }, 400);
  const rows = parseRows(form.get("rows"));
  const results: RowResult[] = [];
  for (const row of rows) {
    let keyword: StageResult;
    try {
      keyword = await stage(api, {
        entityType: "keywords",
        adGroup: `/api/ad_groups/${adGroupId}`,
        value: { keywordText: row.keywordText, matchType: row.matchType, bid: row.bid },
        reasonCode: REASON_OF_TAB[tab],
        reasonParams: tab === "search" ? { searchTerm: row.keywordText } : null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return { ok: false, tab, message: refusal(error) };
      throw error;
    }
    const negations: RowResult["negations"] = [];
    if (keyword.ok && tab === "search")
      for (const source of row.negate.filter((id) => id !== adGroupId)) {
        const negation = await stage(api, {
          entityType: "negative_keywords",
          adGroup: `/api/ad_groups/${source}`,
          value: { keywordText: row.keywordText, matchType: "NEGATIVE_EXACT" },
          reasonCode: NEGATION_REASON,
          reasonParams: { searchTerm: row.keywordText },
        }).catch((error: unknown): StageResult => {
          if (error instanceof ApiError && error.status === 404)
            return { ok: false, message: refusal(error), changeId: null };
          throw error;
        });
        negations.push({ ...negation, adGroupId: source });
      }
    results.push({ key: row.key, ...keyword, negations });
  }
  return { ok: true, tab, results };
}
