import type { AdsClient, AdsReportRow, CreateReportRequest } from "@starport/amazon";
import type { UpsertSpec } from "./upsert.ts";

/** How each synced Amazon entity maps onto its table. */

export const toMicros = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 1_000_000) : null;
};

interface Predicate {
  type: string;
  value?: string;
}

/** `asin="B0…"`, `category="123"`, `close-match`: how Amazon writes targeting expressions. */
export function expressionText(expression: readonly Predicate[] | undefined): string {
  return (expression ?? [])
    .map((p) => {
      const type = p.type
        .replace(/_/g, "-")
        .replace(/([a-z])([A-Z])/g, "$1-$2")
        .toLowerCase();
      return p.value === undefined ? type : `${type}="${p.value}"`;
    })
    .join(" ");
}

const PROFILE = "uuid";
const parentCampaign =
  "(select c.id from campaigns c where c.advertising_profile_id = r.advertising_profile_id and c.amazon_campaign_id = r.amazon_campaign_id)";
const parentAdGroup =
  "(select g.id from ad_groups g where g.advertising_profile_id = r.advertising_profile_id and g.amazon_ad_group_id = r.amazon_ad_group_id)";

type Entity = Record<string, unknown>;
type ListingResource = {
  iterate(profileId: string | number, filter?: object): AsyncGenerator<unknown>;
};

export interface EntitySpec {
  /** Step name and `/api/...` path segment. */
  name: string;
  table: string;
  /** The Amazon id column of the table. */
  idColumn: string;
  /** Extra condition identifying this resource's rows in a shared table (campaign-level negatives). */
  where?: string;
  resource(ads: AdsClient): ListingResource;
  upsert: UpsertSpec;
  toRow(entity: Entity, advertisingProfileId: string): Record<string, unknown>;
  amazonId(entity: Entity): string;
}

const str = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

export const ENTITY_SPECS: readonly EntitySpec[] = [
  {
    name: "campaigns",
    table: "campaigns",
    idColumn: "amazon_campaign_id",
    resource: (ads) => ads.campaigns as unknown as ListingResource,
    upsert: {
      table: "campaigns",
      columns: {
        advertising_profile_id: PROFILE,
        amazon_campaign_id: "text",
        name: "text",
        state: "text",
        targeting_type: "text",
        budget_micros: "bigint",
        budget_type: "text",
        start_date: "date",
        end_date: "date",
        bidding_strategy: "text",
        portfolio_id: "text",
      },
      key: ["advertising_profile_id", "amazon_campaign_id"],
      touch: "synced_at",
    },
    amazonId: (e) => String(e.campaignId),
    toRow(e, profile) {
      const budget = e.budget as { budget?: number; budgetType?: string } | undefined;
      const bidding = e.dynamicBidding as { strategy?: string } | undefined;
      return {
        advertising_profile_id: profile,
        amazon_campaign_id: String(e.campaignId),
        name: String(e.name ?? ""),
        state: String(e.state ?? ""),
        targeting_type: String(e.targetingType ?? ""),
        budget_micros: toMicros(budget?.budget) ?? 0,
        budget_type: budget?.budgetType ?? "DAILY",
        start_date: str(e.startDate),
        end_date: str(e.endDate),
        bidding_strategy: str(bidding?.strategy),
        portfolio_id: str(e.portfolioId),
      };
    },
  },
  {
    name: "ad_groups",
    table: "ad_groups",
    idColumn: "amazon_ad_group_id",
    resource: (ads) => ads.adGroups as unknown as ListingResource,
    upsert: {
      table: "ad_groups",
      columns: {
        advertising_profile_id: PROFILE,
        amazon_ad_group_id: "text",
        amazon_campaign_id: "text",
        name: "text",
        state: "text",
        default_bid_micros: "bigint",
      },
      computed: { campaign_id: parentCampaign },
      key: ["advertising_profile_id", "amazon_ad_group_id"],
      touch: "synced_at",
    },
    amazonId: (e) => String(e.adGroupId),
    toRow: (e, profile) => ({
      advertising_profile_id: profile,
      amazon_ad_group_id: String(e.adGroupId),
      amazon_campaign_id: String(e.campaignId),
      name: String(e.name ?? ""),
      state: String(e.state ?? ""),
      default_bid_micros: toMicros(e.defaultBid) ?? 0,
    }),
  },
  {
    name: "keywords",
    table: "keywords",
    idColumn: "amazon_keyword_id",
    resource: (ads) => ads.keywords as unknown as ListingResource,
    upsert: {
      table: "keywords",
      columns: {
        advertising_profile_id: PROFILE,
        amazon_keyword_id: "text",
        amazon_campaign_id: "text",
        amazon_ad_group_id: "text",
        keyword_text: "text",
        match_type: "text",
        state: "text",
        bid_micros: "bigint",
      },
      computed: { campaign_id: parentCampaign, ad_group_id: parentAdGroup },
      key: ["advertising_profile_id", "amazon_keyword_id"],
      touch: "synced_at",
    },
    amazonId: (e) => String(e.keywordId),
    toRow: (e, profile) => ({
      advertising_profile_id: profile,
      amazon_keyword_id: String(e.keywordId),
      amazon_campaign_id: String(e.campaignId),
      amazon_ad_group_id: String(e.adGroupId),
      keyword_text: String(e.keywordText ?? ""),
      match_type: String(e.matchType ?? ""),
      state: String(e.state ?? ""),
      bid_micros: toMicros(e.bid),
    }),
  },
  ...(["adGroup", "campaign"] as const).map(
    (level): EntitySpec => ({
      name: level === "adGroup" ? "negative_keywords" : "campaign_negative_keywords",
      table: "negative_keywords",
      idColumn: "amazon_keyword_id",
      where: `level = '${level}'`,
      resource: (ads) =>
        (level === "adGroup"
          ? ads.negativeKeywords
          : ads.campaignNegativeKeywords) as unknown as ListingResource,
      upsert: {
        table: "negative_keywords",
        columns: {
          advertising_profile_id: PROFILE,
          amazon_keyword_id: "text",
          level: "text",
          amazon_campaign_id: "text",
          amazon_ad_group_id: "text",
          keyword_text: "text",
          match_type: "text",
          state: "text",
        },
        computed: { campaign_id: parentCampaign, ad_group_id: parentAdGroup },
        key: ["advertising_profile_id", "level", "amazon_keyword_id"],
        touch: "synced_at",
      },
      amazonId: (e) => String(e.keywordId),
      toRow: (e, profile) => ({
        advertising_profile_id: profile,
        amazon_keyword_id: String(e.keywordId),
        level,
        amazon_campaign_id: String(e.campaignId),
        amazon_ad_group_id: level === "adGroup" ? str(e.adGroupId) : null,
        keyword_text: String(e.keywordText ?? ""),
        match_type: String(e.matchType ?? ""),
        state: String(e.state ?? ""),
      }),
    }),
  ),
  {
    name: "targets",
    table: "targets",
    idColumn: "amazon_target_id",
    resource: (ads) => ads.targets as unknown as ListingResource,
    upsert: {
      table: "targets",
      columns: {
        advertising_profile_id: PROFILE,
        amazon_target_id: "text",
        amazon_campaign_id: "text",
        amazon_ad_group_id: "text",
        expression_type: "text",
        expression: "jsonb",
        expression_text: "text",
        state: "text",
        bid_micros: "bigint",
      },
      computed: { campaign_id: parentCampaign, ad_group_id: parentAdGroup },
      key: ["advertising_profile_id", "amazon_target_id"],
      touch: "synced_at",
    },
    amazonId: (e) => String(e.targetId),
    toRow: (e, profile) => ({
      advertising_profile_id: profile,
      amazon_target_id: String(e.targetId),
      amazon_campaign_id: String(e.campaignId),
      amazon_ad_group_id: String(e.adGroupId),
      expression_type: String(e.expressionType ?? "MANUAL"),
      expression: e.expression ?? [],
      expression_text: expressionText(e.expression as Predicate[]),
      state: String(e.state ?? ""),
      bid_micros: toMicros(e.bid),
    }),
  },
  ...(["adGroup", "campaign"] as const).map(
    (level): EntitySpec => ({
      name: level === "adGroup" ? "negative_targets" : "campaign_negative_targets",
      table: "negative_targets",
      idColumn: "amazon_target_id",
      where: `level = '${level}'`,
      resource: (ads) =>
        (level === "adGroup"
          ? ads.negativeTargets
          : ads.campaignNegativeTargets) as unknown as ListingResource,
      upsert: {
        table: "negative_targets",
        columns: {
          advertising_profile_id: PROFILE,
          amazon_target_id: "text",
          level: "text",
          amazon_campaign_id: "text",
          amazon_ad_group_id: "text",
          expression: "jsonb",
          expression_text: "text",
          state: "text",
        },
        computed: { campaign_id: parentCampaign, ad_group_id: parentAdGroup },
        key: ["advertising_profile_id", "level", "amazon_target_id"],
        touch: "synced_at",
      },
      amazonId: (e) => String(e.targetId),
      toRow: (e, profile) => ({
        advertising_profile_id: profile,
        amazon_target_id: String(e.targetId),
        level,
        amazon_campaign_id: String(e.campaignId),
        amazon_ad_group_id: level === "adGroup" ? str(e.adGroupId) : null,
        expression: e.expression ?? [],
        expression_text: expressionText(e.expression as Predicate[]),
        state: String(e.state ?? ""),
      }),
    }),
  ),
  {
    name: "product_ads",
    table: "product_ads",
    idColumn: "amazon_ad_id",
    resource: (ads) => ads.productAds as unknown as ListingResource,
    upsert: {
      table: "product_ads",
      columns: {
        advertising_profile_id: PROFILE,
        amazon_ad_id: "text",
        amazon_campaign_id: "text",
        amazon_ad_group_id: "text",
        sku: "text",
        asin: "text",
        state: "text",
      },
      computed: { campaign_id: parentCampaign, ad_group_id: parentAdGroup },
      key: ["advertising_profile_id", "amazon_ad_id"],
      touch: "synced_at",
    },
    amazonId: (e) => String(e.adId),
    toRow: (e, profile) => ({
      advertising_profile_id: profile,
      amazon_ad_id: String(e.adId),
      amazon_campaign_id: String(e.campaignId),
      amazon_ad_group_id: String(e.adGroupId),
      sku: str(e.sku),
      asin: str(e.asin),
      state: String(e.state ?? ""),
    }),
  },
];

export const PERFORMANCE_UPSERT: UpsertSpec = {
  table: "ad_performance_daily",
  columns: {
    advertising_profile_id: PROFILE,
    entity_type: "text",
    amazon_id: "text",
    date: "date",
    amazon_campaign_id: "text",
    amazon_ad_group_id: "text",
    impressions: "bigint",
    clicks: "bigint",
    cost_micros: "bigint",
    orders: "integer",
    units: "integer",
    sales_micros: "bigint",
  },
  key: ["advertising_profile_id", "entity_type", "amazon_id", "date"],
};

export const SEARCH_TERM_UPSERT: UpsertSpec = {
  table: "search_term_daily",
  columns: {
    advertising_profile_id: PROFILE,
    amazon_target_id: "text",
    search_term: "text",
    date: "date",
    amazon_campaign_id: "text",
    amazon_ad_group_id: "text",
    impressions: "bigint",
    clicks: "bigint",
    cost_micros: "bigint",
    orders: "integer",
    units: "integer",
    sales_micros: "bigint",
  },
  key: ["advertising_profile_id", "amazon_target_id", "search_term", "date"],
};

const METRICS = ["impressions", "clicks", "cost", "purchases7d", "unitsSoldClicks7d", "sales7d"];
const KEYWORD_TYPES = new Set(["EXACT", "PHRASE", "BROAD"]);

export interface ReportSpec {
  name: string;
  upsert: UpsertSpec;
  request(startDate: string, endDate: string): CreateReportRequest;
  /** The table row of a report row; null skips it. */
  toRow(row: AdsReportRow, profile: string): Record<string, unknown> | null;
}

function request(
  reportTypeId: string,
  groupBy: string[],
  dims: string[],
): (startDate: string, endDate: string) => CreateReportRequest {
  return (startDate, endDate) => ({
    name: `starport ${reportTypeId} ${groupBy.join("+")} ${startDate}..${endDate}`,
    startDate,
    endDate,
    configuration: {
      adProduct: "SPONSORED_PRODUCTS",
      reportTypeId,
      groupBy,
      columns: ["date", ...dims, ...METRICS],
      timeUnit: "DAILY",
      format: "GZIP_JSON",
    },
  });
}

function metrics(row: AdsReportRow) {
  return {
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.clicks ?? 0),
    cost_micros: toMicros(row.cost) ?? 0,
    orders: Number(row.purchases7d ?? 0),
    units: Number(row.unitsSoldClicks7d ?? 0),
    sales_micros: toMicros(row.sales7d) ?? 0,
  };
}

const fact = (
  profile: string,
  entityType: string,
  amazonId: unknown,
  row: AdsReportRow,
  adGroup: unknown,
) => ({
  advertising_profile_id: profile,
  entity_type: entityType,
  amazon_id: String(amazonId),
  date: String(row.date),
  amazon_campaign_id: String(row.campaignId),
  amazon_ad_group_id: adGroup === null || adGroup === undefined ? null : String(adGroup),
  ...metrics(row),
});

export const REPORT_SPECS: readonly ReportSpec[] = [
  {
    name: "campaigns",
    upsert: PERFORMANCE_UPSERT,
    request: request("spCampaigns", ["campaign"], ["campaignId"]),
    toRow: (row, profile) => fact(profile, "campaign", row.campaignId, row, null),
  },
  {
    name: "ad_groups",
    upsert: PERFORMANCE_UPSERT,
    request: request("spCampaigns", ["adGroup"], ["campaignId", "adGroupId"]),
    toRow: (row, profile) => fact(profile, "ad_group", row.adGroupId, row, row.adGroupId),
  },
  {
    name: "targeting",
    upsert: PERFORMANCE_UPSERT,
    request: request(
      "spTargeting",
      ["targeting"],
      ["campaignId", "adGroupId", "keywordId", "keywordType"],
    ),
    toRow: (row, profile) =>
      fact(
        profile,
        KEYWORD_TYPES.has(String(row.keywordType)) ? "keyword" : "target",
        row.keywordId,
        row,
        row.adGroupId,
      ),
  },
  {
    name: "product_ads",
    upsert: PERFORMANCE_UPSERT,
    request: request("spAdvertisedProduct", ["advertiser"], ["campaignId", "adGroupId", "adId"]),
    toRow: (row, profile) => fact(profile, "product_ad", row.adId, row, row.adGroupId),
  },
  {
    name: "search_terms",
    upsert: SEARCH_TERM_UPSERT,
    request: request(
      "spSearchTerm",
      ["searchTerm"],
      ["campaignId", "adGroupId", "keywordId", "searchTerm"],
    ),
    toRow: (row, profile) =>
      row.searchTerm === null || row.searchTerm === ""
        ? null
        : {
            advertising_profile_id: profile,
            amazon_target_id: String(row.keywordId),
            search_term: String(row.searchTerm),
            date: String(row.date),
            amazon_campaign_id: String(row.campaignId),
            amazon_ad_group_id: String(row.adGroupId),
            ...metrics(row),
          },
  },
];

export const PRODUCT_UPSERT: UpsertSpec = {
  table: "products",
  columns: {
    seller_account_id: "uuid",
    marketplace: "text",
    marketplace_id: "text",
    sku: "text",
    asin: "text",
    title: "text",
    price_micros: "bigint",
    currency: "text",
    quantity: "integer",
    status: "text",
    fulfillment_channel: "text",
    open_date: "text",
  },
  key: ["seller_account_id", "marketplace_id", "sku"],
  touch: "synced_at",
};
