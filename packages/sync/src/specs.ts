import type { AdsClient, AdsReportRow, CreateReportRequest } from "@starport/amazon";
import {
  type FactsEntityType,
  rowFromAmazon,
  SYNCED_ENTITIES,
  type SyncedEntity,
  type SyncSource,
  schema,
  toMicros,
} from "@starport/db";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { UpsertSpec } from "./upsert.ts";

/**
 * How each synced Amazon entity and report maps onto its table: derived from the entity
 * declarations of @starport/db and the Drizzle tables, never written out column by column.
 */

export { expressionText, toMicros } from "@starport/db";

/** An upsert of a table: every column but those Starport fills itself, typed as the table says. */
export function tableUpsert(
  table: PgTable,
  options: {
    key: readonly PgColumn[];
    /** Columns left out (ids with defaults, touched timestamps, parent ids computed in SQL). */
    omit?: readonly PgColumn[];
    touch?: PgColumn;
    computed?: Readonly<Record<string, string>>;
  },
): UpsertSpec {
  const omitted = new Set([...(options.omit ?? []), ...(options.touch ? [options.touch] : [])]);
  const columns: Record<string, string> = {};
  for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
    if (omitted.has(column) || options.computed?.[column.name]) continue;
    columns[column.name] = column.getSQLType();
  }
  return {
    table: getTableName(table),
    columns,
    key: options.key.map((c) => c.name),
    ...(options.computed ? { computed: options.computed } : {}),
    ...(options.touch ? { touch: options.touch.name } : {}),
  };
}

/** Parent ids looked up by the row's Amazon ids (the parent is synced first). */
const PARENT_LOOKUP: Record<string, { column: string; sql: string }> = {
  campaign: {
    column: "campaign_id",
    sql: "(select c.id from campaigns c where c.advertising_profile_id = r.advertising_profile_id and c.amazon_campaign_id = r.amazon_campaign_id)",
  },
  adGroup: {
    column: "ad_group_id",
    sql: "(select g.id from ad_groups g where g.advertising_profile_id = r.advertising_profile_id and g.amazon_ad_group_id = r.amazon_ad_group_id)",
  },
};

type Entity = Record<string, unknown>;
type ListingResource = {
  iterate(profileId: string | number, filter?: object): AsyncGenerator<unknown>;
};

export interface EntitySpec {
  /** Step name. */
  name: string;
  entity: SyncedEntity;
  source: SyncSource;
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

function entityUpsert(entity: SyncedEntity): UpsertSpec {
  const computed = Object.fromEntries(
    entity.parents.map((p) => [PARENT_LOOKUP[p]?.column, PARENT_LOOKUP[p]?.sql]),
  ) as Record<string, string>;
  const columns: Record<string, string> = { advertising_profile_id: "uuid" };
  for (const column of entity.columns) columns[column.name] = column.sqlType;
  return {
    table: entity.tableName,
    columns,
    key: ["advertising_profile_id", ...entity.keyColumnNames],
    ...(entity.parents.length ? { computed } : {}),
    touch: "synced_at",
  };
}

export const ENTITY_SPECS: readonly EntitySpec[] = Object.values(SYNCED_ENTITIES).flatMap(
  (entity: SyncedEntity) => {
    const upsert = entityUpsert(entity);
    return entity.sources.map(
      (source): EntitySpec => ({
        name: source.step,
        entity,
        source,
        table: entity.tableName,
        idColumn: entity.amazonIdColumnName,
        ...(source.level ? { where: `level = '${source.level}'` } : {}),
        resource: (ads) => ads[source.resource] as unknown as ListingResource,
        upsert,
        toRow: (e, profile) => rowFromAmazon(entity, source, e, profile),
        amazonId: (e) => String(e[entity.amazonIdField]),
      }),
    );
  },
);

const facts = schema.adPerformanceDaily;
export const PERFORMANCE_UPSERT: UpsertSpec = tableUpsert(facts, {
  key: [facts.advertisingProfileId, facts.entityType, facts.amazonId, facts.date],
});

const terms = schema.searchTermDaily;
export const SEARCH_TERM_UPSERT: UpsertSpec = tableUpsert(terms, {
  key: [terms.advertisingProfileId, terms.amazonTargetId, terms.searchTerm, terms.date],
});

const placements = schema.adPlacementDaily;
export const PLACEMENT_UPSERT: UpsertSpec = tableUpsert(placements, {
  key: [
    placements.advertisingProfileId,
    placements.amazonCampaignId,
    placements.placement,
    placements.date,
  ],
});

const products = schema.products;
export const PRODUCT_UPSERT: UpsertSpec = tableUpsert(products, {
  key: [products.sellerAccountId, products.marketplaceId, products.sku],
  // Brand, category and image come from the catalog step; the listings report never has them.
  omit: [products.id, products.brand, products.category, products.imageUrl],
  touch: products.syncedAt,
});

const METRICS = ["impressions", "clicks", "cost", "purchases7d", "unitsSoldClicks7d", "sales7d"];
const KEYWORD_TYPES = new Set(["EXACT", "PHRASE", "BROAD"]);

export interface ReportSpec {
  name: string;
  upsert: UpsertSpec;
  /**
   * Rows with the same key are added up instead of the last one winning (several of Amazon's
   * placement labels fall into one of Starport's three placements).
   */
  sumDuplicates?: boolean;
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

const E = SYNCED_ENTITIES;

export type Placement = "TOP_OF_SEARCH" | "REST_OF_SEARCH" | "PRODUCT_PAGES";

/**
 * Amazon's placementClassification of the spCampaigns report ("Top of Search on-Amazon",
 * "Detail Page on-Amazon", "Rest of Search on-Amazon" or the older "Other on-Amazon") as one of
 * the three placements a seller sets bid adjustments for. Null for an empty label.
 */
export function placementOf(label: unknown): Placement | null {
  const text = String(label ?? "").toLowerCase();
  if (text === "") return null;
  if (text.includes("top of search")) return "TOP_OF_SEARCH";
  if (text.includes("detail page") || text.includes("product page")) return "PRODUCT_PAGES";
  return "REST_OF_SEARCH";
}

/** The metric columns of a facts row (summed when rows are merged). */
export const METRIC_COLUMNS = [
  "impressions",
  "clicks",
  "cost_micros",
  "orders",
  "units",
  "sales_micros",
] as const;

const fact = (
  profile: string,
  entityType: FactsEntityType,
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
    toRow: (row, profile) => fact(profile, E.campaigns.factsType, row.campaignId, row, null),
  },
  {
    name: "placements",
    upsert: PLACEMENT_UPSERT,
    request: request(
      "spCampaigns",
      ["campaign", "campaignPlacement"],
      ["campaignId", "placementClassification"],
    ),
    sumDuplicates: true,
    toRow: (row, profile) => {
      const placement = placementOf(row.placementClassification);
      return placement === null
        ? null
        : {
            advertising_profile_id: profile,
            amazon_campaign_id: String(row.campaignId),
            placement,
            date: String(row.date),
            ...metrics(row),
          };
    },
  },
  {
    name: "ad_groups",
    upsert: PERFORMANCE_UPSERT,
    request: request("spCampaigns", ["adGroup"], ["campaignId", "adGroupId"]),
    toRow: (row, profile) =>
      fact(profile, E.ad_groups.factsType, row.adGroupId, row, row.adGroupId),
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
        KEYWORD_TYPES.has(String(row.keywordType)) ? E.keywords.factsType : E.targets.factsType,
        row.keywordId,
        row,
        row.adGroupId,
      ),
  },
  {
    name: "product_ads",
    upsert: PERFORMANCE_UPSERT,
    request: request("spAdvertisedProduct", ["advertiser"], ["campaignId", "adGroupId", "adId"]),
    toRow: (row, profile) => fact(profile, E.product_ads.factsType, row.adId, row, row.adGroupId),
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
