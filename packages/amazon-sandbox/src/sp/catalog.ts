/** Catalog Items API 2022-04-01: one item by ASIN and the item search. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { publicBaseUrl, sendError, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { categoryOf, type Product, productBySku, productKey } from "../world.ts";
import { authSp } from "./auth.ts";
import { bad, csv, includedOf } from "./common.ts";

/**
 * A product's main image as the sandbox serves it (registerImageRoute): Amazon's links point at
 * its media CDN, which a machine without internet cannot reach; the app shows either the same way.
 */
export function sandboxImageUrl(base: string, asin: string): string {
  return `${base}/__sandbox/images/I/${asin}.svg`;
}

function catalogItem(
  state: SandboxState,
  p: Product,
  included: string[],
  base: string,
): Record<string, unknown> {
  const mp = marketplaceById(p.marketplaceId);
  const cat = categoryOf(state.world, p);
  const m = p.marketplaceId;
  const item: Record<string, unknown> = { asin: p.asin };
  const lang = mp?.languageCode ?? "en_US";
  for (const d of included) {
    if (d === "summaries")
      item.summaries = [
        {
          marketplaceId: m,
          brand: p.brand,
          itemName: p.title,
          manufacturer: p.brand,
          itemClassification: "BASE_PRODUCT",
          browseClassification: {
            displayName: cat?.name ?? "",
            classificationId: cat?.nodeId ?? "",
          },
          packageQuantity: 1,
          websiteDisplayGroup: `${(cat?.productType ?? "").toLowerCase()}_display_on_website`,
          websiteDisplayGroupName: cat?.name ?? "",
        },
      ];
    if (d === "attributes")
      item.attributes = {
        brand: [{ value: p.brand, language_tag: lang, marketplace_id: m }],
        item_name: [{ value: p.title, language_tag: lang, marketplace_id: m }],
        list_price: [{ value: p.refPrice, currency: mp?.currencyCode, marketplace_id: m }],
      };
    if (d === "identifiers")
      item.identifiers = [
        { marketplaceId: m, identifiers: [{ identifierType: "EAN", identifier: eanOf(p.asin) }] },
      ];
    if (d === "images")
      item.images = [
        {
          marketplaceId: m,
          images: [
            {
              variant: "MAIN",
              link: sandboxImageUrl(base, p.asin),
              height: 1000,
              width: 1000,
            },
          ],
        },
      ];
    if (d === "productTypes")
      item.productTypes = [{ marketplaceId: m, productType: cat?.productType ?? "PRODUCT" }];
    if (d === "salesRanks")
      item.salesRanks = [
        {
          marketplaceId: m,
          classificationRanks: [
            {
              classificationId: cat?.nodeId ?? "",
              title: cat?.name ?? "",
              link: `https://${mp?.domainName}/gp/bestsellers/${cat?.nodeId}`,
              rank: Math.max(1, Math.round(p.baseRank / p.rankFactor / 20)),
            },
          ],
          displayGroupRanks: [
            {
              websiteDisplayGroup: `${(cat?.productType ?? "").toLowerCase()}_display_on_website`,
              title: cat?.name ?? "",
              link: `https://${mp?.domainName}/gp/bestsellers`,
              rank: Math.max(1, Math.round(p.baseRank / p.rankFactor)),
            },
          ],
        },
      ];
    if (d === "classifications")
      item.classifications = [
        {
          marketplaceId: m,
          classifications: [{ displayName: cat?.name ?? "", classificationId: cat?.nodeId ?? "" }],
        },
      ];
    if (d === "dimensions")
      item.dimensions = [
        {
          marketplaceId: m,
          item: {
            height: { unit: "centimeters", value: 10 },
            length: { unit: "centimeters", value: 30 },
            width: { unit: "centimeters", value: 20 },
            weight: { unit: "kilograms", value: 0.8 },
          },
          package: {
            height: { unit: "centimeters", value: 12 },
            length: { unit: "centimeters", value: 32 },
            width: { unit: "centimeters", value: 22 },
            weight: { unit: "kilograms", value: 1 },
          },
        },
      ];
    if (d === "relationships") item.relationships = [{ marketplaceId: m, relationships: [] }];
    if (d === "vendorDetails") item.vendorDetails = [];
  }
  return item;
}

function eanOf(asin: string): string {
  let n = 0;
  for (const ch of asin) n = (n * 31 + ch.charCodeAt(0)) % 1e12;
  return `40${String(n).padStart(11, "0").slice(0, 11)}`;
}

const CATALOG_DATA = [
  "attributes",
  "classifications",
  "dimensions",
  "identifiers",
  "images",
  "productTypes",
  "relationships",
  "salesRanks",
  "summaries",
  "vendorDetails",
];

async function getCatalogItem(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const q = req.query as Record<string, unknown>;
  const mps = csv(q.marketplaceIds);
  if (mps.length === 0) return bad(reply, "Missing required 'marketplaceIds' parameter.");
  if (mps.some((m) => !marketplaceById(m)))
    return bad(reply, `Invalid marketplaceIds: ${mps.join(",")}`);
  const inc = includedOf(q, CATALOG_DATA, ["summaries"]);
  if (typeof inc === "string") return bad(reply, inc);
  const { asin } = req.params as { asin: string };
  const found = mps
    .map((m) => w().products.get(productKey(m, asin.toUpperCase())))
    .filter((p): p is Product => !!p);
  const first = found[0];
  if (!first)
    return sendError(
      reply,
      "sp",
      404,
      `Requested item '${asin}' not found in marketplace(s) ${mps.join(",")}.`,
    );
  const merged: Record<string, unknown> = { asin: first.asin };
  for (const p of found) {
    for (const [k, v] of Object.entries(
      catalogItem(state, p, inc, publicBaseUrl(state.baseUrl, req)),
    )) {
      if (k === "asin") continue;
      if (Array.isArray(v)) merged[k] = [...((merged[k] as unknown[]) ?? []), ...v];
      else merged[k] = { ...((merged[k] as object) ?? {}), ...(v as object) };
    }
  }
  return sendJson(reply, 200, merged);
}

async function searchCatalogItems(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const q = req.query as Record<string, unknown>;
  const mps = csv(q.marketplaceIds);
  if (mps.length !== 1 || !marketplaceById(mps[0] ?? ""))
    return bad(reply, "marketplaceIds must contain exactly one valid marketplace.");
  const mpId = mps[0] as string;
  const inc = includedOf(q, CATALOG_DATA, ["summaries"]);
  if (typeof inc === "string") return bad(reply, inc);
  const ids = csv(q.identifiers);
  const kws = csv(q.keywords);
  if (ids.length && kws.length)
    return bad(reply, "identifiers and keywords cannot be used together.");
  if (!ids.length && !kws.length) return bad(reply, "Either identifiers or keywords is required.");
  if (ids.length > 20 || kws.length > 20)
    return bad(reply, "At most 20 identifiers or keywords are allowed.");
  const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
    return bad(reply, "pageSize must be between 1 and 20.");
  let list: Product[] = [];
  const all = [...w().products.values()].filter((p) => p.marketplaceId === mpId);
  if (ids.length) {
    const type = String(q.identifiersType ?? "");
    if (type === "ASIN") list = all.filter((p) => ids.map((i) => i.toUpperCase()).includes(p.asin));
    else if (type === "SKU") {
      if (typeof q.sellerId !== "string")
        return bad(reply, "sellerId is required when identifiersType is SKU.");
      list = ids.flatMap((s) => {
        const p = productBySku(w(), String(q.sellerId), mpId, s);
        return p ? [p] : [];
      });
    } else if (type === "EAN") list = all.filter((p) => ids.includes(eanOf(p.asin)));
    else return bad(reply, "identifiersType must be one of ASIN, EAN, SKU (sandbox subset).");
  } else {
    const words = kws.map((k) => k.toLowerCase());
    list = all.filter((p) => words.some((k) => p.title.toLowerCase().includes(k)));
  }
  let offset = 0;
  if (q.pageToken !== undefined) {
    offset = Number(Buffer.from(String(q.pageToken), "base64url").toString("utf8"));
    if (!Number.isInteger(offset) || offset < 0) return bad(reply, "Invalid pageToken.");
  }
  const page = list.slice(offset, offset + pageSize);
  const pagination: Record<string, string> = {};
  if (offset + pageSize < list.length)
    pagination.nextToken = Buffer.from(String(offset + pageSize)).toString("base64url");
  if (offset > 0)
    pagination.previousToken = Buffer.from(String(Math.max(0, offset - pageSize))).toString(
      "base64url",
    );
  const brands = new Map<string, number>();
  for (const p of list) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
  return sendJson(reply, 200, {
    numberOfResults: list.length,
    pagination,
    refinements: {
      brands: [...brands].map(([brandName, numberOfResults]) => ({ numberOfResults, brandName })),
      classifications: [],
    },
    items: page.map((p) => catalogItem(state, p, inc, publicBaseUrl(state.baseUrl, req))),
  });
}

export function registerCatalogRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/catalog/2022-04-01/items/:asin", (req, reply) => getCatalogItem(state, req, reply));
  app.get("/catalog/2022-04-01/items", (req, reply) => searchCatalogItems(state, req, reply));
}
