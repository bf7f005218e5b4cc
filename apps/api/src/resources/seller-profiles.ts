import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { customers } from "./customers.ts";
import { ADVERTISING_METRICS, currencyCode, iri, marketplaceCode } from "./shared.ts";

type Row = typeof schema.sellerProfiles.$inferSelect;
const t = schema.sellerProfiles;

const settings = z
  .object({
    defaultAdvertisingMetric: z.enum(ADVERTISING_METRICS).default("ACoS"),
    defaultCurrency: currencyCode.default("EUR"),
    defaultMarketplace: marketplaceCode.default("DE"),
  })
  .prefault({});

const input = z.object({
  name: z.string().trim().min(1).max(120),
  /** Defaults to the caller's customer; only admins may name another. */
  customer: iri.optional(),
  settings,
});

/** Spec §3: id, @id, customer (with id), settings (metric, currency, marketplace). */
export const sellerProfiles = defineResource<Row, typeof input>({
  shortName: "SellerProfile",
  path: "seller_profiles",
  description: "A seller business of a customer, with its display defaults.",
  table: t,
  id: t.id,
  owner: { kind: "customer", column: t.customerId },
  output: z.object({
    id: z.uuid(),
    name: z.string(),
    customer: z.object({ "@id": z.string(), "@type": z.string(), id: z.uuid() }),
    settings: z.object({
      defaultAdvertisingMetric: z.string(),
      defaultCurrency: z.string(),
      defaultMarketplace: z.string(),
    }),
  }),
  toOutput: (row) => ({
    id: row.id,
    name: row.name,
    customer: ref(() => customers, row.customerId, true),
    settings: {
      defaultAdvertisingMetric: row.defaultAdvertisingMetric,
      defaultCurrency: row.defaultCurrency,
      defaultMarketplace: row.defaultMarketplace,
    },
  }),
  input,
  relations: { customer: () => customers },
  toWritable: (row) => ({
    name: row.name,
    customer: ref(() => customers, row.customerId),
    settings: {
      defaultAdvertisingMetric: row.defaultAdvertisingMetric,
      defaultCurrency: row.defaultCurrency,
      defaultMarketplace: row.defaultMarketplace,
    },
  }),
  toValues: (input, context) => ({
    name: input.name,
    customerId: input.customer ?? context.customerId,
    defaultAdvertisingMetric: input.settings.defaultAdvertisingMetric,
    defaultCurrency: input.settings.defaultCurrency,
    defaultMarketplace: input.settings.defaultMarketplace,
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    { type: "partial", parameter: "name", column: t.name },
    { type: "relation", parameter: "customer", column: t.customerId, target: () => customers },
  ],
  order: { name: t.name, createdAt: t.createdAt },
  defaultOrder: [["name", "asc"]],
});
