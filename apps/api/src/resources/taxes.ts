import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { customers } from "./customers.ts";
import { dateString, iri, isoDate, marketplaceCode } from "./shared.ts";

type Row = typeof schema.taxes.$inferSelect;
const t = schema.taxes;

const input = z.object({
  customer: iri.optional(),
  marketplace: marketplaceCode,
  rate: z.number().min(0).max(100),
  type: z.enum(["standard", "reduced"]).default("standard"),
  validFrom: isoDate,
});

/** A tax rate of a customer on a marketplace (spec §7: GET /api/taxes?customer={id}). */
export const taxes = defineResource<Row, typeof input>({
  shortName: "Tax",
  path: "taxes",
  description: "A tax rate of a customer on a marketplace, valid from a date.",
  table: t,
  id: t.id,
  owner: { kind: "customer", column: t.customerId },
  output: z.object({
    id: z.uuid(),
    customer: z.string(),
    marketplace: z.string(),
    rate: z.number(),
    type: z.enum(["standard", "reduced"]),
    validFrom: isoDate,
  }),
  toOutput: (row) => ({
    id: row.id,
    customer: ref(() => customers, row.customerId),
    marketplace: row.marketplace,
    rate: Number(row.rate),
    type: row.type,
    validFrom: dateString(row.validFrom),
  }),
  input,
  relations: { customer: () => customers },
  toWritable: (row) => ({
    customer: ref(() => customers, row.customerId),
    marketplace: row.marketplace,
    rate: Number(row.rate),
    type: row.type,
    validFrom: dateString(row.validFrom),
  }),
  toValues: (input, context) => ({
    customerId: input.customer ?? context.customerId,
    marketplace: input.marketplace,
    rate: input.rate.toFixed(2),
    type: input.type,
    validFrom: input.validFrom,
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    { type: "relation", parameter: "customer", column: t.customerId, target: () => customers },
    { type: "exact", parameter: "marketplace", column: t.marketplace },
    { type: "exact", parameter: "type", column: t.type },
    { type: "range", parameter: "rate", column: t.rate },
    { type: "date", parameter: "validFrom", column: t.validFrom },
  ],
  order: { marketplace: t.marketplace, validFrom: t.validFrom, rate: t.rate },
  defaultOrder: [
    ["marketplace", "asc"],
    ["validFrom", "desc"],
  ],
  pagination: { clientEnabled: true },
});
