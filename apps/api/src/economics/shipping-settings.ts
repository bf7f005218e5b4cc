import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { iri, marketplaceCode } from "../resources/shared.ts";

type Row = typeof schema.shippingSettings.$inferSelect;
const t = schema.shippingSettings;

const input = z.object({
  sellerProfile: iri,
  marketplace: marketplaceCode,
  /** Major units of the marketplace's currency, cents precision. */
  defaultShippingCost: z
    .number()
    .min(0)
    .max(100_000)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "at most two decimals"),
});

/**
 * The seller's shipping cost per unit on a marketplace (FBM): the default of every product there
 * unless the product sets its own (`product_details.shippingCost`). One per marketplace.
 */
export const shippingSettings = defineResource<Row, typeof input>({
  shortName: "ShippingSetting",
  path: "shipping_settings",
  description: "A seller profile's default shipping cost per unit on a marketplace (FBM).",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    sellerProfile: z.string(),
    marketplace: z.string(),
    defaultShippingCost: z.number(),
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    marketplace: row.marketplace,
    defaultShippingCost: row.defaultShippingCostMicros / 1_000_000,
    updatedAt: row.updatedAt.toISOString(),
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    marketplace: row.marketplace,
    defaultShippingCost: row.defaultShippingCostMicros / 1_000_000,
  }),
  toValues: (input) => ({
    sellerProfileId: input.sellerProfile,
    marketplace: input.marketplace,
    defaultShippingCostMicros: Math.round(input.defaultShippingCost * 1_000_000),
    updatedAt: new Date(),
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "marketplace", column: t.marketplace },
  ],
  order: { marketplace: t.marketplace },
  defaultOrder: [["marketplace", "asc"]],
  pagination: { clientEnabled: true },
  uniqueConstraints: { shipping_settings_profile_marketplace: "marketplace" },
});
