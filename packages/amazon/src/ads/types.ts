/**
 * Public Ads API types. Sponsored Products v3 types derive from the generated official model
 * (`../generated/ads-sponsored-products.gen.ts`). Profiles and reporting v3 are not part of that
 * model (no official model of theirs is in packages/amazon/models), so their types follow Amazon Ads'
 * API reference: Profiles v2 (advertising.amazon.com/API/docs/en-us/reference/2/profiles) and
 * reporting v3 (advertising.amazon.com/API/docs/en-us/guides/reporting/v3/overview).
 */
import type { operations } from "../generated/ads-sponsored-products.gen.ts";

type Ops = operations;

/** Request body of an operation for one media type. */
export type AdsRequestBody<K extends keyof Ops, MT extends string> = Ops[K] extends {
  requestBody: infer B;
}
  ? B extends { [P in MT]: infer T }
    ? T
    : never
  : never;

/** Response body of an operation for one status and media type. */
export type AdsResponseBody<
  K extends keyof Ops,
  S extends string,
  MT extends string,
> = Ops[K] extends {
  responses: infer R;
}
  ? R extends { [P in S]: infer C }
    ? C extends { [P in MT]: infer T }
      ? T
      : never
    : never
  : never;

type Elem<T> = T extends ReadonlyArray<infer E> ? E : never;

/**
 * Type bundle of one SP v3 entity resource, derived from its four operations:
 * create (`POST /sp/<res>`), update (`PUT`), delete (`POST …/delete`), list (`POST …/list`).
 */
export interface SpResourceTypes<
  Create extends keyof Ops,
  Update extends keyof Ops,
  Delete extends keyof Ops,
  List extends keyof Ops,
  MT extends string,
  Key extends string,
> {
  entity: Elem<
    NonNullable<AdsResponseBody<List, "200", MT>[Key & keyof AdsResponseBody<List, "200", MT>]>
  >;
  createItem: Elem<AdsRequestBody<Create, MT>[Key & keyof AdsRequestBody<Create, MT>]>;
  updateItem: Elem<AdsRequestBody<Update, MT>[Key & keyof AdsRequestBody<Update, MT>]>;
  listRequest: Omit<AdsRequestBody<List, MT>, "nextToken">;
  deleteRequest: AdsRequestBody<Delete, MT>;
  listResponse: AdsResponseBody<List, "200", MT>;
  bulkResponse: AdsResponseBody<Create, "207", MT>[Key & keyof AdsResponseBody<Create, "207", MT>];
}

type Bulk<T> = T extends { success?: infer S; error?: infer E } ? { success: S; error: E } : never;
export type SuccessItemOf<R extends { bulkResponse: unknown }> = Elem<
  NonNullable<Bulk<R["bulkResponse"]>["success"]>
>;
export type FailureItemOf<R extends { bulkResponse: unknown }> = Elem<
  NonNullable<Bulk<R["bulkResponse"]>["error"]>
>;

export type CampaignTypes = SpResourceTypes<
  "CreateSponsoredProductsCampaigns",
  "UpdateSponsoredProductsCampaigns",
  "DeleteSponsoredProductsCampaigns",
  "ListSponsoredProductsCampaigns",
  "application/vnd.spCampaign.v3+json",
  "campaigns"
>;
export type AdGroupTypes = SpResourceTypes<
  "CreateSponsoredProductsAdGroups",
  "UpdateSponsoredProductsAdGroups",
  "DeleteSponsoredProductsAdGroups",
  "ListSponsoredProductsAdGroups",
  "application/vnd.spAdGroup.v3+json",
  "adGroups"
>;
export type KeywordTypes = SpResourceTypes<
  "CreateSponsoredProductsKeywords",
  "UpdateSponsoredProductsKeywords",
  "DeleteSponsoredProductsKeywords",
  "ListSponsoredProductsKeywords",
  "application/vnd.spKeyword.v3+json",
  "keywords"
>;
export type NegativeKeywordTypes = SpResourceTypes<
  "CreateSponsoredProductsNegativeKeywords",
  "UpdateSponsoredProductsNegativeKeywords",
  "DeleteSponsoredProductsNegativeKeywords",
  "ListSponsoredProductsNegativeKeywords",
  "application/vnd.spNegativeKeyword.v3+json",
  "negativeKeywords"
>;
export type CampaignNegativeKeywordTypes = SpResourceTypes<
  "CreateSponsoredProductsCampaignNegativeKeywords",
  "UpdateSponsoredProductsCampaignNegativeKeywords",
  "DeleteSponsoredProductsCampaignNegativeKeywords",
  "ListSponsoredProductsCampaignNegativeKeywords",
  "application/vnd.spCampaignNegativeKeyword.v3+json",
  "campaignNegativeKeywords"
>;
export type TargetTypes = SpResourceTypes<
  "CreateSponsoredProductsTargetingClauses",
  "UpdateSponsoredProductsTargetingClauses",
  "DeleteSponsoredProductsTargetingClauses",
  "ListSponsoredProductsTargetingClauses",
  "application/vnd.spTargetingClause.v3+json",
  "targetingClauses"
>;
export type NegativeTargetTypes = SpResourceTypes<
  "CreateSponsoredProductsNegativeTargetingClauses",
  "UpdateSponsoredProductsNegativeTargetingClauses",
  "DeleteSponsoredProductsNegativeTargetingClauses",
  "ListSponsoredProductsNegativeTargetingClauses",
  "application/vnd.spNegativeTargetingClause.v3+json",
  "negativeTargetingClauses"
>;
export type CampaignNegativeTargetTypes = SpResourceTypes<
  "CreateSponsoredProductsCampaignNegativeTargetingClauses",
  "UpdateSponsoredProductsCampaignNegativeTargetingClauses",
  "DeleteSponsoredProductsCampaignNegativeTargetingClauses",
  "ListSponsoredProductsCampaignNegativeTargetingClauses",
  "application/vnd.spCampaignNegativeTargetingClause.v3+json",
  "campaignNegativeTargetingClauses"
>;
export type ProductAdTypes = SpResourceTypes<
  "CreateSponsoredProductsProductAds",
  "UpdateSponsoredProductsProductAds",
  "DeleteSponsoredProductsProductAds",
  "ListSponsoredProductsProductAds",
  "application/vnd.spProductAd.v3+json",
  "productAds"
>;

export type Campaign = CampaignTypes["entity"];
export type AdGroup = AdGroupTypes["entity"];
export type Keyword = KeywordTypes["entity"];
export type NegativeKeyword = NegativeKeywordTypes["entity"];
export type CampaignNegativeKeyword = CampaignNegativeKeywordTypes["entity"];
export type TargetingClause = TargetTypes["entity"];
export type NegativeTargetingClause = NegativeTargetTypes["entity"];
export type CampaignNegativeTargetingClause = CampaignNegativeTargetTypes["entity"];
export type ProductAd = ProductAdTypes["entity"];

/** Mutation error as Amazon sends it inside a 207 error item (`{errorType, errorValue:{<selector>:{reason,message,…}}}`). */
export type SpMutationError<R extends { bulkResponse: unknown }> =
  FailureItemOf<R> extends {
    errors?: Array<infer E>;
  }
    ? E
    : never;

/** One successful item of a 207 multi-status answer, normalised across resources. */
export interface MultiStatusSuccess<Entity> {
  /** 0-based position in the request array. */
  index: number;
  /** Id of the created/updated/archived entity (`campaignId`, `negativeKeywordId`, `adId`, …). */
  id: string;
  /** Full entity, when requested with `Prefer: return=representation` (`returnRepresentation: true`). */
  entity: Entity | undefined;
}

/** One failed item of a 207 multi-status answer. */
export interface MultiStatusFailure<ErrorT> {
  index: number;
  errors: ErrorT[];
}

export interface MultiStatusResult<Entity, ErrorT> {
  success: MultiStatusSuccess<Entity>[];
  error: MultiStatusFailure<ErrorT>[];
}

/** Keyword recommendations (`POST /sp/targets/keywords/recommendations`, §2.5). */
export type KeywordRecommendationVersion = "v3" | "v4" | "v5";
type KwMt<V extends KeywordRecommendationVersion> =
  `application/vnd.spkeywordsrecommendation.${V}+json`;
export type KeywordRecommendationRequest<V extends KeywordRecommendationVersion> = AdsRequestBody<
  "getRankedKeywordRecommendation",
  KwMt<V>
>;
export type KeywordRecommendationResponse<V extends KeywordRecommendationVersion> = AdsResponseBody<
  "getRankedKeywordRecommendation",
  "200",
  KwMt<V>
>;

/** Theme-based bid recommendations (`POST /sp/targets/bid/recommendations`, §2.6). */
export type BidRecommendationVersion = "v3" | "v4" | "v5";
type BidMt<V extends BidRecommendationVersion> =
  `application/vnd.spthemebasedbidrecommendation.${V}+json`;
export type BidRecommendationRequest<V extends BidRecommendationVersion> = AdsRequestBody<
  "GetThemeBasedBidRecommendationForAdGroup_v1",
  BidMt<V>
>;
export type BidRecommendationResponse<V extends BidRecommendationVersion> = AdsResponseBody<
  "GetThemeBasedBidRecommendationForAdGroup_v1",
  "200",
  BidMt<V>
>;

/** `GET /v2/profiles` item (Profiles v2; no model of it in packages/amazon/models). */
export interface AdsProfile {
  /** int64 in JSON; send `String(profileId)` as the Scope header. */
  profileId: number;
  countryCode: string;
  currencyCode: string;
  dailyBudget?: number;
  timezone: string;
  accountInfo: {
    marketplaceStringId: string;
    id: string;
    type: "seller" | "vendor" | "agency";
    name?: string;
    subType?: "AMAZON_ATTRIBUTION" | "KDP_AUTHOR";
    validPaymentMethod?: boolean;
  };
}

export interface ListProfilesFilter {
  profileTypeFilter?: Array<"seller" | "vendor" | "agency">;
  validPaymentMethodFilter?: boolean;
  excludeSubTypeFilter?: Array<"AMAZON_ATTRIBUTION" | "KDP_AUTHOR">;
  accessLevel?: string;
  apiProgram?: string;
}

/** Reporting v3 (no OfflineReport model in packages/amazon/models). */
export type AdProduct =
  | "SPONSORED_PRODUCTS"
  | "SPONSORED_BRANDS"
  | "SPONSORED_DISPLAY"
  | "SPONSORED_TELEVISION"
  | "DEMAND_SIDE_PLATFORM"
  | "ALL";

export interface ReportConfiguration {
  adProduct: AdProduct;
  reportTypeId: string;
  groupBy: string[];
  columns: string[];
  filters?: Array<{ field: string; values: string[] }> | null;
  timeUnit: "DAILY" | "SUMMARY";
  format: "GZIP_JSON";
}

export interface CreateReportRequest {
  name?: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
  configuration: ReportConfiguration;
}

export type AdsReportStatus = "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";

export interface AdsReport {
  reportId: string;
  name?: string | null;
  startDate: string;
  endDate: string;
  configuration: ReportConfiguration;
  status: AdsReportStatus;
  createdAt: string;
  updatedAt: string;
  generatedAt?: string | null;
  fileSize?: number | null;
  url?: string | null;
  urlExpiresAt?: string | null;
  failureReason?: string | null;
}

/** A report row: flat object keyed by the requested column names (ids are JSON numbers). */
export type AdsReportRow = Record<string, string | number | boolean | null>;
