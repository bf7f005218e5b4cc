import { schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { products } from "../advertising/resources.ts";
import { iriOf } from "../hydra/fields.ts";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerAccounts } from "../resources/seller-accounts.ts";
import { type ProductEconomicsRow, readProductEconomics } from "./read-product-economics.ts";

const p = schema.products;
const major = (micros: number | null) => (micros === null ? null : micros / 1_000_000);
const source = z.enum(["product", "marketplace", "customer", "default", "amazon"]).nullable();

/**
 * `GET /api/product_economics/{productId}` and the collection (`?sellerAccount=…&marketplace=…`):
 * a product's contribution margin before ads and break-even ACoS with the breakdown, computed on
 * read (state provider) from price, taxes, fee estimates, shipping settings and cost of goods.
 * Money in major units of the listing's currency; a missing input is named in `missing`.
 */
export const productEconomics = defineResource<ProductEconomicsRow, z.ZodObject>({
  shortName: "ProductEconomics",
  path: "product_economics",
  description:
    "A product's economics: gross price, VAT, Amazon fees, shipping, cost of goods → contribution margin before ads and break-even ACoS (margin / gross price, as Amazon counts ad sales incl. VAT).",
  table: p,
  id: p.id,
  owner: { kind: "parent", column: p.sellerAccountId, parent: () => sellerAccounts },
  output: z.object({
    id: z.uuid(),
    product: iriOf(() => products),
    marketplace: z.string(),
    currency: z.string(),
    grossPrice: z.number().nullable(),
    vatRate: z.number().nullable().describe("percent"),
    vatSource: source.describe(
      "customer: the taxes resource; default: the marketplace's standard rate",
    ),
    referralFee: z.number().nullable(),
    fbaFee: z.number().nullable(),
    feesEstimatedAt: z.string().nullable(),
    shippingCost: z.number().nullable(),
    shippingSource: source.describe(
      "product: the product's own; marketplace: the shipping settings",
    ),
    costOfGoods: z.number().nullable(),
    costCurrencyMismatch: z.boolean(),
    netPrice: z.number().nullable(),
    contributionMargin: z.number().nullable(),
    breakEvenAcos: z.number().nullable().describe("fraction of the gross price"),
    missing: z.array(z.enum(["price", "vat", "fees", "cost"])),
    steps: z.array(z.object({ key: z.string(), amount: z.number().nullable() })),
  }),
  toOutput: (row) => ({
    id: row.productId,
    product: ref(() => products, row.productId),
    marketplace: row.marketplace,
    currency: row.currency,
    grossPrice: major(row.grossPriceMicros),
    vatRate: row.vatRate === null ? null : Math.round(row.vatRate * 10_000) / 100,
    vatSource: row.vatSource,
    referralFee: major(row.referralFeeMicros),
    fbaFee: major(row.fbaFeeMicros),
    feesEstimatedAt: row.feesEstimatedAt,
    shippingCost: major(row.shippingCostMicros),
    shippingSource: row.shippingSource,
    costOfGoods: major(row.costOfGoodsMicros),
    costCurrencyMismatch: row.costCurrencyMismatch,
    netPrice: major(row.economics.netPriceMicros),
    contributionMargin: major(row.economics.contributionMarginMicros),
    breakEvenAcos: row.economics.breakEvenAcos,
    missing: row.economics.missing,
    steps: row.economics.steps.map((s) => ({ key: s.key, amount: major(s.amountMicros) })),
  }),
  operations: { create: false, update: false, delete: false },
  filters: [
    {
      type: "relation",
      parameter: "sellerAccount",
      column: p.sellerAccountId,
      target: () => sellerAccounts,
    },
    { type: "exact", parameter: "marketplace", column: p.marketplace },
  ],
  order: { title: p.title },
  defaultOrder: [["title", "asc"]],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
  provider: {
    collection: (ctx) =>
      readProductEconomics(ctx.db, and(ctx.scope, ...ctx.conditions), {
        limit: ctx.limit,
        offset: ctx.offset,
        order: ctx.order,
      }),
    item: async (ctx, id) => {
      const { rows } = await readProductEconomics(ctx.db, and(ctx.scope, eq(p.id, id)), {
        limit: 1,
        offset: 0,
      });
      return rows[0];
    },
  },
});
