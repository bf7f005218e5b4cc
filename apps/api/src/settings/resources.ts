import { schema } from "@starport/db";
import { parseStoredSettings, SETTING_KEYS, settingsLayerSchema } from "@starport/settings";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { products } from "../advertising/resources.ts";
import { iriOf } from "../hydra/fields.ts";
import {
  type AnyResource,
  defineResource,
  type FilterDefinition,
  type ResourceDefinition,
  ref,
} from "../hydra/resource.ts";
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

interface SettingsRow extends Record<string, unknown> {
  id: string;
  values: unknown;
  updatedAt: Date;
}

/**
 * One level of settings: the item it belongs to (its JSON field, row key, column and resource),
 * the values it sets, and for the marketplace level the columns beside them (same name in the
 * row, the JSON and the input). Every level reads, writes and filters the same way.
 */
function settingsLevel<Row extends SettingsRow>(level: {
  shortName: string;
  path: string;
  description: string;
  table: PgTable;
  id: AnyPgColumn;
  parent: {
    field: string;
    key: keyof Row & string;
    column: AnyPgColumn;
    resource: () => AnyResource;
  };
  uniqueConstraint: string;
  /** The level's values, when it may not set every key (default: the whole catalogue). */
  values?: z.ZodType;
  columns?: {
    input: z.ZodRawShape;
    output: z.ZodRawShape;
    filters: readonly FilterDefinition[];
    order: Readonly<Record<string, AnyPgColumn>>;
  };
}): ResourceDefinition<Row, z.ZodObject> {
  const { field, key, column, resource } = level.parent;
  const columnKeys = Object.keys(level.columns?.input ?? {});
  const columnsOf = (source: Record<string, unknown>) =>
    Object.fromEntries(columnKeys.map((name) => [name, source[name]]));
  const input = z.object({ [field]: iri, ...level.columns?.input, values: level.values ?? values });
  return defineResource<Row, z.ZodObject>({
    shortName: level.shortName,
    path: level.path,
    description: level.description,
    table: level.table,
    id: level.id,
    owner: { kind: "parent", column, parent: resource },
    output: z.object({
      id: z.uuid(),
      [field]: iriOf(resource),
      ...level.columns?.output,
      values: valuesOutput,
      updatedAt: z.string(),
    }),
    toOutput: (row) => ({
      id: row.id,
      [field]: ref(resource, row[key] as string),
      ...columnsOf(row),
      values: parseStoredSettings(row.values),
      updatedAt: row.updatedAt.toISOString(),
    }),
    input,
    relations: { [field]: resource },
    toWritable: (row) => ({
      [field]: ref(resource, row[key] as string),
      ...columnsOf(row),
      values: parseStoredSettings(row.values),
    }),
    toValues: (written) => ({
      [key]: written[field],
      ...columnsOf(written),
      values: written.values,
      updatedAt: new Date(),
    }),
    operations: OWNER_ACCESS,
    filters: [
      { type: "relation", parameter: field, column, target: resource },
      ...(level.columns?.filters ?? []),
    ],
    ...(level.columns
      ? {
          order: level.columns.order,
          defaultOrder: Object.keys(level.columns.order).map(
            (name) => [name, "asc"] as [string, "asc"],
          ),
        }
      : {}),
    uniqueConstraints: { [level.uniqueConstraint]: columnKeys.at(0) ?? field },
    pagination: { clientEnabled: true },
  });
}

const sp = schema.sellerProfileSettings;
export const sellerProfileSettings = settingsLevel<typeof sp.$inferSelect>({
  shortName: "SellerProfileSettings",
  path: "seller_profile_settings",
  description: "The global level of settings: what a seller profile sets for all its products.",
  table: sp,
  id: sp.id,
  parent: {
    field: "sellerProfile",
    key: "sellerProfileId",
    column: sp.sellerProfileId,
    resource: () => sellerProfiles,
  },
  uniqueConstraint: "seller_profile_settings_profile",
});

const mp = schema.marketplaceSettings;
export const marketplaceSettings = settingsLevel<typeof mp.$inferSelect>({
  shortName: "MarketplaceSettings",
  path: "marketplace_settings",
  description:
    "The marketplace level of settings of a seller profile, and whether the seller advertises there.",
  table: mp,
  id: mp.id,
  parent: {
    field: "sellerProfile",
    key: "sellerProfileId",
    column: mp.sellerProfileId,
    resource: () => sellerProfiles,
  },
  uniqueConstraint: "marketplace_settings_profile_marketplace",
  columns: {
    input: { marketplace: marketplaceCode, selected: z.boolean().default(true) },
    output: { marketplace: z.string(), selected: z.boolean() },
    filters: [
      { type: "exact", parameter: "marketplace", column: mp.marketplace },
      { type: "boolean", parameter: "selected", column: mp.selected },
    ],
    order: { marketplace: mp.marketplace },
  },
});

const cs = schema.collectionSettings;
export const collectionSettings = settingsLevel<typeof cs.$inferSelect>({
  shortName: "CollectionSettings",
  path: "collection_settings",
  description:
    "The collection level of settings; among a product's collections the lowest priority number wins per value (then the older collection, then the smaller id).",
  table: cs,
  id: cs.id,
  parent: {
    field: "collection",
    key: "collectionId",
    column: cs.collectionId,
    resource: () => productCollections,
  },
  uniqueConstraint: "collection_settings_collection",
});

const ps = schema.productSettings;
export const productSettings = settingsLevel<typeof ps.$inferSelect>({
  shortName: "ProductSettings",
  path: "product_settings",
  description:
    "The product level of settings: what one listing sets for itself. Its lifecycle stage is one of its details (product_details.lifecycle), not set here.",
  table: ps,
  id: ps.id,
  parent: { field: "product", key: "productId", column: ps.productId, resource: () => products },
  uniqueConstraint: "product_settings_product",
  // One place for a product's stage (migration 0024): its details, which the list, imports and
  // collection rules read; the settings loader reads the product level's stage there.
  values: settingsLayerSchema
    .refine((v) => v.lifecycleStage === undefined || v.lifecycleStage === null, {
      message: "settings.errors.lifecycleInDetails",
      path: ["lifecycleStage"],
      params: { code: "lifecycleInDetails" },
    })
    .default({}),
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
    breakEvenAcos: z
      .number()
      .nullable()
      .describe("fraction; null when an input (price, VAT, fees, cost) is missing"),
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
