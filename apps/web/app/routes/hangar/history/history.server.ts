/**
 * The profile-wide change history's reads: the screen's URL filters in the changes resource's
 * terms (one query for the list and its export), the changes of a page and the marketplaces'
 * currencies (a change's money is in its marketplace's currency).
 */

import { toChange } from "../../../components/hangar/changes/changes.server.ts";
import type { ChangeView } from "../../../components/hangar/changes/model.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { parseCollection } from "../../../lib/api/hydra.ts";

export const HISTORY_PAGE_SIZE = 50;

/** The filters the screen keeps in its URL, passed to /api/changes under the same names. */
export const HISTORY_FILTERS = ["entityType", "field", "authorKind", "status"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The API query of the screen's URL: the profile, the filters, newest first. */
export function historyQuery(params: URLSearchParams, sellerProfile: string): URLSearchParams {
  const query = new URLSearchParams({ sellerProfile, "order[createdAt]": "desc" });
  for (const name of HISTORY_FILTERS) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const from = params.get("from");
  const to = params.get("to");
  if (from && DAY.test(from)) query.set("createdAt[after]", from);
  // Up to and including the last day: before the next one starts.
  if (to && DAY.test(to)) query.set("createdAt[strictly_before]", nextDay(to));
  return query;
}

/** A change of the history with its marketplace (advertising profile IRI). */
export type HistoryChange = ChangeView & { profile: string };

export interface HistoryPage {
  changes: HistoryChange[];
  total: number;
  page: number;
  pageSize: number;
  /** Advertising profile IRI → its currency. */
  currencies: Record<string, string>;
  defaultCurrency: string;
}

export async function loadChangeHistory(
  api: ApiClient,
  params: URLSearchParams,
  sellerProfile: string,
): Promise<HistoryPage> {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = historyQuery(params, sellerProfile);
  query.set("page", String(page));
  query.set("itemsPerPage", String(HISTORY_PAGE_SIZE));
  const [changes, profiles] = await Promise.all([
    api.json(`/api/changes?${query}`),
    api.json(`/api/advertising_profiles?profile=${sellerProfile}&itemsPerPage=100`),
  ]);
  const list = parseCollection<Record<string, unknown>>(changes);
  const marketplaces = parseCollection<Record<string, unknown>>(profiles).members;
  const currencies = Object.fromEntries(
    marketplaces.map((p) => [String(p["@id"]), String(p.currency)] as const),
  );
  return {
    changes: list.members.map((raw) => ({ ...toChange(raw), profile: String(raw.profile ?? "") })),
    total: list.totalItems,
    page,
    pageSize: HISTORY_PAGE_SIZE,
    currencies,
    defaultCurrency: String(marketplaces[0]?.currency ?? "EUR"),
  };
}
