/** Selling Partner API routes: sellers, catalog, listings, pricing, fees, reports. */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { header, INVALID_JSON, isObject, sendError, sendJson } from "./http.ts";
import { MARKETPLACES, marketplaceById } from "./marketplaces.ts";
import { merchantListingsTsv } from "./reports.ts";
import type { SandboxState } from "./state.ts";
import {
  categoryOf,
  type Product,
  productBySku,
  productKey,
  type Seller,
  sellerProducts,
} from "./world.ts";

function authSp(state: SandboxState, req: FastifyRequest, reply: FastifyReply): Seller | undefined {
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

function catalogItem(state: SandboxState, p: Product, included: string[]): Record<string, unknown> {
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
              link: `https://m.media-amazon.com/images/I/${p.asin}.jpg`,
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

function listingItem(state: SandboxState, p: Product, included: string[]): Record<string, unknown> {
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
          createdDate: `${p.createdDate}T10:00:00.000Z`,
          lastUpdatedDate: `${p.createdDate}T10:00:00.000Z`,
          mainImage: {
            link: `https://m.media-amazon.com/images/I/${p.asin}.jpg`,
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

function feeEstimate(p: { price: number; shipping: number; currency: string; fba: boolean }) {
  const referral = Math.max(0.3, (p.price + p.shipping) * 0.15);
  const fba = p.fba ? (p.price < 10 ? 2.7 : p.price < 50 ? 3.6 : 5.2) : 0;
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
      for (const [k, v] of Object.entries(catalogItem(state, p, inc))) {
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
      items: page.map((p) => catalogItem(state, p, inc)),
    });
  });

  // Listings Items 2021-08-01
  const listingCheck = (
    req: FastifyRequest,
    reply: FastifyReply,
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
    const inc = includedOf(q, LISTING_DATA, ["summaries"]);
    if (typeof inc === "string") {
      bad(reply, inc);
      return undefined;
    }
    return { seller, mps, inc };
  };
  app.get("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    const c = listingCheck(req, reply);
    if (!c) return reply;
    const { sku } = req.params as { sku: string };
    const p = productBySku(w(), c.seller.sellerId, c.mps[0] as string, sku);
    if (!p) return sendError(reply, "sp", 404, `SKU '${sku}' not found in marketplace ${c.mps[0]}`);
    return sendJson(reply, 200, listingItem(state, p, c.inc));
  });
  app.get("/listings/2021-08-01/items/:sellerId", async (req, reply) => {
    const c = listingCheck(req, reply);
    if (!c) return reply;
    const q = req.query as Record<string, unknown>;
    const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
      return bad(reply, "pageSize must be between 1 and 20.");
    let list = sellerProducts(w(), c.seller.sellerId, c.mps[0]);
    const ids = csv(q.identifiers);
    if (ids.length) {
      const type = String(q.identifiersType ?? "SKU");
      list = list.filter((p) => (type === "ASIN" ? ids.includes(p.asin) : ids.includes(p.sku)));
    }
    list.sort(
      (a, b) =>
        (q.sortBy === "sku" ? a.sku.localeCompare(b.sku) : a.sku.localeCompare(b.sku)) *
        (q.sortOrder === "DESC" ? -1 : 1),
    );
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
      items: list.slice(offset, offset + pageSize).map((p) => listingItem(state, p, c.inc)),
    });
  });
  app.patch("/listings/2021-08-01/items/:sellerId/:sku", async (req, reply) => {
    const c = listingCheck(req, reply);
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
    const products = c.mps.map((m) => productBySku(w(), c.seller.sellerId, m, sku));
    if (products.some((p) => !p)) return sendError(reply, "sp", 404, `SKU '${sku}' not found`);
    const issues: Record<string, unknown>[] = [];
    const changes: (() => void)[] = [];
    for (const [i, patch] of body.patches.entries()) {
      if (
        !isObject(patch) ||
        !["add", "replace", "merge", "delete"].includes(String(patch.op)) ||
        typeof patch.path !== "string"
      ) {
        issues.push({
          code: "4000001",
          message: `patches[${i}] is invalid`,
          severity: "ERROR",
          attributeNames: [],
        });
        continue;
      }
      const value = Array.isArray(patch.value)
        ? (patch.value[0] as Record<string, unknown> | undefined)
        : undefined;
      if (patch.path === "/attributes/purchasable_offer") {
        const price = (
          value?.our_price as { schedule?: { value_with_tax?: unknown }[] }[] | undefined
        )?.[0]?.schedule?.[0]?.value_with_tax;
        if (typeof price !== "number" || !(price > 0)) {
          issues.push({
            code: "4000002",
            message: "our_price value_with_tax must be a positive number",
            severity: "ERROR",
            attributeNames: ["purchasable_offer"],
          });
          continue;
        }
        changes.push(() => {
          for (const p of products) if (p) p.price = Math.round(price * 100) / 100;
        });
      } else if (patch.path === "/attributes/fulfillment_availability") {
        const qty = value?.quantity;
        if (typeof qty !== "number" || !Number.isInteger(qty) || qty < 0) {
          issues.push({
            code: "4000002",
            message: "quantity must be a non-negative integer",
            severity: "ERROR",
            attributeNames: ["fulfillment_availability"],
          });
          continue;
        }
        changes.push(() => {
          for (const p of products) if (p) p.stock = qty;
        });
      }
    }
    const preview = (req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW";
    if (!issues.length && !preview) for (const ch of changes) ch();
    return sendJson(reply, 200, {
      sku,
      status: issues.length ? "INVALID" : preview ? "VALID" : "ACCEPTED",
      submissionId: randomUUID(),
      issues,
    });
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
    const comp = [p.refPrice * 1.04, p.refPrice * 0.97].map((x) => Math.round(x * 100) / 100);
    const mine = p.sellerId === seller.sellerId;
    const offers = [
      ...(mine ? [{ price: p.price, sellerId: seller.sellerId, my: true }] : []),
      { price: comp[0] as number, sellerId: "A2COMPETITOR001", my: false },
      { price: comp[1] as number, sellerId: "A2COMPETITOR002", my: false },
    ].sort((a, b) => a.price - b.price);
    const winner = offers[0];
    return {
      payload: {
        ...key,
        marketplaceId: mpId,
        status: "Success",
        ItemCondition: "New",
        Identifier: { MarketplaceId: mpId, ...key, ItemCondition: "New" },
        Summary: {
          TotalOfferCount: offers.length,
          NumberOfOffers: [
            { condition: "new", fulfillmentChannel: "Merchant", OfferCount: offers.length },
          ],
          LowestPrices: [
            {
              condition: "new",
              fulfillmentChannel: "Merchant",
              LandedPrice: money(cur, winner?.price ?? 0),
              ListingPrice: money(cur, winner?.price ?? 0),
              Shipping: money(cur, 0),
            },
          ],
          BuyBoxPrices: [
            {
              condition: "new",
              LandedPrice: money(cur, winner?.price ?? 0),
              ListingPrice: money(cur, winner?.price ?? 0),
              Shipping: money(cur, 0),
              sellerId: winner?.sellerId,
            },
          ],
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
          IsFulfilledByAmazon: false,
          IsBuyBoxWinner: o === winner,
          IsFeaturedMerchant: true,
          ListingPrice: money(cur, o.price),
          Shipping: money(cur, 0),
          ShippingTime: { minimumHours: 24, maximumHours: 48, availabilityType: "NOW" },
          SellerFeedbackRating: { FeedbackCount: 1200, SellerPositiveFeedbackRating: 97 },
          ShipsFrom: { Country: marketplaceById(mpId)?.countryCode ?? "DE" },
          PrimeInformation: { IsPrime: false, IsNationalPrime: false },
        })),
      },
    };
  };
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
    const est = feeEstimate({ price: lp.Amount, shipping: ship, currency: lp.CurrencyCode, fba });
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
      url: `${state.baseUrl}/__sandbox/files/${d.fileKey}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300`,
      compressionAlgorithm: "GZIP",
    });
  });

  void MARKETPLACES;
}
