/** What the keyword page's server reads share: a collection read whole, a number or 0. */
import type { HydraClient, HydraQuery } from "../../../lib/api/hydra.ts";

/** The most search terms one read takes (by clicks). */
export const TERM_LIMIT = 1000;

/** A search term as /api/search_terms serves it to the keyword page. */
export interface CampaignTerm {
  searchTerm: string;
  adGroup: string | null;
  matchedText: string | null;
  matchType: string | null;
  isNegative: boolean;
  metrics: { clicks: number; orders: number; cost: number };
}

export const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** Every member of a collection, page after page (the lists of one ad group are short). */
export async function all<T>(hydra: HydraClient, path: string, query: HydraQuery): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const list = await hydra.collection<T>(path, { ...query, itemsPerPage: 500, page });
    out.push(...list.members);
    if (out.length >= list.totalItems || list.members.length === 0) break;
  }
  return out;
}
