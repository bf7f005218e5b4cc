import { SYNCED_ENTITIES, type SyncedEntity, schema } from "@starport/db";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { iriOf } from "../hydra/fields.ts";
import { type AnyResource, defineResource, type FilterDefinition, ref } from "../hydra/resource.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerAccounts } from "../resources/seller-accounts.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { withMetrics } from "./metrics/entity-metrics.ts";
import { productsOfAds } from "./metrics/product-of-ad.ts";

/**
 * The entities synced from Amazon, as read-only Hydra resources (tenant-scoped through their
 * advertising profile or seller account). Changes go back to Amazon as changes (POST
 * /api/changes, apps/api/src/changes), never by writing these rows directly.
 */

const READ_ONLY = { create: false, update: false, delete: false } as const;
const major = (micros: number | null | undefined) =>
  micros === null || micros === undefined ? null : micros / 1_000_000;
const money = z.number().nullable().describe("major units of the profile's currency");

const STATES = ["ENABLED", "PAUSED", "ARCHIVED"];

function adsFilters(table: {
  advertisingProfileId: AnyPgColumn;
  state?: AnyPgColumn;
  campaignId?: AnyPgColumn;
  adGroupId?: AnyPgColumn;
}): FilterDefinition[] {
  const filters: FilterDefinition[] = [
    {
      type: "relation",
      parameter: "profile",
      column: table.advertisingProfileId,
      target: () => advertisingProfiles,
    },
  ];
  if (table.state) filters.push({ type: "exact", parameter: "state", column: table.state });
  if (table.campaignId)
    filters.push({
      type: "relation",
      parameter: "campaign",
      column: table.campaignId,
      target: () => campaigns,
    });
  if (table.adGroupId)
    filters.push({
      type: "relation",
      parameter: "adGroup",
      column: table.adGroupId,
      target: () => adGroups,
    });
  return filters;
}

const pagination = { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true };
const profileRef = (id: string) => ref(() => advertisingProfiles, id);
const optionalRef = (resource: () => AnyResource, id: string | null) =>
  id === null ? null : ref(resource, id);

/** The facts of an entity as its one declaration (packages/db synced-entities) names them. */
function factsOf(entity: SyncedEntity) {
  if (!entity.factsType) throw new Error(`${entity.name} has no daily facts`);
  return { factType: entity.factsType, amazonId: entity.amazonIdColumn };
}

const c = schema.campaigns;
export const campaigns = withMetrics(
  defineResource<typeof c.$inferSelect, z.ZodObject>({
    shortName: "Campaign",
    path: "campaigns",
    description: "A Sponsored Products campaign, as last synced from Amazon.",
    table: c,
    id: c.id,
    owner: { kind: "parent", column: c.advertisingProfileId, parent: () => advertisingProfiles },
    output: z.object({
      id: z.uuid(),
      advertisingProfile: iriOf(() => advertisingProfiles),
      amazonCampaignId: z.string(),
      name: z.string(),
      state: z.enum(STATES),
      targetingType: z.string(),
      budget: money,
      budgetType: z.string(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      biddingStrategy: z.string().nullable(),
      portfolioId: z.string().nullable(),
      placementBidding: z
        .object({ topOfSearch: z.number(), productPage: z.number(), restOfSearch: z.number() })
        .describe("bid adjustments per placement, percent"),
      syncedAt: z.string(),
    }),
    toOutput: (row) => ({
      id: row.id,
      advertisingProfile: profileRef(row.advertisingProfileId),
      amazonCampaignId: row.amazonCampaignId,
      name: row.name,
      state: row.state,
      targetingType: row.targetingType,
      budget: major(row.budgetMicros),
      budgetType: row.budgetType,
      startDate: row.startDate,
      endDate: row.endDate,
      biddingStrategy: row.biddingStrategy,
      portfolioId: row.portfolioId,
      placementBidding: {
        topOfSearch: row.placementTopOfSearchPct,
        productPage: row.placementProductPagePct,
        restOfSearch: row.placementRestOfSearchPct,
      },
      syncedAt: row.syncedAt.toISOString(),
    }),
    operations: READ_ONLY,
    filters: [
      ...adsFilters(c),
      { type: "exact", parameter: "targetingType", column: c.targetingType },
      { type: "search", parameter: "search", columns: [c.name] },
      { type: "exact", parameter: "amazonCampaignId", column: c.amazonCampaignId },
    ],
    order: {
      name: c.name,
      state: c.state,
      targetingType: c.targetingType,
      budget: c.budgetMicros,
      biddingStrategy: c.biddingStrategy,
    },
    defaultOrder: [["name", "asc"]],
    pagination,
  }),
  { ...factsOf(SYNCED_ENTITIES.campaigns) },
);

const g = schema.adGroups;
export const adGroups = withMetrics(
  defineResource<typeof g.$inferSelect, z.ZodObject>({
    shortName: "AdGroup",
    path: "ad_groups",
    description: "A Sponsored Products ad group.",
    table: g,
    id: g.id,
    owner: { kind: "parent", column: g.advertisingProfileId, parent: () => advertisingProfiles },
    output: z.object({
      id: z.uuid(),
      advertisingProfile: iriOf(() => advertisingProfiles),
      campaign: iriOf(() => campaigns).nullable(),
      amazonAdGroupId: z.string(),
      amazonCampaignId: z.string(),
      name: z.string(),
      state: z.enum(STATES),
      defaultBid: money,
      syncedAt: z.string(),
    }),
    toOutput: (row) => ({
      id: row.id,
      advertisingProfile: profileRef(row.advertisingProfileId),
      campaign: optionalRef(() => campaigns, row.campaignId),
      amazonAdGroupId: row.amazonAdGroupId,
      amazonCampaignId: row.amazonCampaignId,
      name: row.name,
      state: row.state,
      defaultBid: major(row.defaultBidMicros),
      syncedAt: row.syncedAt.toISOString(),
    }),
    operations: READ_ONLY,
    filters: [...adsFilters(g), { type: "search", parameter: "search", columns: [g.name] }],
    order: { name: g.name, state: g.state, defaultBid: g.defaultBidMicros },
    defaultOrder: [["name", "asc"]],
    pagination,
  }),
  { ...factsOf(SYNCED_ENTITIES.ad_groups) },
);

const k = schema.keywords;
export const keywords = withMetrics(
  defineResource<typeof k.$inferSelect, z.ZodObject>({
    shortName: "Keyword",
    path: "keywords",
    description: "A keyword of an ad group.",
    table: k,
    id: k.id,
    owner: { kind: "parent", column: k.advertisingProfileId, parent: () => advertisingProfiles },
    output: z.object({
      id: z.uuid(),
      advertisingProfile: iriOf(() => advertisingProfiles),
      campaign: iriOf(() => campaigns).nullable(),
      adGroup: iriOf(() => adGroups).nullable(),
      amazonKeywordId: z.string(),
      keywordText: z.string(),
      matchType: z.string(),
      state: z.enum(STATES),
      bid: money,
      syncedAt: z.string(),
    }),
    toOutput: (row) => ({
      id: row.id,
      advertisingProfile: profileRef(row.advertisingProfileId),
      campaign: optionalRef(() => campaigns, row.campaignId),
      adGroup: optionalRef(() => adGroups, row.adGroupId),
      amazonKeywordId: row.amazonKeywordId,
      keywordText: row.keywordText,
      matchType: row.matchType,
      state: row.state,
      bid: major(row.bidMicros),
      syncedAt: row.syncedAt.toISOString(),
    }),
    operations: READ_ONLY,
    filters: [
      ...adsFilters(k),
      { type: "exact", parameter: "matchType", column: k.matchType },
      { type: "search", parameter: "search", columns: [k.keywordText] },
    ],
    order: { keywordText: k.keywordText, matchType: k.matchType, state: k.state, bid: k.bidMicros },
    defaultOrder: [["keywordText", "asc"]],
    pagination,
  }),
  { ...factsOf(SYNCED_ENTITIES.keywords) },
);

const nk = schema.negativeKeywords;
export const negativeKeywords = defineResource<typeof nk.$inferSelect, z.ZodObject>({
  shortName: "NegativeKeyword",
  path: "negative_keywords",
  description: "A negative keyword of an ad group or (level campaign) of a campaign.",
  table: nk,
  id: nk.id,
  owner: { kind: "parent", column: nk.advertisingProfileId, parent: () => advertisingProfiles },
  output: z.object({
    id: z.uuid(),
    advertisingProfile: iriOf(() => advertisingProfiles),
    level: z.enum(["adGroup", "campaign"]),
    campaign: iriOf(() => campaigns).nullable(),
    adGroup: iriOf(() => adGroups).nullable(),
    amazonKeywordId: z.string(),
    keywordText: z.string(),
    matchType: z.string(),
    state: z.enum(STATES),
  }),
  toOutput: (row) => ({
    id: row.id,
    advertisingProfile: profileRef(row.advertisingProfileId),
    level: row.level,
    campaign: optionalRef(() => campaigns, row.campaignId),
    adGroup: optionalRef(() => adGroups, row.adGroupId),
    amazonKeywordId: row.amazonKeywordId,
    keywordText: row.keywordText,
    matchType: row.matchType,
    state: row.state,
  }),
  operations: READ_ONLY,
  filters: [
    ...adsFilters(nk),
    { type: "exact", parameter: "level", column: nk.level },
    { type: "search", parameter: "search", columns: [nk.keywordText] },
  ],
  order: { keywordText: nk.keywordText },
  defaultOrder: [["keywordText", "asc"]],
  pagination,
});

const tg = schema.targets;
export const targets = withMetrics(
  defineResource<typeof tg.$inferSelect, z.ZodObject>({
    shortName: "Target",
    path: "targets",
    description: "A product or automatic targeting clause of an ad group.",
    table: tg,
    id: tg.id,
    owner: { kind: "parent", column: tg.advertisingProfileId, parent: () => advertisingProfiles },
    output: z.object({
      id: z.uuid(),
      advertisingProfile: iriOf(() => advertisingProfiles),
      campaign: iriOf(() => campaigns).nullable(),
      adGroup: iriOf(() => adGroups).nullable(),
      amazonTargetId: z.string(),
      expressionType: z.string(),
      expression: z.array(z.object({ type: z.string(), value: z.string().optional() })),
      expressionText: z.string(),
      state: z.enum(STATES),
      bid: money,
      syncedAt: z.string(),
    }),
    toOutput: (row) => ({
      id: row.id,
      advertisingProfile: profileRef(row.advertisingProfileId),
      campaign: optionalRef(() => campaigns, row.campaignId),
      adGroup: optionalRef(() => adGroups, row.adGroupId),
      amazonTargetId: row.amazonTargetId,
      expressionType: row.expressionType,
      expression: row.expression,
      expressionText: row.expressionText,
      state: row.state,
      bid: major(row.bidMicros),
      syncedAt: row.syncedAt.toISOString(),
    }),
    operations: READ_ONLY,
    filters: [
      ...adsFilters(tg),
      { type: "exact", parameter: "expressionType", column: tg.expressionType },
      { type: "search", parameter: "search", columns: [tg.expressionText] },
    ],
    order: { expressionText: tg.expressionText, state: tg.state, bid: tg.bidMicros },
    defaultOrder: [["expressionText", "asc"]],
    pagination,
  }),
  { ...factsOf(SYNCED_ENTITIES.targets) },
);

const nt = schema.negativeTargets;
export const negativeTargets = defineResource<typeof nt.$inferSelect, z.ZodObject>({
  shortName: "NegativeTarget",
  path: "negative_targets",
  description: "A negative product target of an ad group or (level campaign) of a campaign.",
  table: nt,
  id: nt.id,
  owner: { kind: "parent", column: nt.advertisingProfileId, parent: () => advertisingProfiles },
  output: z.object({
    id: z.uuid(),
    advertisingProfile: iriOf(() => advertisingProfiles),
    level: z.enum(["adGroup", "campaign"]),
    campaign: iriOf(() => campaigns).nullable(),
    adGroup: iriOf(() => adGroups).nullable(),
    amazonTargetId: z.string(),
    expressionText: z.string(),
    state: z.enum(STATES),
  }),
  toOutput: (row) => ({
    id: row.id,
    advertisingProfile: profileRef(row.advertisingProfileId),
    level: row.level,
    campaign: optionalRef(() => campaigns, row.campaignId),
    adGroup: optionalRef(() => adGroups, row.adGroupId),
    amazonTargetId: row.amazonTargetId,
    expressionText: row.expressionText,
    state: row.state,
  }),
  operations: READ_ONLY,
  filters: [...adsFilters(nt), { type: "exact", parameter: "level", column: nt.level }],
  order: { expressionText: nt.expressionText },
  defaultOrder: [["expressionText", "asc"]],
  pagination,
});

const pa = schema.productAds;
export const productAds = withMetrics(
  defineResource<typeof pa.$inferSelect, z.ZodObject>({
    shortName: "ProductAd",
    path: "product_ads",
    description: "An advertised product (SKU/ASIN) in an ad group.",
    table: pa,
    id: pa.id,
    owner: { kind: "parent", column: pa.advertisingProfileId, parent: () => advertisingProfiles },
    output: z.object({
      id: z.uuid(),
      advertisingProfile: iriOf(() => advertisingProfiles),
      campaign: iriOf(() => campaigns).nullable(),
      adGroup: iriOf(() => adGroups).nullable(),
      amazonAdId: z.string(),
      sku: z.string().nullable(),
      asin: z.string().nullable(),
      state: z.enum(STATES),
      product: z
        .object({ title: z.string(), imageUrl: z.string().nullable() })
        .nullable()
        .describe("the synced listing of the SKU (else ASIN) on the profile's marketplace"),
    }),
    toOutput: (row) => ({
      id: row.id,
      advertisingProfile: profileRef(row.advertisingProfileId),
      campaign: optionalRef(() => campaigns, row.campaignId),
      adGroup: optionalRef(() => adGroups, row.adGroupId),
      amazonAdId: row.amazonAdId,
      sku: row.sku,
      asin: row.asin,
      state: row.state,
      product: (row as { product?: unknown }).product ?? null,
    }),
    operations: READ_ONLY,
    filters: [
      ...adsFilters(pa),
      { type: "exact", parameter: "sku", column: pa.sku },
      { type: "exact", parameter: "asin", column: pa.asin },
    ],
    order: { asin: pa.asin, sku: pa.sku, state: pa.state },
    defaultOrder: [["sku", "asc"]],
    pagination,
  }),
  { ...factsOf(SYNCED_ENTITIES.product_ads), enrich: productsOfAds },
);

const p = schema.products;
export const products = defineResource<typeof p.$inferSelect, z.ZodObject>({
  shortName: "Product",
  path: "products",
  description: "A listing of a seller account on one marketplace (SP-API).",
  table: p,
  id: p.id,
  owner: { kind: "parent", column: p.sellerAccountId, parent: () => sellerAccounts },
  output: z.object({
    id: z.uuid(),
    sellerAccount: iriOf(() => sellerAccounts),
    marketplace: z.string(),
    sku: z.string(),
    asin: z.string().nullable(),
    title: z.string(),
    price: money,
    currency: z.string(),
    quantity: z.number().nullable(),
    status: z.string(),
    fulfillmentChannel: z.string().nullable(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    imageUrl: z.string().nullable(),
    syncedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    sellerAccount: ref(() => sellerAccounts, row.sellerAccountId),
    marketplace: row.marketplace,
    sku: row.sku,
    asin: row.asin,
    title: row.title,
    price: major(row.priceMicros),
    currency: row.currency,
    quantity: row.quantity,
    status: row.status,
    fulfillmentChannel: row.fulfillmentChannel,
    brand: row.brand,
    category: row.category,
    imageUrl: row.imageUrl,
    syncedAt: row.syncedAt.toISOString(),
  }),
  operations: READ_ONLY,
  filters: [
    {
      type: "relation",
      parameter: "sellerAccount",
      column: p.sellerAccountId,
      target: () => sellerAccounts,
    },
    { type: "exact", parameter: "marketplace", column: p.marketplace },
    { type: "exact", parameter: "status", column: p.status },
    { type: "exact", parameter: "asin", column: p.asin },
    { type: "exact", parameter: "brand", column: p.brand },
    { type: "exact", parameter: "category", column: p.category },
    { type: "search", parameter: "search", columns: [p.title, p.sku, p.asin] },
    { type: "range", parameter: "quantity", column: p.quantity },
  ],
  order: { title: p.title, sku: p.sku, price: p.priceMicros, quantity: p.quantity },
  defaultOrder: [["title", "asc"]],
  pagination,
});

const s = schema.syncRuns;
export const syncRuns = defineResource<typeof s.$inferSelect, z.ZodObject>({
  shortName: "SyncRun",
  path: "sync_runs",
  description: "One sync of a seller profile's Amazon data, with its progress.",
  table: s,
  id: s.id,
  owner: { kind: "parent", column: s.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    sellerProfile: iriOf(() => sellerProfiles),
    kind: z.string(),
    status: z.enum(["queued", "running", "retrying", "succeeded", "failed"]),
    progress: z.number().describe("0 … 1"),
    stepsDone: z.number(),
    stepsTotal: z.number(),
    rowsWritten: z.number(),
    currentStep: z.string().nullable(),
    error: z.string().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  }),
  toOutput: (row) => syncRunView(row),
  operations: READ_ONLY,
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: s.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "status", column: s.status },
    { type: "exact", parameter: "kind", column: s.kind },
  ],
  order: { createdAt: s.createdAt },
  defaultOrder: [["createdAt", "desc"]],
  pagination: { itemsPerPage: 20, maxItemsPerPage: 100, clientEnabled: true },
});

/** A sync run as the API shows it (Hydra item and server-sent event alike). */
export function syncRunView(row: typeof s.$inferSelect) {
  return {
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    kind: row.kind,
    status: row.status,
    progress:
      row.status === "succeeded" ? 1 : row.stepsTotal > 0 ? row.stepsDone / row.stepsTotal : 0,
    stepsDone: row.stepsDone,
    stepsTotal: row.stepsTotal,
    rowsWritten: row.rowsWritten,
    currentStep: row.steps.find((step) => step.status === "pending")?.label ?? null,
    error: row.error,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export const ADVERTISING_RESOURCES: readonly AnyResource[] = [
  campaigns,
  adGroups,
  keywords,
  negativeKeywords,
  targets,
  negativeTargets,
  productAds,
  products,
  syncRuns,
];
