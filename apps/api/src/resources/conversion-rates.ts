import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource } from "../hydra/resource.ts";
import { currencyCode, dateString, isoDate } from "./shared.ts";

type Row = typeof schema.conversionRates.$inferSelect;
const t = schema.conversionRates;

const input = z.object({
  currencyCode,
  conversionRate: z.number().positive().max(1_000_000),
  date: isoDate,
});

/**
 * Units of a currency per euro on a date (reference data). `?date=YYYY-MM-DD` answers, per
 * currency, the rate of that day or else the newest known before it, marked `stale`.
 */
export const conversionRates = defineResource<Row, typeof input>({
  shortName: "ConversionRate",
  path: "conversion_rates",
  description: "How many units of a currency one euro buys on a date.",
  table: t,
  id: t.id,
  owner: { kind: "global" },
  output: z.object({
    id: z.uuid(),
    currencyCode: z.string(),
    conversionRate: z.number(),
    date: z.string(),
    source: z.string(),
    stale: z.boolean().describe("The rate is older than the requested date (newest known)."),
  }),
  toOutput: (row, context) => {
    const date = dateString(row.date);
    const requested = context.asOf.date;
    return {
      id: row.id,
      currencyCode: row.currencyCode,
      conversionRate: Number(row.conversionRate),
      date,
      source: row.source,
      stale: requested !== undefined && date < requested,
    };
  },
  input,
  toWritable: (row) => ({
    currencyCode: row.currencyCode,
    conversionRate: Number(row.conversionRate),
    date: dateString(row.date),
  }),
  toValues: (input) => ({
    currencyCode: input.currencyCode,
    conversionRate: String(input.conversionRate),
    date: input.date,
    source: "manual",
  }),
  operations: { create: "admin", update: "admin", delete: "admin" },
  filters: [
    { type: "asOf", parameter: "date", column: t.date, groupBy: t.currencyCode },
    { type: "exact", parameter: "currencyCode", column: t.currencyCode },
  ],
  order: { currencyCode: t.currencyCode, date: t.date },
  defaultOrder: [
    ["currencyCode", "asc"],
    ["date", "desc"],
  ],
  pagination: { clientEnabled: true },
  uniqueConstraints: { conversion_rates_currency_date: "date" },
});
