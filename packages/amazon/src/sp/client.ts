/**
 * Selling Partner API client (amazon-api-reference.md §3): sellers (marketplace participations),
 * catalog items 2022-04-01, listings items 2021-08-01, product pricing v0, product fees v0,
 * reports 2021-06-30. Types derive from the generated official Swagger models.
 */

import type { PollOptions } from "../ads/client.ts";
import {
  type AmazonEndpoints,
  type Region,
  regionForMarketplace,
  resolveEndpoints,
} from "../config.ts";
import {
  AmazonAuthError,
  AmazonError,
  AmazonInputError,
  AmazonReportError,
  AmazonResponseError,
} from "../errors.ts";
import type { operations as CatalogOps } from "../generated/sp-catalog-items.gen.ts";
import type { operations as InventoryOps } from "../generated/sp-fba-inventory.gen.ts";
import type { operations as ListingsOps } from "../generated/sp-listings-items.gen.ts";
import type { operations as FeesOps } from "../generated/sp-product-fees.gen.ts";
import type { operations as PricingOps } from "../generated/sp-product-pricing.gen.ts";
import type {
  CompetitiveSummaryIncludedData,
  CompetitiveSummaryResponse,
} from "../generated/sp-product-pricing-2022.gen.ts";
import type { operations as ReportsOps } from "../generated/sp-reports.gen.ts";
import type { operations as SalesOps } from "../generated/sp-sales.gen.ts";
import type { operations as SellersOps } from "../generated/sp-sellers.gen.ts";
import type { LwaClient } from "../lwa.ts";
import { decodeText, maybeGunzip, parseTsv, responseBytes } from "../streams.ts";
import type { RateLimit, Transport, TransportRequest } from "../transport.ts";

type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Body<Op> = Op extends { requestBody: infer B } ? B : never;
type Ok<Op, S extends string = "200"> = Op extends { responses: infer R }
  ? R extends { [P in S]: infer T }
    ? T
    : never
  : never;
type Payload<T> = T extends { payload?: infer P } ? NonNullable<P> : never;

export type MarketplaceParticipation = Payload<
  Ok<SellersOps["getMarketplaceParticipations"]>
>[number];
export type SellerAccount = Payload<Ok<SellersOps["getAccount"]>>;
export type SearchCatalogItemsQuery = Query<CatalogOps["searchCatalogItems"]>;
export type GetCatalogItemQuery = Query<CatalogOps["getCatalogItem"]>;
export type CatalogItem = Ok<CatalogOps["getCatalogItem"]>;
export type CatalogSearchResults = Ok<CatalogOps["searchCatalogItems"]>;
export type GetListingsItemQuery = Query<ListingsOps["getListingsItem"]>;
export type SearchListingsItemsQuery = Query<ListingsOps["searchListingsItems"]>;
export type PutListingsItemQuery = Query<ListingsOps["putListingsItem"]>;
export type PatchListingsItemQuery = Query<ListingsOps["patchListingsItem"]>;
export type DeleteListingsItemQuery = Query<ListingsOps["deleteListingsItem"]>;
export type ListingsItem = Ok<ListingsOps["getListingsItem"]>;
export type ListingsSearchResults = Ok<ListingsOps["searchListingsItems"]>;
export type ListingsItemPutRequest = Body<ListingsOps["putListingsItem"]>;
export type ListingsItemPatchRequest = Body<ListingsOps["patchListingsItem"]>;
export type ListingsItemSubmissionResponse = Ok<ListingsOps["putListingsItem"]>;
export type GetPricingQuery = Query<PricingOps["getPricing"]>;
export type GetCompetitivePricingQuery = Query<PricingOps["getCompetitivePricing"]>;
export type GetItemOffersQuery = Query<PricingOps["getItemOffers"]>;
export type GetListingOffersQuery = Query<PricingOps["getListingOffers"]>;
export type Price = Payload<Ok<PricingOps["getPricing"]>>[number];
export type OffersResult = Payload<Ok<PricingOps["getItemOffers"]>>;
export type { CompetitiveSummaryIncludedData, CompetitiveSummaryResponse };
export type FeesEstimateRequestBody = Body<FeesOps["getMyFeesEstimateForSKU"]>;
export type FeesEstimateResult = NonNullable<
  Payload<Ok<FeesOps["getMyFeesEstimateForSKU"]>>["FeesEstimateResult"]
>;
export type FeesEstimateBatchRequest = Body<FeesOps["getMyFeesEstimates"]>;
export type FeesEstimateBatchResult = Ok<FeesOps["getMyFeesEstimates"]>;
export type GetInventorySummariesQuery = Query<InventoryOps["getInventorySummaries"]>;
export type InventorySummariesResponse = Ok<InventoryOps["getInventorySummaries"]>;
export type InventorySummary = NonNullable<
  InventorySummariesResponse["payload"]
>["inventorySummaries"][number];
export type GetOrderMetricsQuery = Query<SalesOps["getOrderMetrics"]>;
export type OrderMetricsInterval = Payload<Ok<SalesOps["getOrderMetrics"]>>[number];
export type CreateReportSpecification = Body<ReportsOps["createReport"]>;
export type CreateReportResult = Ok<ReportsOps["createReport"], "202">;
export type SpReport = Ok<ReportsOps["getReport"]>;
export type GetReportsQuery = Query<ReportsOps["getReports"]>;
export type GetReportsResult = Ok<ReportsOps["getReports"]>;
export type SpReportDocument = Ok<ReportsOps["getReportDocument"]>;

/** Per-operation rate / burst from the official models (§3.3–3.8). */
export const SP_RATE_LIMITS: Record<string, RateLimit> = {
  "sp.getMarketplaceParticipations": { rate: 0.016, burst: 15 },
  "sp.getAccount": { rate: 0.016, burst: 15 },
  "sp.searchCatalogItems": { rate: 2, burst: 2 },
  "sp.getCatalogItem": { rate: 2, burst: 2 },
  "sp.getListingsItem": { rate: 5, burst: 10 },
  "sp.putListingsItem": { rate: 5, burst: 10 },
  "sp.patchListingsItem": { rate: 5, burst: 5 },
  "sp.deleteListingsItem": { rate: 5, burst: 5 },
  "sp.searchListingsItems": { rate: 5, burst: 5 },
  "sp.getPricing": { rate: 0.5, burst: 1 },
  "sp.getCompetitivePricing": { rate: 0.5, burst: 1 },
  "sp.getListingOffers": { rate: 1, burst: 2 },
  "sp.getItemOffers": { rate: 0.5, burst: 1 },
  "sp.getCompetitiveSummary": { rate: 0.033, burst: 1 },
  "sp.getMyFeesEstimateForSKU": { rate: 1, burst: 2 },
  "sp.getMyFeesEstimateForASIN": { rate: 1, burst: 2 },
  "sp.getMyFeesEstimates": { rate: 0.5, burst: 1 },
  "sp.getInventorySummaries": { rate: 2, burst: 2 },
  "sp.getOrderMetrics": { rate: 0.5, burst: 15 },
  "sp.createReport": { rate: 0.0167, burst: 15 },
  "sp.getReports": { rate: 0.0222, burst: 10 },
  "sp.getReport": { rate: 2, burst: 15 },
  "sp.cancelReport": { rate: 0.0222, burst: 10 },
  "sp.getReportDocument": { rate: 0.0167, burst: 15 },
  "sp.downloadReportDocument": { rate: 2, burst: 15 },
};

export interface SellingPartnerClientOptions {
  lwa: LwaClient;
  refreshToken: string;
  region?: Region;
  marketplace?: string;
  transport: Transport;
  endpoints?: Partial<AmazonEndpoints>;
  /** Rate-limit bucket scope (Amazon limits per application + selling partner); default: the refresh token. */
  sellingPartnerId?: string;
}

type QueryValue = string | number | boolean | ReadonlyArray<string | number> | undefined | null;

/** Serialises query parameters; arrays become comma-separated lists (`collectionFormat: csv`). */
export function toQuery(params: object | undefined): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((params ?? {}) as Record<string, QueryValue>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      if (v.length > 0) q.set(k, v.join(","));
    } else q.set(k, String(v));
  }
  return q;
}

function requireText(operation: string, name: string, value: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new AmazonInputError(`${operation}: ${name} is required`, { operation });
  }
  return value;
}

export class SellingPartnerClient {
  readonly region: Region;
  readonly host: string;
  private readonly lwa: LwaClient;
  private readonly refreshToken: string;
  private readonly transport: Transport;
  private readonly scope: string;

  constructor(options: SellingPartnerClientOptions) {
    const region =
      options.region ??
      (options.marketplace ? regionForMarketplace(options.marketplace) : undefined);
    if (!region) throw new AmazonInputError("SellingPartnerClient needs a region or a marketplace");
    if (!options.refreshToken)
      throw new AmazonInputError("SellingPartnerClient needs a refresh token");
    this.region = region;
    this.host = resolveEndpoints(options.endpoints).spHosts[region].replace(/\/+$/, "");
    this.lwa = options.lwa;
    this.refreshToken = options.refreshToken;
    this.transport = options.transport;
    this.scope = `${region}:${options.sellingPartnerId ?? options.refreshToken}`;
  }

  /** Low-level authenticated call (`x-amz-access-token`). */
  async call(req: {
    operation: string;
    method: TransportRequest["method"];
    path: string;
    query?: object | undefined;
    body?: unknown;
    idempotent: boolean;
    signal?: AbortSignal | undefined;
  }): Promise<unknown> {
    const qs = toQuery(req.query).toString();
    // SP-API answers 403 Unauthorized for revoked/expired tokens: drop the cached token, retry once.
    for (let authAttempt = 1; ; authAttempt++) {
      const accessToken = await this.lwa.getAccessToken(this.refreshToken);
      const headers: Record<string, string> = {
        "x-amz-access-token": accessToken,
        "x-amz-date": new Date(this.transport.now())
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, ""),
        accept: "application/json",
      };
      if (req.body !== undefined) headers["content-type"] = "application/json";
      try {
        const res = await this.transport.request({
          operation: req.operation,
          method: req.method,
          url: `${this.host}${req.path}${qs ? `?${qs}` : ""}`,
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          idempotent: req.idempotent,
          rateLimit: SP_RATE_LIMITS[req.operation],
          rateLimitScope: this.scope,
          signal: req.signal,
        });
        return res.body;
      } catch (error) {
        if (authAttempt === 1 && error instanceof AmazonAuthError && error.status === 403) {
          this.lwa.invalidate(this.refreshToken);
          continue;
        }
        throw error;
      }
    }
  }

  private payload<T>(operation: string, body: unknown): T {
    if (typeof body !== "object" || body === null || !("payload" in body)) {
      throw new AmazonResponseError(`${operation}: response has no payload`, { operation });
    }
    return (body as { payload: T }).payload;
  }

  // ---- Sellers ----

  async getMarketplaceParticipations(signal?: AbortSignal): Promise<MarketplaceParticipation[]> {
    const op = "sp.getMarketplaceParticipations";
    const body = await this.call({
      operation: op,
      method: "GET",
      path: "/sellers/v1/marketplaceParticipations",
      idempotent: true,
      signal,
    });
    const payload = this.payload<MarketplaceParticipation[]>(op, body);
    if (!Array.isArray(payload))
      throw new AmazonResponseError(`${op}: payload is not an array`, { operation: op });
    return payload;
  }

  // ---- FBA Inventory v1 ----

  async getInventorySummaries(
    query: GetInventorySummariesQuery,
    signal?: AbortSignal,
  ): Promise<InventorySummariesResponse> {
    return (await this.call({
      operation: "sp.getInventorySummaries",
      method: "GET",
      path: "/fba/inventory/v1/summaries",
      query,
      idempotent: true,
      signal,
    })) as InventorySummariesResponse;
  }

  /** Every inventory summary of one marketplace (with details), following `nextToken`. */
  async *iterateInventorySummaries(
    marketplaceId: string,
    signal?: AbortSignal,
  ): AsyncGenerator<InventorySummary> {
    let nextToken: string | undefined;
    do {
      const page = await this.getInventorySummaries(
        {
          details: true,
          granularityType: "Marketplace",
          granularityId: marketplaceId,
          marketplaceIds: [marketplaceId],
          ...(nextToken ? { nextToken } : {}),
        },
        signal,
      );
      yield* page.payload?.inventorySummaries ?? [];
      nextToken = page.pagination?.nextToken || undefined;
    } while (nextToken);
  }

  // ---- Catalog Items 2022-04-01 ----

  async searchCatalogItems(
    query: SearchCatalogItemsQuery,
    signal?: AbortSignal,
  ): Promise<CatalogSearchResults> {
    return (await this.call({
      operation: "sp.searchCatalogItems",
      method: "GET",
      path: "/catalog/2022-04-01/items",
      query,
      idempotent: true,
      signal,
    })) as CatalogSearchResults;
  }

  /** Follows `pagination.nextToken` (as `pageToken`) across all pages of a catalog search. */
  async *iterateCatalogItems(
    query: SearchCatalogItemsQuery,
    signal?: AbortSignal,
  ): AsyncGenerator<CatalogSearchResults["items"][number]> {
    let pageToken: string | undefined;
    do {
      const page = await this.searchCatalogItems(
        pageToken ? { ...query, pageToken } : query,
        signal,
      );
      yield* page.items ?? [];
      pageToken = page.pagination?.nextToken || undefined;
    } while (pageToken);
  }

  async getCatalogItem(
    asin: string,
    query: GetCatalogItemQuery,
    signal?: AbortSignal,
  ): Promise<CatalogItem> {
    const op = "sp.getCatalogItem";
    requireText(op, "asin", asin);
    return (await this.call({
      operation: op,
      method: "GET",
      path: `/catalog/2022-04-01/items/${encodeURIComponent(asin)}`,
      query,
      idempotent: true,
      signal,
    })) as CatalogItem;
  }

  // ---- Listings Items 2021-08-01 ----

  private listingPath(op: string, sellerId: string, sku?: string): string {
    requireText(op, "sellerId", sellerId);
    const base = `/listings/2021-08-01/items/${encodeURIComponent(sellerId)}`;
    return sku === undefined ? base : `${base}/${encodeURIComponent(requireText(op, "sku", sku))}`;
  }

  async getListingsItem(
    sellerId: string,
    sku: string,
    query: GetListingsItemQuery,
    signal?: AbortSignal,
  ): Promise<ListingsItem> {
    const op = "sp.getListingsItem";
    return (await this.call({
      operation: op,
      method: "GET",
      path: this.listingPath(op, sellerId, sku),
      query,
      idempotent: true,
      signal,
    })) as ListingsItem;
  }

  async searchListingsItems(
    sellerId: string,
    query: SearchListingsItemsQuery,
    signal?: AbortSignal,
  ): Promise<ListingsSearchResults> {
    const op = "sp.searchListingsItems";
    return (await this.call({
      operation: op,
      method: "GET",
      path: this.listingPath(op, sellerId),
      query,
      idempotent: true,
      signal,
    })) as ListingsSearchResults;
  }

  /** Follows `pagination.nextToken` (as `pageToken`) across all pages of a listings search. */
  async *iterateListingsItems(
    sellerId: string,
    query: SearchListingsItemsQuery,
    signal?: AbortSignal,
  ): AsyncGenerator<ListingsSearchResults["items"][number]> {
    let pageToken: string | undefined;
    do {
      const page = await this.searchListingsItems(
        sellerId,
        pageToken ? { ...query, pageToken } : query,
        signal,
      );
      yield* page.items ?? [];
      pageToken = page.pagination?.nextToken || undefined;
    } while (pageToken);
  }

  /** Full replacement of a listing: repeatable, so retried like a read. */
  async putListingsItem(
    sellerId: string,
    sku: string,
    query: PutListingsItemQuery,
    body: ListingsItemPutRequest,
    signal?: AbortSignal,
  ): Promise<ListingsItemSubmissionResponse> {
    const op = "sp.putListingsItem";
    return (await this.call({
      operation: op,
      method: "PUT",
      path: this.listingPath(op, sellerId, sku),
      query,
      body,
      idempotent: true,
      signal,
    })) as ListingsItemSubmissionResponse;
  }

  /** Partial update; `add`/`delete` patches are not safely repeatable, so only 429 is retried. */
  async patchListingsItem(
    sellerId: string,
    sku: string,
    query: PatchListingsItemQuery,
    body: ListingsItemPatchRequest,
    signal?: AbortSignal,
  ): Promise<ListingsItemSubmissionResponse> {
    const op = "sp.patchListingsItem";
    return (await this.call({
      operation: op,
      method: "PATCH",
      path: this.listingPath(op, sellerId, sku),
      query,
      body,
      idempotent: false,
      signal,
    })) as ListingsItemSubmissionResponse;
  }

  async deleteListingsItem(
    sellerId: string,
    sku: string,
    query: DeleteListingsItemQuery,
    signal?: AbortSignal,
  ): Promise<ListingsItemSubmissionResponse> {
    const op = "sp.deleteListingsItem";
    return (await this.call({
      operation: op,
      method: "DELETE",
      path: this.listingPath(op, sellerId, sku),
      query,
      idempotent: true,
      signal,
    })) as ListingsItemSubmissionResponse;
  }

  // ---- Product Pricing v0 ----

  async getPricing(query: GetPricingQuery, signal?: AbortSignal): Promise<Price[]> {
    const op = "sp.getPricing";
    const body = await this.call({
      operation: op,
      method: "GET",
      path: "/products/pricing/v0/price",
      query,
      idempotent: true,
      signal,
    });
    return this.payload<Price[]>(op, body);
  }

  async getCompetitivePricing(
    query: GetCompetitivePricingQuery,
    signal?: AbortSignal,
  ): Promise<Price[]> {
    const op = "sp.getCompetitivePricing";
    const body = await this.call({
      operation: op,
      method: "GET",
      path: "/products/pricing/v0/competitivePrice",
      query,
      idempotent: true,
      signal,
    });
    return this.payload<Price[]>(op, body);
  }

  async getItemOffers(
    asin: string,
    query: GetItemOffersQuery,
    signal?: AbortSignal,
  ): Promise<OffersResult> {
    const op = "sp.getItemOffers";
    requireText(op, "asin", asin);
    const body = await this.call({
      operation: op,
      method: "GET",
      path: `/products/pricing/v0/items/${encodeURIComponent(asin)}/offers`,
      query,
      idempotent: true,
      signal,
    });
    return this.payload<OffersResult>(op, body);
  }

  /** Product Pricing 2022-05-01: featured offer, lowest offers, reference prices and similar
   * items of up to 20 ASINs in one batch; one response per request, in order. */
  async getCompetitiveSummary(
    items: readonly {
      asin: string;
      marketplaceId: string;
      includedData: readonly CompetitiveSummaryIncludedData[];
    }[],
    signal?: AbortSignal,
  ): Promise<CompetitiveSummaryResponse[]> {
    const op = "sp.getCompetitiveSummary";
    if (items.length < 1 || items.length > 20)
      throw new TypeError(`${op}: 1 to 20 items per batch, got ${items.length}`);
    for (const item of items) requireText(op, "asin", item.asin);
    const body = (await this.call({
      operation: op,
      method: "POST",
      path: "/batches/products/pricing/2022-05-01/items/competitiveSummary",
      body: {
        requests: items.map((item) => ({
          asin: item.asin,
          marketplaceId: item.marketplaceId,
          includedData: [...item.includedData],
          method: "GET",
          uri: "/products/pricing/2022-05-01/items/competitiveSummary",
        })),
      },
      idempotent: true,
      signal,
    })) as { responses?: CompetitiveSummaryResponse[] };
    return body.responses ?? [];
  }

  async getListingOffers(
    sellerSku: string,
    query: GetListingOffersQuery,
    signal?: AbortSignal,
  ): Promise<OffersResult> {
    const op = "sp.getListingOffers";
    requireText(op, "sellerSku", sellerSku);
    const body = await this.call({
      operation: op,
      method: "GET",
      path: `/products/pricing/v0/listings/${encodeURIComponent(sellerSku)}/offers`,
      query,
      idempotent: true,
      signal,
    });
    return this.payload<OffersResult>(op, body);
  }

  // ---- Sales v1 ----

  /**
   * Order metrics (all orders, ad-driven and organic) per interval of the granularity, e.g. per day
   * of one SKU: `{ marketplaceIds: [id], interval: "2026-11-01T00:00:00Z--2026-11-08T00:00:00Z",
   * granularity: "Day", granularityTimeZone: "UTC", sku }`.
   */
  async getOrderMetrics(
    query: GetOrderMetricsQuery,
    signal?: AbortSignal,
  ): Promise<OrderMetricsInterval[]> {
    const op = "sp.getOrderMetrics";
    requireText(op, "interval", query.interval);
    const body = await this.call({
      operation: op,
      method: "GET",
      path: "/sales/v1/orderMetrics",
      query,
      idempotent: true,
      signal,
    });
    return this.payload<OrderMetricsInterval[]>(op, body);
  }

  // ---- Product Fees v0 (estimates are reads: retried) ----

  async getMyFeesEstimateForSKU(
    sellerSku: string,
    body: FeesEstimateRequestBody,
    signal?: AbortSignal,
  ): Promise<FeesEstimateResult> {
    const op = "sp.getMyFeesEstimateForSKU";
    requireText(op, "sellerSku", sellerSku);
    const res = await this.call({
      operation: op,
      method: "POST",
      path: `/products/fees/v0/listings/${encodeURIComponent(sellerSku)}/feesEstimate`,
      body,
      idempotent: true,
      signal,
    });
    return this.feesResult(op, res);
  }

  async getMyFeesEstimateForASIN(
    asin: string,
    body: FeesEstimateRequestBody,
    signal?: AbortSignal,
  ): Promise<FeesEstimateResult> {
    const op = "sp.getMyFeesEstimateForASIN";
    requireText(op, "asin", asin);
    const res = await this.call({
      operation: op,
      method: "POST",
      path: `/products/fees/v0/items/${encodeURIComponent(asin)}/feesEstimate`,
      body,
      idempotent: true,
      signal,
    });
    return this.feesResult(op, res);
  }

  async getMyFeesEstimates(
    body: FeesEstimateBatchRequest,
    signal?: AbortSignal,
  ): Promise<FeesEstimateBatchResult> {
    const op = "sp.getMyFeesEstimates";
    const res = await this.call({
      operation: op,
      method: "POST",
      path: "/products/fees/v0/feesEstimate",
      body,
      idempotent: true,
      signal,
    });
    if (!Array.isArray(res))
      throw new AmazonResponseError(`${op}: expected an array`, { operation: op });
    return res as FeesEstimateBatchResult;
  }

  private feesResult(op: string, res: unknown): FeesEstimateResult {
    const result = this.payload<{ FeesEstimateResult?: FeesEstimateResult }>(
      op,
      res,
    )?.FeesEstimateResult;
    if (!result)
      throw new AmazonResponseError(`${op}: payload lacks FeesEstimateResult`, { operation: op });
    return result;
  }

  // ---- Reports 2021-06-30 ----

  /** `POST /reports/2021-06-30/reports` → 202 `{reportId}`. Not retried on 5xx (would create a second report). */
  async createReport(
    spec: CreateReportSpecification,
    signal?: AbortSignal,
  ): Promise<CreateReportResult> {
    const op = "sp.createReport";
    const body = await this.call({
      operation: op,
      method: "POST",
      path: "/reports/2021-06-30/reports",
      body: spec,
      idempotent: false,
      signal,
    });
    const reportId = (body as { reportId?: unknown } | undefined)?.reportId;
    if (typeof reportId !== "string")
      throw new AmazonResponseError(`${op}: response lacks reportId`, { operation: op });
    return { reportId };
  }

  async getReport(reportId: string, signal?: AbortSignal): Promise<SpReport> {
    const op = "sp.getReport";
    requireText(op, "reportId", reportId);
    return (await this.call({
      operation: op,
      method: "GET",
      path: `/reports/2021-06-30/reports/${encodeURIComponent(reportId)}`,
      idempotent: true,
      signal,
    })) as SpReport;
  }

  async getReports(query: GetReportsQuery, signal?: AbortSignal): Promise<GetReportsResult> {
    return (await this.call({
      operation: "sp.getReports",
      method: "GET",
      path: "/reports/2021-06-30/reports",
      query,
      idempotent: true,
      signal,
    })) as GetReportsResult;
  }

  async cancelReport(reportId: string, signal?: AbortSignal): Promise<void> {
    const op = "sp.cancelReport";
    requireText(op, "reportId", reportId);
    await this.call({
      operation: op,
      method: "DELETE",
      path: `/reports/2021-06-30/reports/${encodeURIComponent(reportId)}`,
      idempotent: true,
      signal,
    });
  }

  async getReportDocument(
    reportDocumentId: string,
    signal?: AbortSignal,
  ): Promise<SpReportDocument> {
    const op = "sp.getReportDocument";
    requireText(op, "reportDocumentId", reportDocumentId);
    const body = await this.call({
      operation: op,
      method: "GET",
      path: `/reports/2021-06-30/documents/${encodeURIComponent(reportDocumentId)}`,
      idempotent: true,
      signal,
    });
    const doc = body as Partial<SpReportDocument> | undefined;
    if (typeof doc?.url !== "string")
      throw new AmazonResponseError(`${op}: response lacks url`, { operation: op });
    return doc as SpReportDocument;
  }

  /** Polls until DONE (returned) or FATAL/CANCELLED/timeout (`AmazonReportError`). */
  async waitForReport(reportId: string, options: PollOptions = {}): Promise<SpReport> {
    const start = this.transport.now();
    let interval = options.initialIntervalMs ?? 2_000;
    const maxInterval = options.maxIntervalMs ?? 60_000;
    const timeout = options.timeoutMs ?? 3 * 3600_000;
    for (;;) {
      const report = await this.getReport(reportId, options.signal);
      if (report.processingStatus === "DONE") return report;
      if (report.processingStatus === "FATAL" || report.processingStatus === "CANCELLED") {
        throw new AmazonReportError(
          `report ${reportId} ended ${report.processingStatus}`,
          reportId,
          report.processingStatus,
        );
      }
      if (this.transport.now() - start + interval > timeout) {
        throw new AmazonReportError(
          `report ${reportId} not done within ${timeout} ms`,
          reportId,
          report.processingStatus,
        );
      }
      await this.transport.sleep(interval, options.signal);
      interval = Math.min(maxInterval, interval * 2);
    }
  }

  /** Streams the decoded text of a report document (gunzip when compressed; charset from Content-Type). */
  async *downloadReportText(doc: SpReportDocument, signal?: AbortSignal): AsyncGenerator<string> {
    const response = await this.transport.stream({
      operation: "sp.downloadReportDocument",
      method: "GET",
      url: doc.url,
      idempotent: true,
      rateLimit: SP_RATE_LIMITS["sp.downloadReportDocument"],
      rateLimitScope: this.scope,
      timeoutMs: Math.max(this.transport.timeoutMs, 300_000),
      signal,
    });
    const charset = /charset=([^;]+)/i.exec(response.headers.get("content-type") ?? "")?.[1];
    yield* decodeText(maybeGunzip(responseBytes(response)), charset);
  }

  /**
   * Streams the rows of a tab-separated report document (e.g. GET_MERCHANT_LISTINGS_ALL_DATA). A dropped
   * connection is resumed by downloading again and skipping the rows already yielded.
   */
  async *downloadReportRows(
    doc: SpReportDocument,
    signal?: AbortSignal,
  ): AsyncGenerator<Record<string, string>> {
    let yielded = 0;
    for (let attempt = 1; ; attempt++) {
      let index = 0;
      try {
        for await (const row of parseTsv(this.downloadReportText(doc, signal))) {
          if (index++ < yielded) continue;
          yielded++;
          yield row;
        }
        return;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const retryable = !(error instanceof AmazonError) || error.name === "AmazonResponseError";
        if (!retryable || attempt >= this.transport.retry.maxAttempts) {
          if (error instanceof AmazonError) throw error;
          throw new AmazonResponseError(
            `report document ${doc.reportDocumentId}: download failed`,
            { cause: error },
          );
        }
        await this.transport.sleep(this.transport.backoffMs(attempt), signal);
      }
    }
  }

  /** create → poll → document → rows, for a TSV report type. */
  async *runReport(
    spec: CreateReportSpecification,
    options: PollOptions = {},
  ): AsyncGenerator<Record<string, string>> {
    const { reportId } = await this.createReport(spec, options.signal);
    const report = await this.waitForReport(reportId, options);
    if (!report.reportDocumentId) {
      throw new AmazonReportError(
        `report ${reportId} is DONE without a document`,
        reportId,
        "DONE",
      );
    }
    const doc = await this.getReportDocument(report.reportDocumentId, options.signal);
    yield* this.downloadReportRows(doc, options.signal);
  }

  /** GET_MERCHANT_LISTINGS_ALL_DATA for the given marketplaces, as rows keyed by column header. */
  merchantListings(
    marketplaceIds: string[],
    options: PollOptions = {},
  ): AsyncGenerator<Record<string, string>> {
    if (!Array.isArray(marketplaceIds) || marketplaceIds.length === 0) {
      throw new AmazonInputError("sp.merchantListings: at least one marketplace id is required");
    }
    return this.runReport(
      { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds },
      options,
    );
  }
}
