import { BadRequestError } from "./http-errors.ts";
import type { AnyResource } from "./resource.ts";

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const DEFAULT_MAX_ITEMS_PER_PAGE = 100;
const MAX_PAGE = 1_000_000_000;

export interface Pagination {
  enabled: boolean;
  page: number;
  itemsPerPage: number;
}

function integer(value: string, name: string, min: number): number {
  if (!/^-?\d+$/.test(value)) throw new BadRequestError(`${name} must be an integer.`);
  const n = Number(value);
  if (n < min) throw new BadRequestError(`${name} should not be less than ${min}.`);
  return n;
}

/** `page`, `itemsPerPage` (capped) and `pagination=false` where the resource allows it. */
export function parsePagination(resource: AnyResource, query: URLSearchParams): Pagination {
  const config = resource.pagination ?? {};
  const max = config.maxItemsPerPage ?? DEFAULT_MAX_ITEMS_PER_PAGE;
  let enabled = true;
  const flag = query.get("pagination");
  if (flag !== null && config.clientEnabled) {
    if (!["true", "false", "1", "0"].includes(flag))
      throw new BadRequestError('pagination must be "true" or "false".');
    enabled = flag === "true" || flag === "1";
  }
  const pageParam = query.get("page");
  const page = pageParam === null ? 1 : integer(pageParam, "Page", 1);
  if (page > MAX_PAGE) throw new BadRequestError("Page is too large.");
  const perPageParam = query.get("itemsPerPage");
  const requested =
    perPageParam === null
      ? (config.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE)
      : integer(perPageParam, "Items per page", 0);
  return { enabled, page, itemsPerPage: Math.min(requested, max) };
}
