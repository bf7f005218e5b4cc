import { SYNCED_ENTITIES, type SyncedEntityName, schema } from "@starport/db";
import { z } from "zod";
import { iriOf } from "../hydra/fields.ts";
import { type AnyResource, defineResource, ref } from "../hydra/resource.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerAccounts } from "../resources/seller-accounts.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { entityResources } from "./entity-resource.ts";
import { productsOfAds } from "./metrics/product-of-ad.ts";

/**
 * The entities synced from Amazon, as read-only Hydra resources (tenant-scoped through their
 * advertising profile or seller account). The Ads entities are derived from their declarations
 * (entity-resource.ts); only what a declaration cannot say is written here. Changes go back to
 * Amazon as changes (POST /api/changes, apps/api/src/changes), never by writing these rows directly.
 */

const READ_ONLY = { create: false, update: false, delete: false } as const;
const major = (micros: number | null | undefined) =>
  micros === null || micros === undefined ? null : micros / 1_000_000;
const money = z.number().nullable().describe("major units of the profile's currency");
const pagination = { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true };

const defineEntityResource = entityResources({
  profile: () => advertisingProfiles,
  campaign: () => campaigns,
  adGroup: () => adGroups,
});

/** A targeting expression as Amazon writes it (`{ type: "asinSameAs", value: "B0…" }`). */
const expression = z.array(z.object({ type: z.string(), value: z.string().optional() }));

export const campaigns = defineEntityResource(SYNCED_ENTITIES.campaigns, {
  shortName: "Campaign",
  description: "A Sponsored Products campaign, as last synced from Amazon.",
  search: ["name"],
  defaultOrder: "name",
});

export const adGroups = defineEntityResource(SYNCED_ENTITIES.ad_groups, {
  shortName: "AdGroup",
  description: "A Sponsored Products ad group.",
  search: ["name"],
  defaultOrder: "name",
});

export const keywords = defineEntityResource(SYNCED_ENTITIES.keywords, {
  shortName: "Keyword",
  description: "A keyword of an ad group.",
  search: ["keywordText"],
  defaultOrder: "keywordText",
});

export const negativeKeywords = defineEntityResource(SYNCED_ENTITIES.negative_keywords, {
  shortName: "NegativeKeyword",
  description: "A negative keyword of an ad group or (level campaign) of a campaign.",
  search: ["keywordText"],
  defaultOrder: "keywordText",
});

export const targets = defineEntityResource(SYNCED_ENTITIES.targets, {
  shortName: "Target",
  description: "A product or automatic targeting clause of an ad group.",
  search: ["expressionText"],
  defaultOrder: "expressionText",
  json: { expression },
});

export const negativeTargets = defineEntityResource(SYNCED_ENTITIES.negative_targets, {
  shortName: "NegativeTarget",
  description: "A negative product target of an ad group or (level campaign) of a campaign.",
  search: ["expressionText"],
  defaultOrder: "expressionText",
  json: { expression },
});

export const productAds = defineEntityResource(SYNCED_ENTITIES.product_ads, {
  shortName: "ProductAd",
  description: "An advertised product (SKU/ASIN) in an ad group.",
  defaultOrder: "sku",
  extra: {
    output: {
      product: z
        .object({ title: z.string(), imageUrl: z.string().nullable() })
        .nullable()
        .describe("the synced listing of the SKU (else ASIN) on the profile's marketplace"),
    },
    toOutput: (row) => ({ product: row.product ?? null }),
  },
  enrich: productsOfAds,
});

/** The resource of every synced entity, by the entity's name. */
export const SYNCED_RESOURCES: Readonly<Record<SyncedEntityName, AnyResource>> = {
  campaigns,
  ad_groups: adGroups,
  keywords,
  negative_keywords: negativeKeywords,
  targets,
  negative_targets: negativeTargets,
  product_ads: productAds,
};

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
