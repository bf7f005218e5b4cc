/**
 * The profile-wide change history's reads: the screen's URL filters in the changes resource's
 * terms (one query for the list and its export), the changes of a page, the marketplaces'
 * currencies (a change's money is in its marketplace's currency), the customer's people (who
 * made a change, and the filter by person) and the optimiser's reasons as sentences.
 */

import { reasonSentence } from "@starport/optimiser/reason-sentence";
import { toChange } from "../../../components/hangar/changes/changes.server.ts";
import type { ChangeView } from "../../../components/hangar/changes/model.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { parseCollection } from "../../../lib/api/hydra.ts";
import type { Locale } from "../../../route-table.ts";

export const HISTORY_PAGE_SIZE = 50;

/** The filters the screen keeps in its URL, passed to /api/changes under the same names. */
export const HISTORY_FILTERS = ["entityType", "field", "authorKind", "author", "status"] as const;

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

/**
 * A change of the history with its marketplace (advertising profile IRI), the name of the person
 * who made it (null: a machine, or a person no longer with the customer) and, for the
 * optimiser's changes, its reason as a sentence in the page's language.
 */
export type HistoryChange = ChangeView & {
  profile: string;
  authorName: string | null;
  reasonSentence: string | null;
};

/** A person of the customer, for the author filter. */
export interface HistoryPerson {
  id: string;
  name: string;
}

export interface HistoryPage {
  changes: HistoryChange[];
  total: number;
  page: number;
  pageSize: number;
  /** Advertising profile IRI → its currency. */
  currencies: Record<string, string>;
  defaultCurrency: string;
  people: HistoryPerson[];
}

/** The optimiser's reason of a change as a sentence (its inputs are the log's, not the sentence's). */
function optimiserSentence(
  raw: Record<string, unknown>,
  locale: Locale,
  currency: string,
): string | null {
  if (raw.authorKind !== "optimiser" || typeof raw.reasonCode !== "string") return null;
  const { inputs: _inputs, ...params } = (raw.reasonParams as Record<string, unknown> | null) ?? {};
  return reasonSentence(raw.reasonCode, params, { locale, currency }) ?? null;
}

export async function loadChangeHistory(
  api: ApiClient,
  params: URLSearchParams,
  sellerProfile: string,
  locale: Locale,
): Promise<HistoryPage> {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = historyQuery(params, sellerProfile);
  query.set("page", String(page));
  query.set("itemsPerPage", String(HISTORY_PAGE_SIZE));
  const [changes, profiles, users] = await Promise.all([
    api.json(`/api/changes?${query}`),
    api.json(`/api/advertising_profiles?profile=${sellerProfile}&itemsPerPage=100`),
    api.json("/api/users?order[name]=asc&itemsPerPage=200"),
  ]);
  const list = parseCollection<Record<string, unknown>>(changes);
  const marketplaces = parseCollection<Record<string, unknown>>(profiles).members;
  const currencies = Object.fromEntries(
    marketplaces.map((p) => [String(p["@id"]), String(p.currency)] as const),
  );
  const people = parseCollection<Record<string, unknown>>(users).members.map((user) => ({
    id: String(user.id),
    name: String(user.name),
  }));
  const nameOf = new Map(people.map((person) => [person.id, person.name]));
  const defaultCurrency = String(marketplaces[0]?.currency ?? "EUR");
  return {
    changes: list.members.map((raw) => {
      const change = toChange(raw);
      const profile = String(raw.profile ?? "");
      return {
        ...change,
        profile,
        authorName: change.authorId ? (nameOf.get(change.authorId) ?? null) : null,
        reasonSentence: optimiserSentence(raw, locale, currencies[profile] ?? defaultCurrency),
      };
    }),
    total: list.totalItems,
    page,
    pageSize: HISTORY_PAGE_SIZE,
    currencies,
    defaultCurrency,
    people,
  };
}
