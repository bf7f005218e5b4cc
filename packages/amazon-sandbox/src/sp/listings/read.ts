/** Listings Items 2021-08-01: one listing by SKU and the seller's listing search. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { publicBaseUrl, sendError, sendJson } from "../../http.ts";
import type { SandboxState } from "../../state.ts";
import { type Product, productBySku, sellerProducts } from "../../world.ts";
import { bad, csv } from "../common.ts";
import { listingItem } from "./item.ts";
import { listingCheck } from "./request.ts";

export async function getListingsItem(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const c = listingCheck(state, req, reply);
  if (!c) return reply;
  const { sku } = req.params as { sku: string };
  const p = productBySku(w(), c.seller.sellerId, c.mps[0] as string, sku);
  if (!p) return sendError(reply, "sp", 404, `SKU '${sku}' not found in marketplace ${c.mps[0]}`);
  return sendJson(reply, 200, listingItem(state, p, c.inc, publicBaseUrl(state.baseUrl, req)));
}

export async function searchListingsItems(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const c = listingCheck(state, req, reply);
  if (!c) return reply;
  const q = req.query as Record<string, unknown>;
  const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
    return bad(reply, "pageSize must be between 1 and 20.");
  const sortBy = q.sortBy ?? "lastUpdatedDate";
  if (sortBy !== "sku" && sortBy !== "createdDate" && sortBy !== "lastUpdatedDate")
    return bad(reply, "sortBy must be one of sku, createdDate, lastUpdatedDate.");
  const sortOrder = q.sortOrder ?? "DESC";
  if (sortOrder !== "ASC" && sortOrder !== "DESC")
    return bad(reply, "sortOrder must be ASC or DESC.");
  let list = sellerProducts(w(), c.seller.sellerId, c.mps[0]);
  const ids = csv(q.identifiers);
  if (ids.length) {
    const type = String(q.identifiersType ?? "SKU");
    if (type !== "SKU" && type !== "ASIN")
      return bad(reply, "identifiersType must be SKU or ASIN (sandbox subset).");
    list = list.filter((p) => (type === "ASIN" ? ids.includes(p.asin) : ids.includes(p.sku)));
  }
  for (const [param, field, after] of [
    ["createdAfter", "createdAt", true],
    ["createdBefore", "createdAt", false],
    ["lastUpdatedAfter", "lastUpdatedAt", true],
    ["lastUpdatedBefore", "lastUpdatedAt", false],
  ] as const) {
    const v = q[param];
    if (v === undefined) continue;
    const t = typeof v === "string" ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(t)) return bad(reply, `${param} must be an ISO 8601 date-time.`);
    list = list.filter((p) => (after ? Date.parse(p[field]) >= t : Date.parse(p[field]) <= t));
  }
  const statusOf = (p: Product) => (p.stock > 0 ? ["BUYABLE", "DISCOVERABLE"] : ["DISCOVERABLE"]);
  for (const [param, keep] of [
    ["withStatus", true],
    ["withoutStatus", false],
  ] as const) {
    const wanted = csv(q[param]);
    if (wanted.some((s) => s !== "BUYABLE" && s !== "DISCOVERABLE"))
      return bad(reply, `${param} values must be BUYABLE or DISCOVERABLE.`);
    if (wanted.length)
      list = list.filter((p) => wanted.some((s) => statusOf(p).includes(s)) === keep);
  }
  const key = (p: Product): string =>
    sortBy === "sku" ? p.sku : sortBy === "createdDate" ? p.createdAt : p.lastUpdatedAt;
  const dir = sortOrder === "DESC" ? -1 : 1;
  list.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
  });
  let offset = 0;
  if (q.pageToken !== undefined) {
    offset = Number(Buffer.from(String(q.pageToken), "base64url").toString("utf8"));
    if (!Number.isInteger(offset) || offset < 0) return bad(reply, "Invalid pageToken.");
  }
  const pagination: Record<string, string> = {};
  if (offset + pageSize < list.length)
    pagination.nextToken = Buffer.from(String(offset + pageSize)).toString("base64url");
  if (offset > 0)
    pagination.previousToken = Buffer.from(String(Math.max(0, offset - pageSize))).toString(
      "base64url",
    );
  return sendJson(reply, 200, {
    numberOfResults: list.length,
    pagination,
    items: list
      .slice(offset, offset + pageSize)
      .map((p) => listingItem(state, p, c.inc, publicBaseUrl(state.baseUrl, req))),
  });
}
