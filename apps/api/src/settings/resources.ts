import { schema } from "@starport/db";
import { parseStoredSettings, SETTING_KEYS, settingsLayerSchema } from "@starport/settings";
import { z } from "zod";
import { products } from "../advertising/resources.ts";
import { iriOf } from "../hydra/fields.ts";
import { type AnyResource, defineResource, ref } from "../hydra/resource.ts";
import { productCollections } from "../resources/product-collections.ts";
import { sellerAccounts } from "../resources/seller-accounts.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { iri, marketplaceCode } from "../resources/shared.ts";
import { collectionDeletionPreviewProvider } from "./preview-collection-deletion.ts";
import { effectiveSettingsProvider } from "./resolve-effective-settings.ts";

/**
 * Settings with inheritance (issue 12) as Hydra resources: one per level (seller profile =
 * global, marketplace, collection, product), each holding only the values its item sets, written
 * by POST and merge patch (`{"values": {"targetAcos": null}}` resets a value to inherited), plus
 * the computed effective settings of products (value, provenance, chain) and the preview of what
 * deleting a collection changes. Values are validated by @starport/settings (one catalogue).
 */

const OWNER_ACCESS = { create: "owner", update: "owner", delete: "owner" } as const;
const values = settingsLayerSchema.default({});
const valuesOutput = z
  .record(z.string(), z.unknown())
  .describe(`the values this level sets (keys: ${SETTING_KEYS.join(", ")}); absent = inherited`);

const sp = schema.sellerProfileSettings;
const spInput = z.object({ sellerProfile: iri, values });
export const sellerProfileSettings = defineResource<typeof sp.$inferSelect, typeof spInput>({
  shortName: "SellerProfileSettings",
  path: "seller_profile_settings",
  description: "The global level of settings: what a seller profile sets for all its products.",
  table: sp,
  id: sp.id,
  owner: { kind: "parent", column: sp.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    sellerProfile: iriOf(() => sellerProfiles),
    values: valuesOutput,
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    values: parseStoredSettings(row.values),
    updatedAt: row.updatedAt.toISOString(),
  }),
  input: spInput,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    values: parseStoredSettings(row.values),
  }),
  toValues: (input) => ({
    sellerProfileId: input.sellerProfile,
    values: input.values,
    updatedAt: new Date(),
  }),
  operations: OWNER_ACCESS,
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: sp.sellerProfileId,
      target: () => sellerProfiles,
    },
  ],
  uniqueConstraints: { seller_profile_settings_profile: "sellerProfile" },
  pagination: { clientEnabled: true },
});

const mp = schema.marketplaceSettings;
const mpInput = z.object({
  sellerProfile: iri,
  marketplace: marketplaceCode,
  selected: z.boolean().default(true),
  values,
});
export const marketplaceSettings = defineResource<typeof mp.$inferSelect, typeof mpInput>({
  shortName: "MarketplaceSettings",
  path: "marketplace_settings",
  description:
    "The marketplace level of settings of a seller profile, and whether the seller advertises there.",
  table: mp,
  id: mp.id,
  owner: { kind: "parent", column: mp.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    sellerProfile: iriOf(() => sellerProfiles),
    marketplace: z.string(),
    selected: z.boolean(),
    values: valuesOutput,
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    marketplace: row.marketplace,
    selected: row.selected,
    values: parseStoredSettings(row.values),
    updatedAt: row.updatedAt.toISOString(),
  }),
  input: mpInput,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    marketplace: row.marketplace,
    selected: row.selected,
    values: parseStoredSettings(row.values),
  }),
  toValues: (input) => ({
    sellerProfileId: input.sellerProfile,
    marketplace: input.marketplace,
    selected: input.selected,
    values: input.values,
    updatedAt: new Date(),
  }),
  operations: OWNER_ACCESS,
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: mp.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "marketplace", column: mp.marketplace },
    { type: "boolean", parameter: "selected", column: mp.selected },
  ],
  order: { marketplace: mp.marketplace },
  defaultOrder: [["marketplace", "asc"]],
  uniqueConstraints: { marketplace_settings_profile_marketplace: "marketplace" },
  pagination: { clientEnabled: true },
});

const cs = schema.collectionSettings;
const csInput = z.object({ collection: iri, values });
export const collectionSettings = defineResource<typeof cs.$inferSelect, typeof csInput>({
  shortName: "CollectionSettings",
  path: "collection_settings",
  description:
    "The collection level of settings; among a product's collections the lowest priority number wins per value (then the older collection, then the smaller id).",
  table: cs,
  id: cs.id,
  owner: { kind: "parent", column: cs.collectionId, parent: () => productCollections },
  output: z.object({
    id: z.uuid(),
    collection: iriOf(() => productCollections),
    values: valuesOutput,
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    collection: ref(() => productCollections, row.collectionId),
    values: parseStoredSettings(row.values),
    updatedAt: row.updatedAt.toISOString(),
  }),
  input: csInput,
  relations: { collection: () => productCollections },
  toWritable: (row) => ({
    collection: ref(() => productCollections, row.collectionId),
    values: parseStoredSettings(row.values),
  }),
  toValues: (input) => ({
    collectionId: input.collection,
    values: input.values,
    updatedAt: new Date(),
  }),
  operations: OWNER_ACCESS,
  filters: [
    {
      type: "relation",
      parameter: "collection",
      column: cs.collectionId,
      target: () => productCollections,
    },
  ],
  uniqueConstraints: { collection_settings_collection: "collection" },
  pagination: { clientEnabled: true },
});

const ps = schema.productSettings;
const psInput = z.object({ product: iri, values });
export const productSettings = defineResource<typeof ps.$inferSelect, typeof psInput>({
  shortName: "ProductSettings",
  path: "product_settings",
  description: "The product level of settings: what one listing sets for itself.",
  table: ps,
  id: ps.id,
  owner: { kind: "parent", column: ps.productId, parent: () => products },
  output: z.object({
    id: z.uuid(),
    product: iriOf(() => products),
    values: valuesOutput,
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    product: ref(() => products, row.productId),
    values: parseStoredSettings(row.values),
    updatedAt: row.updatedAt.toISOString(),
  }),
  input: psInput,
  relations: { product: () => products },
  toWritable: (row) => ({
    product: ref(() => products, row.productId),
    values: parseStoredSettings(row.values),
  }),
  toValues: (input) => ({ productId: input.product, values: input.values, updatedAt: new Date() }),
  operations: OWNER_ACCESS,
  filters: [
    { type: "relation", parameter: "product", column: ps.productId, target: () => products },
  ],
  uniqueConstraints: { product_settings_product: "product" },
  pagination: { clientEnabled: true },
});

const effectiveValue = z.object({
  value: z.unknown(),
  source: z.union([
    z.literal("default"),
    z.object({ level: z.string(), id: z.string(), name: z.string() }),
  ]),
});
const p = schema.products;
export const effectiveSettings = defineResource<Record<string, unknown>, z.ZodObject>({
  shortName: "EffectiveSettings",
  path: "effective_settings",
  description:
    "The effective settings of products: every value with where it comes from, and the inheritance chain global → marketplace → collections → product.",
  table: p,
  id: p.id,
  owner: { kind: "parent", column: p.sellerAccountId, parent: () => sellerAccounts },
  output: z.object({
    product: iriOf(() => products),
    sku: z.string(),
    title: z.string(),
    marketplace: z.string(),
    values: z.record(z.string(), effectiveValue),
    effectiveTargetAcos: z.number().nullable(),
    chain: z.array(
      z.object({
        level: z.string(),
        id: z.string().nullable(),
        name: z.string().nullable(),
        priority: z.number().optional(),
        set: z.record(z.string(), z.unknown()),
        effectiveKeys: z.array(z.string()),
      }),
    ),
  }),
  toOutput: (row) => row,
  operations: { create: false, update: false, delete: false },
  itemOperation: false,
  filters: [
    { type: "relation", parameter: "product", column: p.id, target: () => products },
    { type: "exact", parameter: "marketplace", column: p.marketplace },
  ],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 500, clientEnabled: true },
  provider: effectiveSettingsProvider,
});

const c = schema.productCollections;
export const collectionDeletionPreviews = defineResource<Record<string, unknown>, z.ZodObject>({
  shortName: "CollectionDeletionPreview",
  path: "collection_deletion_previews",
  description:
    "What deleting a collection would change: its products whose effective settings fall back to another level, value by value.",
  table: c,
  id: c.id,
  owner: { kind: "parent", column: c.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    collection: iriOf(() => productCollections),
    product: iriOf(() => products),
    sku: z.string(),
    title: z.string(),
    changes: z.array(z.object({ key: z.string(), before: effectiveValue, after: effectiveValue })),
  }),
  toOutput: (row) => row,
  operations: { create: false, update: false, delete: false },
  itemOperation: false,
  filters: [
    { type: "relation", parameter: "collection", column: c.id, target: () => productCollections },
  ],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 500, clientEnabled: true },
  provider: collectionDeletionPreviewProvider,
});

export const SETTINGS_RESOURCES: readonly AnyResource[] = [
  sellerProfileSettings,
  marketplaceSettings,
  collectionSettings,
  productSettings,
  effectiveSettings,
  collectionDeletionPreviews,
];
