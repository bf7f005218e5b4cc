import { schema } from "@starport/db";
import { z } from "zod";
import { products } from "../advertising/resources.ts";
import { iriOf } from "../hydra/fields.ts";
import { defineResource, ref } from "../hydra/resource.ts";
import { isoDate } from "../resources/shared.ts";

type Row = typeof schema.productDetails.$inferSelect;
const t = schema.productDetails;

const toMicros = (major: number | null) => (major === null ? null : Math.round(major * 1_000_000));
const toMajor = (micros: number | null) => (micros === null ? null : micros / 1_000_000);

/** Money Starport keeps: major units, at most 1,000,000, cents precision. */
const amount = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "at most two decimals")
  .nullable();

export const productDetailsInput = z.object({
  cost: amount,
  costCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  costValidFrom: isoDate.nullable(),
  shippingCost: amount,
  lifecycle: z.enum(schema.LIFECYCLE_STAGES).nullable(),
  notes: z.string().max(5000),
});

/**
 * Starport's own fields of a product (issue 11): one per product, created with the listing; the
 * sync never writes them. Changed by PATCH (merge patch); every cost change lands in the cost
 * history (trigger). Tags and collection membership change through the catalogue's bulk actions.
 */
export const productDetails = defineResource<Row, typeof productDetailsInput>({
  shortName: "ProductDetails",
  path: "product_details",
  description: "Starport's own fields of a product: cost, shipping cost, lifecycle, notes.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.productId, parent: () => products },
  output: z.object({
    id: z.uuid(),
    product: iriOf(() => products),
    cost: z.number().nullable().describe("cost of goods per unit, major units of costCurrency"),
    costCurrency: z.string().nullable(),
    costValidFrom: z.string().nullable(),
    shippingCost: z.number().nullable().describe("per unit, major units of costCurrency"),
    lifecycle: z.enum(schema.LIFECYCLE_STAGES).nullable(),
    notes: z.string(),
    updatedAt: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    product: ref(() => products, row.productId),
    cost: toMajor(row.costMicros),
    costCurrency: row.costCurrency,
    costValidFrom: row.costValidFrom,
    shippingCost: toMajor(row.shippingCostMicros),
    lifecycle: row.lifecycle,
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
  }),
  input: productDetailsInput,
  toWritable: (row) => ({
    cost: toMajor(row.costMicros),
    costCurrency: row.costCurrency,
    costValidFrom: row.costValidFrom,
    shippingCost: toMajor(row.shippingCostMicros),
    lifecycle: row.lifecycle,
    notes: row.notes,
  }),
  toValues: (input) => ({
    costMicros: toMicros(input.cost),
    costCurrency: input.costCurrency,
    costValidFrom: input.costValidFrom,
    shippingCostMicros: toMicros(input.shippingCost),
    lifecycle: input.lifecycle,
    notes: input.notes,
    updatedAt: new Date(),
  }),
  // One per product, made with the listing: never created or deleted through the API.
  operations: { create: false, update: "owner", delete: false },
  filters: [
    { type: "relation", parameter: "product", column: t.productId, target: () => products },
    { type: "exact", parameter: "lifecycle", column: t.lifecycle },
    { type: "exists", parameter: "cost", column: t.costMicros },
  ],
  order: { updatedAt: t.updatedAt },
  defaultOrder: [["updatedAt", "desc"]],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
});
