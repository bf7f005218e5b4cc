/** Selling Partner API routes: sellers, catalog, listings, pricing, fees, reports. */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { offersOf, similarItems } from "./competition.ts";
import { header, INVALID_JSON, isObject, publicBaseUrl, sendError, sendJson } from "./http.ts";
import { MARKETPLACES, marketplaceById } from "./marketplaces.ts";
import { merchantListingsTsv } from "./reports.ts";
import type { SandboxState } from "./state.ts";
import {
  addSellerListing,
  type Category,
  categoryOf,
  listingStamp,
  type Product,
  productBySku,
  productKey,
  removeSellerListing,
  type Seller,
  sellerProducts,
} from "./world.ts";

export function authSp(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
): Seller | undefined {
  const token = header(req, "x-amz-access-token");
  const deny = (details: string) => {
    sendError(reply, "sp", 403, "Access to requested resource is denied.", details);
    return undefined;
  };
  if (!token) return deny("Access token is missing in the request header.");
  const rec = state.auth.checkAccess(token);
  if (rec === "expired") return deny("The access token you provided has expired.");
  if (rec?.api !== "sp")
    return deny("The access token you provided is revoked, malformed or invalid.");
  const seller = state.world.sellers.find((s) => s.sellerId === rec.sellerId);
  if (!seller) return deny("The access token you provided is revoked, malformed or invalid.");
  const region = header(req, "x-sandbox-region");
  if (region !== undefined) {
    const inRegion = seller.marketplaceIds.some((id) => marketplaceById(id)?.region === region);
    if (!inRegion) return deny("The seller is not registered in this region.");
  }
  return seller;
}

/** Issue (listingsItems_2021-08-01): `code`, `message`, `severity` and `categories` are required. */
interface Issue {
  code: string;
  message: string;
  severity: "ERROR" | "WARNING" | "INFO";
  attributeNames: string[];
  categories: string[];
  marketplaceIds?: string[];
}

function issue(
  code: string,
  message: string,
  category: string,
  attributeNames: string[],
  marketplaceIds: string[],
): Issue {
  return {
    code,
    message,
    severity: "ERROR",
    attributeNames,
    categories: [category],
    marketplaceIds,
  };
}
const invalidAttribute = (name: string, message: string, mps: string[]) =>
  issue(
    "4000001",
    message,
    "INVALID_ATTRIBUTE",
    [name.replace(/^patches\[\d+\]$/, "")].filter(Boolean),
    mps,
  );
const missingAttribute = (name: string, mps: string[]) =>
  issue("90220", `'${name}' is required but not supplied.`, "MISSING_ATTRIBUTE", [name], mps);
const invalidPrice = (mps: string[]) =>
  issue(
    "4000002",
    "our_price value_with_tax must be a positive number",
    "INVALID_PRICE",
    ["purchasable_offer"],
    mps,
  );
const skuNotFound = (sku: string, mps: string[]) =>
  issue(
    "4000004",
    `SKU '${sku}' does not exist for this seller in ${mps.join(",")}.`,
    "INVALID_ATTRIBUTE",
    [],
    mps,
  );

/** First value of a listing attribute (`attributes.<name>[0]`), if present as an object. */
function listingAttribute(
  attrs: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const v = attrs[name];
  if (v === undefined) return undefined;
  const first = Array.isArray(v) ? v[0] : undefined;
  return isObject(first) ? first : {};
}

function offerPrice(offer: Record<string, unknown>): number | undefined {
  const price = (
    offer.our_price as { schedule?: { value_with_tax?: unknown }[] }[] | undefined
  )?.[0]?.schedule?.[0]?.value_with_tax;
  return typeof price === "number" && price > 0 ? Math.round(price * 100) / 100 : undefined;
}

function availabilityQuantity(a: Record<string, unknown>): number | undefined {
  const q = a.quantity;
  return typeof q === "number" && Number.isInteger(q) && q >= 0 ? q : undefined;
}

function csv(v: unknown): string[] {
  if (typeof v !== "string") return [];
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function money(currencyCode: string, amount: number) {
  return { CurrencyCode: currencyCode, Amount: Math.round(amount * 100) / 100 };
}

function bad(reply: FastifyReply, message: string): FastifyReply {
  return sendError(reply, "sp", 400, message);
}

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
const LISTING_DATA = [
  "summaries",
  "attributes",
  "issues",
  "offers",
  "fulfillmentAvailability",
  "procurement",
  "relationships",
  "productTypes",
];

function listingItem(
  state: SandboxState,
  p: Product,
  included: string[],
  base: string,
): Record<string, unknown> {
  const mp = marketplaceById(p.marketplaceId);
  const cat = categoryOf(state.world, p);
  const out: Record<string, unknown> = { sku: p.sku };
  for (const d of included) {
    if (d === "summaries")
      out.summaries = [
        {
          marketplaceId: p.marketplaceId,
          asin: p.asin,
          productType: cat?.productType ?? "PRODUCT",
          conditionType: "new_new",
          status: p.stock > 0 ? ["BUYABLE", "DISCOVERABLE"] : ["DISCOVERABLE"],
          itemName: p.title,
          createdDate: p.createdAt,
          lastUpdatedDate: p.lastUpdatedAt,
          mainImage: {
            link: sandboxImageUrl(base, p.asin),
            height: 1000,
            width: 1000,
          },
        },
      ];
    if (d === "offers")
      out.offers = [
        {
          marketplaceId: p.marketplaceId,
          offerType: "B2C",
          price: { currencyCode: mp?.currencyCode ?? "EUR", amount: p.price.toFixed(2) },
        },
      ];
    if (d === "fulfillmentAvailability")
      out.fulfillmentAvailability = [{ fulfillmentChannelCode: "DEFAULT", quantity: p.stock }];
    if (d === "issues") out.issues = [];
    if (d === "attributes")
      out.attributes = {
        item_name: [{ value: p.title, marketplace_id: p.marketplaceId }],
        brand: [{ value: p.brand, marketplace_id: p.marketplaceId }],
        purchasable_offer: [
          {
            marketplace_id: p.marketplaceId,
            currency: mp?.currencyCode,
            our_price: [{ schedule: [{ value_with_tax: p.price }] }],
          },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: "DEFAULT", quantity: p.stock }],
      };
    if (d === "productTypes")
      out.productTypes = [
        { marketplaceId: p.marketplaceId, productType: cat?.productType ?? "PRODUCT" },
      ];
    if (d === "relationships")
      out.relationships = [{ marketplaceId: p.marketplaceId, relationships: [] }];
    if (d === "procurement") out.procurement = [];
  }
  return out;
}

interface SpReport {
  reportId: string;
  sellerId: string;
  reportType: string;
  marketplaceIds: string[];
  dataStartTime: string;
  dataEndTime: string;
  createdTime: string;
  processingStatus: "IN_QUEUE" | "IN_PROGRESS" | "DONE" | "CANCELLED" | "FATAL";
  processingStartTime?: string;
  processingEndTime?: string;
  reportDocumentId?: string;
  polls: number;
  stuck: boolean;
}

function spReportJson(r: SpReport): Record<string, unknown> {
  const out: Record<string, unknown> = {
    reportId: r.reportId,
    reportType: r.reportType,
    marketplaceIds: r.marketplaceIds,
    dataStartTime: r.dataStartTime,
    dataEndTime: r.dataEndTime,
    createdTime: r.createdTime,
    processingStatus: r.processingStatus,
  };
  if (r.processingStartTime) out.processingStartTime = r.processingStartTime;
  if (r.processingEndTime) out.processingEndTime = r.processingEndTime;
  if (r.reportDocumentId) out.reportDocumentId = r.reportDocumentId;
  return out;
}

/**
 * Fees by category, as Amazon's rate cards work: a referral percentage of the price incl.
 * shipping (at least 0.30) and an FBA fulfilment fee by the category's typical size tier (a phone
 * case is a small envelope, a yoga mat or a tent a large parcel). Local currency units.
 */
const CATEGORY_FEES: Record<string, { referral: number; fba: number }> = {
  yoga: { referral: 0.15, fba: 4.95 },
  kitchen: { referral: 0.15, fba: 3.5 },
  pet: { referral: 0.15, fba: 3.8 },
  phone: { referral: 0.08, fba: 2.7 },
  camping: { referral: 0.12, fba: 5.4 },
  office: { referral: 0.15, fba: 3.1 },
};
const DEFAULT_FEES = { referral: 0.15, fba: 3.6 };

export function feeEstimate(p: {
  price: number;
  shipping: number;
  currency: string;
  fba: boolean;
  categoryKey?: string | undefined;
}) {
  const rates = (p.categoryKey && CATEGORY_FEES[p.categoryKey]) || DEFAULT_FEES;
  const referral = Math.max(0.3, (p.price + p.shipping) * rates.referral);
  const fba = p.fba ? rates.fba : 0;
  const fee = (type: string, amount: number) => ({
    FeeType: type,
    FeeAmount: money(p.currency, amount),
    FeePromotion: money(p.currency, 0),
    TaxAmount: money(p.currency, 0),
    FinalFee: money(p.currency, amount),
    IncludedFeeDetailList: [],
  });
  const list = [fee("ReferralFee", referral), fee("VariableClosingFee", 0), fee("PerItemFee", 0)];
  if (p.fba) list.push(fee("FBAFees", fba));
  return { total: money(p.currency, referral + fba), list };
}

export function registerSpRoutes(app: FastifyInstance, state: SandboxState): void {
  const w = () => state.world;

  app.get("/sellers/v1/marketplaceParticipations", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const region = header(req, "x-sandbox-region");
    const payload = seller.marketplaceIds.flatMap((id) => {
      const mp = marketplaceById(id);
      if (!mp || (region !== undefined && mp.region !== region)) return [];
      return [
        {
          marketplace: {
            id: mp.id,
            countryCode: mp.countryCode === "UK" ? "GB" : mp.countryCode,
            name: mp.name,
            defaultCurrencyCode: mp.currencyCode,
            defaultLanguageCode: mp.languageCode,
            domainName: mp.domainName,
          },
          storeName: seller.storeName,
          participation: { isParticipating: true, hasSuspendedListings: false },
        },
      ];
    });
    return sendJson(reply, 200, { payload });
  });

  app.get("/sellers/v1/account", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    return sendJson(reply, 200, {
      payload: {
        marketplaceParticipationList: seller.marketplaceIds.map((id) => ({
          marketplaceId: id,
          sellerId: seller.sellerId,
          hasSuspendedListings: false,
        })),
        businessType: "PRIVATE_LIMITED",
        sellingPlan: "PROFESSIONAL",
        business: {
          name: seller.name,
          registeredBusinessAddress: { addressLine1: "1 Sandbox Street", countryCode: "DE" },
        },
      },
    });
  });

  // Catalog Items 2022-04-01
  const includedOf = (
    q: Record<string, unknown>,
    allowed: string[],
    dflt: string[],
  ): string[] | string => {
    const inc = csv(q.includedData);
    if (inc.length === 0) return dflt;
    const badOne = inc.find((d) => !allowed.includes(d));
    return badOne ? `Invalid includedData value: ${badOne}` : inc;
  };
  app.get("/catalog/2022-04-01/items/:asin", async (req, reply) => {
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
  });

  app.get("/catalog/2022-04-01/items", async (req, reply) => {
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
    if (!ids.length && !kws.length)
      return bad(reply, "Either identifiers or keywords is required.");
    if (ids.length > 20 || kws.length > 20)
      return bad(reply, "At most 20 identifiers or keywords are allowed.");
    const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
      return bad(reply, "pageSize must be between 1 and 20.");
    let list: Product[] = [];
    const all = [...w().products.values()].filter((p) => p.marketplaceId === mpId);
    if (ids.length) {
      const type = String(q.identifiersType ?? "");
      if (type === "ASIN")
        list = all.filter((p) => ids.map((i) => i.toUpperCase()).includes(p.asin));
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
  });

  // Listings Items 2021-08-01
  const SUBMISSION_DATA = { allowed: ["identifiers", "issues"], dflt: ["issues"] };
  const REQUIREMENTS = ["LISTING", "LISTING_PRODUCT_ONLY", "LISTING_OFFER_ONLY"];
  const listingCheck = (
    req: FastifyRequest,
    reply: FastifyReply,
    includedData: { allowed: string[]; dflt: string[] } = {
      allowed: LISTING_DATA,
      dflt: ["summaries"],
    },
  ): { seller: Seller; mps: string[]; inc: string[] } | undefined => {
    const seller = authSp(state, req, reply);
    if (!seller) return undefined;
    const { sellerId } = req.params as { sellerId: string };
    if (sellerId !== seller.sellerId) {
      sendError(
        reply,
        "sp",
        403,
        "Access to requested resource is denied.",
        "The sellerId does not match the access token.",
      );
      return undefined;
    }
    const q = req.query as Record<string, unknown>;
    const mps = csv(q.marketplaceIds);
    if (mps.length === 0 || mps.some((m) => !seller.marketplaceIds.includes(m))) {
      bad(reply, "marketplaceIds must list marketplaces the seller participates in.");
      return undefined;
    }
    const inc = includedOf(q, includedData.allowed, includedData.dflt);
    if (typeof inc === "string") {
      bad(reply, inc);
      return undefined;
    }
    if (
      includedData === SUBMISSION_DATA &&
      q.mode !== undefined &&
      q.mode !== "VALIDATION_PREVIEW"
    ) {
      bad(reply, "mode must be VALIDATION_PREVIEW.");
      return undefined;
    }
    return { seller, mps, inc };
  };
  /** put/patch/delete answer a ListingsItemSubmissionResponse. */
  const submission = (
    sku: string,
    inc: string[],
    status: "ACCEPTED" | "INVALID" | "VALID",
    issues: Issue[],
    products: Product[],
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = { sku, status, submissionId: randomUUID() };
    if (inc.includes("issues")) out.issues = issues;
    if (inc.includes("identifiers"))
      out.identifiers = products.map((p) => ({ marketplaceId: p.marketplaceId, asin: p.asin }));
    return out;
  };
  app.get("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    const c = listingCheck(req, reply);
    if (!c) return reply;
    const { sku } = req.params as { sku: string };
    const p = productBySku(w(), c.seller.sellerId, c.mps[0] as string, sku);
    if (!p) return sendError(reply, "sp", 404, `SKU '${sku}' not found in marketplace ${c.mps[0]}`);
    return sendJson(reply, 200, listingItem(state, p, c.inc, publicBaseUrl(state.baseUrl, req)));
  });
  app.get("/listings/2021-08-01/items/:sellerId", async (req, reply) => {
    const c = listingCheck(req, reply);
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
  });
  app.put("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    const c = listingCheck(req, reply, SUBMISSION_DATA);
    if (!c) return reply;
    const { sku } = req.params as { sku: string };
    const body = req.body as unknown;
    if (
      !isObject(body) ||
      INVALID_JSON in body ||
      typeof body.productType !== "string" ||
      body.productType === "" ||
      !isObject(body.attributes)
    )
      return bad(reply, "Body must contain productType and an attributes object.");
    const requirements = body.requirements ?? "LISTING";
    if (typeof requirements !== "string" || !REQUIREMENTS.includes(requirements))
      return bad(reply, `requirements must be one of ${REQUIREMENTS.join(", ")}.`);
    const attrs = body.attributes;
    const productFacts = requirements !== "LISTING_OFFER_ONLY";
    const salesTerms = requirements !== "LISTING_PRODUCT_ONLY";
    const issues: Issue[] = [];
    const attr = (name: string) => listingAttribute(attrs, name);
    const title = attr("item_name");
    const brand = attr("brand");
    const offer = attr("purchasable_offer");
    const availability = attr("fulfillment_availability");
    const suggestedAsin = attr("merchant_suggested_asin");

    const text = (name: string, a: Record<string, unknown> | undefined, required: boolean) => {
      if (a === undefined) {
        if (required) issues.push(missingAttribute(name, c.mps));
        return undefined;
      }
      if (typeof a.value !== "string" || a.value.trim() === "") {
        issues.push(invalidAttribute(name, `${name} value must be a non-empty string.`, c.mps));
        return undefined;
      }
      return a.value.trim();
    };
    const existing = c.mps.map((m) => productBySku(w(), c.seller.sellerId, m, sku));
    const isNew = existing.some((p) => !p);
    const titleValue = text("item_name", title, productFacts && isNew);
    const brandValue = text("brand", brand, false);
    let price: number | undefined;
    if (offer !== undefined) {
      price = offerPrice(offer);
      if (price === undefined) issues.push(invalidPrice(c.mps));
    } else if (salesTerms && isNew) {
      issues.push({
        ...missingAttribute("purchasable_offer", c.mps),
        categories: ["MISSING_PRICE"],
      });
    }
    let quantity: number | undefined;
    if (availability !== undefined) {
      quantity = availabilityQuantity(availability);
      if (quantity === undefined)
        issues.push(
          invalidAttribute(
            "fulfillment_availability",
            "quantity must be a non-negative integer.",
            c.mps,
          ),
        );
    }
    // Where a missing marketplace's listing lands: the ASIN the seller suggests, else the ASIN the SKU
    // already has elsewhere, else a new ASIN of the product type's category. An existing detail page
    // must not carry another offer (the sandbox keeps one offer per ASIN and marketplace).
    const missing = c.mps.filter((_m, i) => !existing[i]);
    const suggested = missing.length
      ? text("merchant_suggested_asin", suggestedAsin, !productFacts)?.toUpperCase()
      : undefined;
    const targetAsin = suggested ?? existing.find((p) => p)?.asin;
    if (suggested && missing.some((m) => !w().products.has(productKey(m, suggested))))
      issues.push(
        invalidAttribute(
          "merchant_suggested_asin",
          `ASIN ${suggested} does not exist in every requested marketplace.`,
          c.mps,
        ),
      );
    if (targetAsin && missing.some((m) => w().products.get(productKey(m, targetAsin))?.sellerId))
      issues.push(
        invalidAttribute(
          "merchant_suggested_asin",
          `ASIN ${targetAsin} already carries a seller offer (the sandbox keeps one offer per ASIN).`,
          c.mps,
        ),
      );
    const categoryFor = (m: string) =>
      [...w().categories.values()].find(
        (cat) => cat.marketplaceId === m && cat.productType === body.productType,
      );
    const needPage = missing.filter(
      (m) => !targetAsin || !w().products.has(productKey(m, targetAsin)),
    );
    if (needPage.some((m) => !categoryFor(m)))
      issues.push(
        invalidAttribute(
          "productType",
          `Product type ${body.productType} is not available in the sandbox (use one of ${[
            ...new Set([...w().categories.values()].map((cat) => cat.productType)),
          ].join(", ")}).`,
          c.mps,
        ),
      );

    if (issues.length) return sendJson(reply, 200, submission(sku, c.inc, "INVALID", issues, []));
    const preview = (req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW";
    if (preview)
      return sendJson(
        reply,
        200,
        submission(
          sku,
          c.inc,
          "VALID",
          [],
          existing.filter((p): p is Product => !!p),
        ),
      );
    const stamp = listingStamp(w(), state.now());
    const products: Product[] = [];
    let asin = targetAsin;
    for (const [i, m] of c.mps.entries()) {
      let p = existing[i];
      const page = asin ? w().products.get(productKey(m, asin)) : undefined;
      if (!p && page) {
        // the seller's offer joins the existing catalogue page
        page.sellerId = c.seller.sellerId;
        page.sku = sku;
        page.createdDate = stamp.slice(0, 10);
        page.createdAt = stamp;
        w().skuIndex.set(`${c.seller.sellerId}|${m}|${sku}`, page);
        w().matchCache.clear();
        p = page;
      } else if (!p) {
        p = addSellerListing(w(), {
          sellerId: c.seller.sellerId,
          sku,
          marketplaceId: m,
          category: categoryFor(m) as Category,
          asin,
          title: titleValue ?? sku,
          brand: brandValue ?? c.seller.brand,
          price: price ?? 0,
          stock: quantity ?? 0,
          stamp,
        });
        asin = p.asin; // the same ASIN in every requested marketplace
      }
      if (titleValue !== undefined) p.title = titleValue;
      if (brandValue !== undefined) p.brand = brandValue;
      if (price !== undefined) p.price = price;
      if (quantity !== undefined) p.stock = quantity;
      p.lastUpdatedAt = stamp;
      products.push(p);
    }
    return sendJson(reply, 200, submission(sku, c.inc, "ACCEPTED", [], products));
  });

  app.patch("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    const c = listingCheck(req, reply, SUBMISSION_DATA);
    if (!c) return reply;
    const { sku } = req.params as { sku: string };
    const body = req.body as unknown;
    if (
      !isObject(body) ||
      INVALID_JSON in body ||
      typeof body.productType !== "string" ||
      !Array.isArray(body.patches) ||
      body.patches.length === 0
    )
      return bad(reply, "Body must contain productType and a non-empty patches array.");
    const found = c.mps.map((m) => productBySku(w(), c.seller.sellerId, m, sku));
    // the model declares no 404 for patch: an unknown SKU is an INVALID submission
    if (found.some((p) => !p))
      return sendJson(reply, 200, submission(sku, c.inc, "INVALID", [skuNotFound(sku, c.mps)], []));
    const products = found as Product[];
    const issues: Issue[] = [];
    const changes: ((p: Product) => void)[] = [];
    for (const [i, patch] of body.patches.entries()) {
      if (
        !isObject(patch) ||
        !["add", "replace", "merge", "delete"].includes(String(patch.op)) ||
        typeof patch.path !== "string" ||
        !patch.path.startsWith("/attributes/")
      ) {
        issues.push(invalidAttribute(`patches[${i}]`, `patches[${i}] is invalid`, c.mps));
        continue;
      }
      const name = patch.path.slice("/attributes/".length);
      const value = Array.isArray(patch.value)
        ? (patch.value[0] as Record<string, unknown> | undefined)
        : undefined;
      if (patch.op === "delete") {
        if (["item_name", "purchasable_offer"].includes(name))
          issues.push(invalidAttribute(name, `${name} is required and cannot be deleted.`, c.mps));
        continue;
      }
      if (name === "purchasable_offer") {
        const price = value ? offerPrice(value) : undefined;
        if (price === undefined) {
          issues.push(invalidPrice(c.mps));
          continue;
        }
        changes.push((p) => {
          p.price = price;
        });
      } else if (name === "fulfillment_availability") {
        const qty = value ? availabilityQuantity(value) : undefined;
        if (qty === undefined) {
          issues.push(invalidAttribute(name, "quantity must be a non-negative integer", c.mps));
          continue;
        }
        changes.push((p) => {
          p.stock = qty;
        });
      } else if (name === "item_name" || name === "brand") {
        const v = typeof value?.value === "string" ? value.value.trim() : "";
        if (v === "") {
          issues.push(invalidAttribute(name, `${name} value must be a non-empty string`, c.mps));
          continue;
        }
        changes.push((p) => {
          if (name === "item_name") p.title = v;
          else p.brand = v;
        });
      }
    }
    const preview = (req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW";
    if (!issues.length && !preview) {
      const stamp = listingStamp(w(), state.now());
      for (const p of products) {
        for (const ch of changes) ch(p);
        p.lastUpdatedAt = stamp;
      }
    }
    return sendJson(
      reply,
      200,
      submission(
        sku,
        c.inc,
        issues.length ? "INVALID" : preview ? "VALID" : "ACCEPTED",
        issues,
        products,
      ),
    );
  });

  app.delete("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    // deleteListingsItem takes no includedData/mode: the answer always carries issues
    const c = listingCheck(req, reply, { allowed: [], dflt: ["issues"] });
    if (!c) return reply;
    const { sku } = req.params as { sku: string };
    const found = c.mps
      .map((m) => productBySku(w(), c.seller.sellerId, m, sku))
      .filter((p): p is Product => !!p);
    if (found.length === 0)
      return sendJson(
        reply,
        200,
        submission(sku, ["issues"], "INVALID", [skuNotFound(sku, c.mps)], []),
      );
    for (const p of found) removeSellerListing(w(), p);
    return sendJson(reply, 200, submission(sku, ["issues"], "ACCEPTED", [], []));
  });

  // Product Pricing v0
  const pricingProducts = (req: FastifyRequest, reply: FastifyReply, seller: Seller) => {
    const q = req.query as Record<string, unknown>;
    const mpId = String(q.MarketplaceId ?? "");
    if (!marketplaceById(mpId)) {
      bad(reply, "MarketplaceId is missing or invalid.");
      return undefined;
    }
    const itemType = q.ItemType;
    if (itemType !== "Asin" && itemType !== "Sku") {
      bad(reply, "ItemType must be Asin or Sku.");
      return undefined;
    }
    const ids = csv(itemType === "Asin" ? q.Asins : q.Skus);
    if (ids.length === 0 || ids.length > 20) {
      bad(reply, `${itemType === "Asin" ? "Asins" : "Skus"} must list 1 to 20 values.`);
      return undefined;
    }
    return ids.map((id) => ({
      id,
      itemType,
      mpId,
      p:
        itemType === "Asin"
          ? w().products.get(productKey(mpId, id.toUpperCase()))
          : productBySku(w(), seller.sellerId, mpId, id),
    }));
  };
  for (const path of ["/products/pricing/v0/price", "/products/pricing/v0/competitivePrice"]) {
    const competitive = path.endsWith("competitivePrice");
    app.get(path, async (req, reply) => {
      const seller = authSp(state, req, reply);
      if (!seller) return reply;
      const items = pricingProducts(req, reply, seller);
      if (!items) return reply;
      const payload = items.map(({ id, itemType, mpId, p }) => {
        const key = itemType === "Asin" ? { ASIN: id } : { SellerSKU: id };
        if (!p)
          return {
            status: "ClientError",
            ...key,
            error: { code: "InvalidInput", message: `${id} is not a valid ${itemType}` },
          };
        const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
        const price = {
          LandedPrice: money(cur, p.price),
          ListingPrice: money(cur, p.price),
          Shipping: money(cur, 0),
        };
        const product: Record<string, unknown> = {
          Identifiers: {
            MarketplaceASIN: { MarketplaceId: mpId, ASIN: p.asin },
            ...(itemType === "Sku"
              ? {
                  SKUIdentifier: {
                    MarketplaceId: mpId,
                    SellerId: seller.sellerId,
                    SellerSKU: p.sku,
                  },
                }
              : {}),
          },
        };
        if (competitive) {
          const buyBox = p.sellerId === seller.sellerId ? p.price : p.refPrice;
          product.CompetitivePricing = {
            CompetitivePrices: [
              {
                CompetitivePriceId: "1",
                Price: {
                  LandedPrice: money(cur, buyBox),
                  ListingPrice: money(cur, buyBox),
                  Shipping: money(cur, 0),
                },
                condition: "New",
                subcondition: "New",
                belongsToRequester: p.sellerId === seller.sellerId,
              },
            ],
            NumberOfOfferListings: [{ Count: 3, condition: "New" }],
          };
          product.SalesRankings = [
            {
              ProductCategoryId: categoryOf(w(), p)?.nodeId ?? "",
              Rank: Math.max(1, Math.round(p.baseRank / p.rankFactor)),
            },
          ];
        } else {
          product.Offers =
            p.sellerId === seller.sellerId
              ? [
                  {
                    BuyingPrice: price,
                    RegularPrice: money(cur, p.price),
                    FulfillmentChannel: "MERCHANT",
                    ItemCondition: "New",
                    ItemSubCondition: "New",
                    SellerSKU: p.sku,
                  },
                ]
              : [];
        }
        return { status: "Success", ...key, Product: product };
      });
      return sendJson(reply, 200, { payload });
    });
  }
  const offersResponse = (
    seller: Seller,
    p: Product,
    mpId: string,
    key: Record<string, string>,
  ) => {
    const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
    const offers = offersOf(w(), p).map((o) => ({
      ...o,
      my: o.mine && o.sellerId === seller.sellerId,
    }));
    const winner = offers.find((o) => o.buyBoxWinner);
    const lowest = offers[0];
    const channel = (o: { fulfillment: string }) =>
      o.fulfillment === "AFN" ? "Amazon" : "Merchant";
    return {
      payload: {
        ...key,
        marketplaceId: mpId,
        status: "Success",
        ItemCondition: "New",
        Identifier: { MarketplaceId: mpId, ...key, ItemCondition: "New" },
        Summary: {
          TotalOfferCount: offers.length,
          NumberOfOffers: ["Amazon", "Merchant"].map((c) => ({
            condition: "new",
            fulfillmentChannel: c,
            OfferCount: offers.filter((o) => channel(o) === c).length,
          })),
          LowestPrices: lowest
            ? [
                {
                  condition: "new",
                  fulfillmentChannel: channel(lowest),
                  LandedPrice: money(cur, lowest.listingPrice + lowest.shipping),
                  ListingPrice: money(cur, lowest.listingPrice),
                  Shipping: money(cur, lowest.shipping),
                },
              ]
            : [],
          BuyBoxPrices: winner
            ? [
                {
                  condition: "new",
                  LandedPrice: money(cur, winner.listingPrice + winner.shipping),
                  ListingPrice: money(cur, winner.listingPrice),
                  Shipping: money(cur, winner.shipping),
                  sellerId: winner.sellerId,
                },
              ]
            : [],
          ListPrice: money(cur, p.refPrice),
          SalesRankings: [
            {
              ProductCategoryId: categoryOf(w(), p)?.nodeId ?? "",
              Rank: Math.max(1, Math.round(p.baseRank / p.rankFactor)),
            },
          ],
        },
        Offers: offers.map((o) => ({
          SellerId: o.sellerId,
          MyOffer: o.my,
          SubCondition: "new",
          IsFulfilledByAmazon: o.fulfillment === "AFN",
          IsBuyBoxWinner: o.buyBoxWinner,
          IsFeaturedMerchant: true,
          ListingPrice: money(cur, o.listingPrice),
          Shipping: money(cur, o.shipping),
          ShippingTime: { minimumHours: 24, maximumHours: 48, availabilityType: "NOW" },
          SellerFeedbackRating: {
            FeedbackCount: o.feedbackCount,
            SellerPositiveFeedbackRating: o.rating,
          },
          ShipsFrom: { Country: marketplaceById(mpId)?.countryCode ?? "DE" },
          PrimeInformation: {
            IsPrime: o.fulfillment === "AFN",
            IsNationalPrime: o.fulfillment === "AFN",
          },
        })),
      },
    };
  };
  // Product Pricing 2022-05-01: the competitive summary of up to 20 ASINs in one batch.
  app.post("/batches/products/pricing/2022-05-01/items/competitiveSummary", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const requests = isObject(req.body) ? (req.body as { requests?: unknown }).requests : undefined;
    if (!Array.isArray(requests) || requests.length < 1 || requests.length > 20)
      return bad(reply, "requests must hold 1 to 20 requests.");
    const responses = requests.map((r: unknown) => {
      const item = (isObject(r) ? r : {}) as Record<string, unknown>;
      const asin = String(item.asin ?? "").toUpperCase();
      const mpId = String(item.marketplaceId ?? "");
      const request = { asin, marketplaceId: mpId, includedData: item.includedData };
      const p = marketplaceById(mpId) ? w().products.get(productKey(mpId, asin)) : undefined;
      if (!p)
        return {
          status: { statusCode: 404, reasonPhrase: "Not Found" },
          body: { errors: [{ code: "NOT_FOUND", message: `ASIN ${asin} not found` }] },
          request,
        };
      const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
      const amount = (v: number) => ({ amount: v, currencyCode: cur });
      const offers = offersOf(w(), p);
      const featured = offers.find((o) => o.buyBoxWinner);
      const offer = (o: (typeof offers)[number]) => ({
        sellerId: o.sellerId,
        condition: "New",
        fulfillmentType: o.fulfillment,
        listingPrice: amount(o.listingPrice),
        shippingOptions: [{ shippingOptionType: "DEFAULT", price: amount(o.shipping) }],
      });
      return {
        status: { statusCode: 200, reasonPhrase: "OK" },
        body: {
          asin: p.asin,
          marketplaceId: mpId,
          featuredBuyingOptions: featured
            ? [
                {
                  buyingOptionType: "New",
                  segmentedFeaturedOffers: [
                    {
                      ...offer(featured),
                      featuredOfferSegments: [
                        {
                          customerMembership: "NON_PRIME",
                          segmentDetails: { glanceViewWeightPercentage: 100 },
                        },
                      ],
                    },
                  ],
                },
              ]
            : [],
          lowestPricedOffers: [
            {
              lowestPricedOffersInput: { itemCondition: "New", offerType: "Consumer" },
              offers: offers.slice(0, 20).map(offer),
            },
          ],
          referencePrices: [{ name: "CompetitivePrice", price: amount(p.refPrice) }],
          similarItems: [{ items: similarItems(w(), p).map((o) => ({ asin: o.asin })) }],
        },
        request,
      };
    });
    return sendJson(reply, 200, { responses });
  });
  app.get("/products/pricing/v0/items/:asin/offers", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const q = req.query as Record<string, unknown>;
    const mpId = String(q.MarketplaceId ?? "");
    if (!marketplaceById(mpId)) return bad(reply, "MarketplaceId is missing or invalid.");
    if (typeof q.ItemCondition !== "string") return bad(reply, "ItemCondition is required.");
    const { asin } = req.params as { asin: string };
    const p = w().products.get(productKey(mpId, asin.toUpperCase()));
    if (!p) return sendError(reply, "sp", 404, `ASIN ${asin} not found`);
    return sendJson(reply, 200, offersResponse(seller, p, mpId, { ASIN: p.asin }));
  });
  app.get("/products/pricing/v0/listings/:sku/offers", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const q = req.query as Record<string, unknown>;
    const mpId = String(q.MarketplaceId ?? "");
    if (!marketplaceById(mpId)) return bad(reply, "MarketplaceId is missing or invalid.");
    if (typeof q.ItemCondition !== "string") return bad(reply, "ItemCondition is required.");
    const { sku } = req.params as { sku: string };
    const p = productBySku(w(), seller.sellerId, mpId, sku);
    if (!p) return sendError(reply, "sp", 404, `SKU ${sku} not found`);
    return sendJson(reply, 200, offersResponse(seller, p, mpId, { SKU: p.sku }));
  });

  // Product Fees v0
  const feesResult = (
    seller: Seller,
    req: unknown,
    idType: "ASIN" | "SellerSKU",
    idValue: string,
  ) => {
    if (!isObject(req)) return { error: "FeesEstimateRequest is required." };
    const mpId = String(req.MarketplaceId ?? "");
    const mp = marketplaceById(mpId);
    if (!mp) return { error: "MarketplaceId is missing or invalid." };
    const pt = req.PriceToEstimateFees;
    const lp = isObject(pt) && isObject(pt.ListingPrice) ? pt.ListingPrice : undefined;
    if (
      !lp ||
      typeof lp.Amount !== "number" ||
      lp.Amount < 0 ||
      typeof lp.CurrencyCode !== "string"
    )
      return {
        error: "PriceToEstimateFees.ListingPrice with CurrencyCode and Amount is required.",
      };
    if (typeof req.Identifier !== "string") return { error: "Identifier is required." };
    const ship =
      isObject(pt) && isObject(pt.Shipping) && typeof pt.Shipping.Amount === "number"
        ? pt.Shipping.Amount
        : 0;
    const fba = req.IsAmazonFulfilled === true;
    const known =
      idType === "ASIN"
        ? w().products.get(productKey(mpId, idValue.toUpperCase()))
        : productBySku(w(), seller.sellerId, mpId, idValue);
    const identifier = {
      MarketplaceId: mpId,
      SellerId: seller.sellerId,
      IdType: idType,
      IdValue: idValue,
      IsAmazonFulfilled: fba,
      PriceToEstimateFees: pt,
      SellerInputIdentifier: req.Identifier,
    };
    if (!known)
      return {
        result: {
          Status: "ClientError",
          FeesEstimateIdentifier: identifier,
          Error: {
            Type: "Sender",
            Code: "InvalidParameterValue",
            Message: `${idType} ${idValue} not found`,
            Detail: [],
          },
        },
      };
    const est = feeEstimate({
      price: lp.Amount,
      shipping: ship,
      currency: lp.CurrencyCode,
      fba,
      categoryKey: known.categoryKey,
    });
    return {
      result: {
        Status: "Success",
        FeesEstimateIdentifier: identifier,
        FeesEstimate: {
          TimeOfFeesEstimation: new Date(state.now()).toISOString(),
          TotalFeesEstimate: est.total,
          FeeDetailList: est.list,
        },
        Error: null,
      },
    };
  };
  for (const [path, idType] of [
    ["/products/fees/v0/listings/:id/feesEstimate", "SellerSKU"],
    ["/products/fees/v0/items/:id/feesEstimate", "ASIN"],
  ] as const) {
    app.post(path, async (req, reply) => {
      const seller = authSp(state, req, reply);
      if (!seller) return reply;
      const body = req.body as unknown;
      if (!isObject(body) || INVALID_JSON in body)
        return bad(reply, "Body must be a JSON object with FeesEstimateRequest.");
      const r = feesResult(
        seller,
        body.FeesEstimateRequest,
        idType,
        (req.params as { id: string }).id,
      );
      if (r.error) return bad(reply, r.error);
      return sendJson(reply, 200, { payload: { FeesEstimateResult: r.result } });
    });
  }
  app.post("/products/fees/v0/feesEstimate", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const body = req.body as unknown;
    if (!Array.isArray(body) || body.length === 0 || body.length > 20)
      return bad(reply, "Body must be an array of 1 to 20 fee estimate requests.");
    const out = [];
    for (const item of body) {
      if (
        !isObject(item) ||
        (item.IdType !== "ASIN" && item.IdType !== "SellerSKU") ||
        typeof item.IdValue !== "string"
      )
        return bad(
          reply,
          "Each item needs IdType (ASIN|SellerSKU), IdValue and FeesEstimateRequest.",
        );
      const r = feesResult(seller, item.FeesEstimateRequest, item.IdType, item.IdValue);
      if (r.error) return bad(reply, r.error);
      out.push(r.result);
    }
    return sendJson(reply, 200, out);
  });

  // Reports 2021-06-30
  const reports = new Map<string, SpReport>();
  state.resetHooks.push(() => reports.clear());
  const docs = new Map<string, { sellerId: string; fileKey: string }>();
  app.post("/reports/2021-06-30/reports", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const body = req.body as unknown;
    if (!isObject(body) || INVALID_JSON in body) return bad(reply, "Body must be a JSON object.");
    if (typeof body.reportType !== "string" || !body.reportType)
      return bad(reply, "reportType is required.");
    if (body.reportType !== "GET_MERCHANT_LISTINGS_ALL_DATA")
      return bad(reply, `Report type ${body.reportType} is not supported by the sandbox.`);
    const mps = body.marketplaceIds;
    if (
      !Array.isArray(mps) ||
      mps.length === 0 ||
      mps.some((m) => typeof m !== "string" || !seller.marketplaceIds.includes(m))
    )
      return bad(reply, "marketplaceIds must list marketplaces the seller participates in.");
    for (const k of ["dataStartTime", "dataEndTime"]) {
      const v = body[k];
      if (v !== undefined && (typeof v !== "string" || Number.isNaN(Date.parse(v))))
        return bad(reply, `${k} must be an ISO 8601 date-time.`);
    }
    const now = new Date(state.now()).toISOString();
    const reportId = String(50_000_000_000 + reports.size * 7 + 13);
    reports.set(reportId, {
      reportId,
      sellerId: seller.sellerId,
      reportType: body.reportType,
      marketplaceIds: mps as string[],
      dataStartTime: typeof body.dataStartTime === "string" ? body.dataStartTime : now,
      dataEndTime: typeof body.dataEndTime === "string" ? body.dataEndTime : now,
      createdTime: now,
      processingStatus: "IN_QUEUE",
      polls: 0,
      stuck: state.faults.isStuck(`sp-report|${reports.size}`),
    });
    return sendJson(reply, 202, { reportId });
  });
  app.get("/reports/2021-06-30/reports", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const q = req.query as Record<string, unknown>;
    const types = csv(q.reportTypes);
    const statuses = csv(q.processingStatuses);
    const mps = csv(q.marketplaceIds);
    const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return bad(reply, "pageSize must be between 1 and 100.");
    if (q.nextToken === undefined && types.length === 0)
      return bad(reply, "reportTypes or nextToken is required.");
    let offset = 0;
    if (q.nextToken !== undefined) {
      offset = Number(Buffer.from(String(q.nextToken), "base64url").toString("utf8"));
      if (!Number.isInteger(offset) || offset < 0) return bad(reply, "Invalid nextToken.");
    }
    const list = [...reports.values()]
      .filter((r) => r.sellerId === seller.sellerId)
      .filter((r) => !types.length || types.includes(r.reportType))
      .filter((r) => !statuses.length || statuses.includes(r.processingStatus))
      .filter((r) => !mps.length || r.marketplaceIds.some((m) => mps.includes(m)))
      .reverse();
    const out: Record<string, unknown> = {
      reports: list.slice(offset, offset + pageSize).map(spReportJson),
    };
    if (offset + pageSize < list.length)
      out.nextToken = Buffer.from(String(offset + pageSize)).toString("base64url");
    return sendJson(reply, 200, out);
  });
  app.get("/reports/2021-06-30/reports/:reportId", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const r = reports.get((req.params as { reportId: string }).reportId);
    if (!r || r.sellerId !== seller.sellerId)
      return sendError(reply, "sp", 404, "Report not found.");
    const now = new Date(state.now()).toISOString();
    if (!r.stuck && (r.processingStatus === "IN_QUEUE" || r.processingStatus === "IN_PROGRESS")) {
      r.polls++;
      if (r.polls >= state.reportPollsUntilReady) {
        const tsv = merchantListingsTsv(w(), r.sellerId, r.marketplaceIds);
        const docId = `amzn1.spdoc.1.4.eu.${randomUUID()}`;
        const key = `${randomUUID()}.tsv.gz`;
        state.files.set(key, {
          data: gzipSync(Buffer.from(tsv, "utf8")),
          expiresAt: state.now() + 300_000,
          contentType: "application/octet-stream",
        });
        docs.set(docId, { sellerId: r.sellerId, fileKey: key });
        r.processingStatus = "DONE";
        r.processingEndTime = now;
        r.reportDocumentId = docId;
      } else {
        r.processingStatus = "IN_PROGRESS";
        r.processingStartTime = now;
      }
    }
    return sendJson(reply, 200, spReportJson(r));
  });
  app.delete("/reports/2021-06-30/reports/:reportId", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const r = reports.get((req.params as { reportId: string }).reportId);
    if (!r || r.sellerId !== seller.sellerId)
      return sendError(reply, "sp", 404, "Report not found.");
    if (r.processingStatus !== "IN_QUEUE")
      return bad(reply, "Only IN_QUEUE reports can be cancelled.");
    r.processingStatus = "CANCELLED";
    return reply.code(200).send();
  });
  app.get("/reports/2021-06-30/documents/:documentId", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const d = docs.get((req.params as { documentId: string }).documentId);
    if (!d || d.sellerId !== seller.sellerId)
      return sendError(reply, "sp", 404, "Report document not found.");
    const file = state.files.get(d.fileKey);
    if (file) file.expiresAt = state.now() + 300_000;
    return sendJson(reply, 200, {
      reportDocumentId: (req.params as { documentId: string }).documentId,
      url: `${publicBaseUrl(state.baseUrl, req)}/__sandbox/files/${d.fileKey}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300`,
      compressionAlgorithm: "GZIP",
    });
  });

  void MARKETPLACES;
}
