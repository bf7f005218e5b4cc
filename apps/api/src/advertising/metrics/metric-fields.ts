import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";

/**
 * The advertising metrics, in one place: their names, the wire schema, the SQL expression of each
 * over summed facts and the same derivation in TypeScript for totals. Money is in major units of
 * one currency; ratios are fractions (ACoS 0.253 = 25.3 %), null when the denominator is 0.
 */

export const SUMMED = ["impressions", "clicks", "cost", "orders", "units", "sales"] as const;
export const RATIOS = ["acos", "roas", "ctr", "cvr", "cpc"] as const;
export const METRIC_NAMES = [...SUMMED, ...RATIOS] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
export type Sums = Record<(typeof SUMMED)[number], number>;

export const metricsSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  cost: z.number().describe("major units of currency"),
  orders: z.number(),
  units: z.number(),
  sales: z.number().describe("major units of currency"),
  acos: z.number().nullable().describe("cost / sales"),
  roas: z.number().nullable().describe("sales / cost"),
  ctr: z.number().nullable().describe("clicks / impressions"),
  cvr: z.number().nullable().describe("orders / clicks"),
  cpc: z.number().nullable().describe("cost / clicks"),
  currency: z.string(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/**
 * Each metric as SQL over a row of sums aliased `alias` (columns impressions … sales, money in
 * major units); an entity without facts has no row and counts as zeros.
 */
export function metricExpressions(alias: string): Record<MetricName, SQL> {
  const a = (column: string) => sql.raw(`coalesce(${alias}.${column}, 0)`);
  // Double precision, not numeric: as exact for a ratio of sums, and many times faster to sort.
  const ratio = (top: SQL, bottom: SQL) => sql`(${top})::float8 / nullif(${bottom}, 0)`;
  return {
    impressions: a("impressions"),
    clicks: a("clicks"),
    cost: a("cost"),
    orders: a("orders"),
    units: a("units"),
    sales: a("sales"),
    acos: ratio(a("cost"), a("sales")),
    roas: ratio(a("sales"), a("cost")),
    ctr: ratio(a("clicks"), a("impressions")),
    cvr: ratio(a("orders"), a("clicks")),
    cpc: ratio(a("cost"), a("clicks")),
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;
const ratio = (top: number, bottom: number) => (bottom > 0 ? top / bottom : null);

/** The Metrics object from sums (ratios from the unrounded sums). */
export function metricsFrom(sums: Sums, currency: string): Metrics {
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    cost: cents(sums.cost),
    orders: sums.orders,
    units: sums.units,
    sales: cents(sums.sales),
    acos: ratio(sums.cost, sums.sales),
    roas: ratio(sums.sales, sums.cost),
    ctr: ratio(sums.clicks, sums.impressions),
    cvr: ratio(sums.orders, sums.clicks),
    cpc: ratio(sums.cost, sums.clicks),
    currency,
  };
}

/** Sums read from a database row's columns `${prefix}impressions` … (null counts as 0). */
export function sumsFromRow(row: Record<string, unknown>, prefix: string): Sums {
  const read = (name: string) => Number(row[`${prefix}${name}`] ?? 0);
  return {
    impressions: read("impressions"),
    clicks: read("clicks"),
    cost: read("cost"),
    orders: read("orders"),
    units: read("units"),
    sales: read("sales"),
  };
}

/** `select` list of the sums of `alias` as `${prefix}<name>`. */
export function sumColumns(alias: string, prefix: string): SQL {
  return sql.raw(SUMMED.map((name) => `${alias}.${name} as ${prefix}${name}`).join(", "));
}

/**
 * `select` list of the window totals of `alias` over the whole result, as `${prefix}<name>`;
 * `window` names a window of the query whose frame is the whole result (default: `()`).
 */
export function windowTotals(alias: string, prefix: string, window = "()"): SQL {
  return sql.raw(
    SUMMED.map(
      (name) => `sum(coalesce(${alias}.${name}, 0)) over ${window} as ${prefix}${name}`,
    ).join(", "),
  );
}

/** `select` list of the plain totals of `alias`, as `${prefix}<name>`. */
export function plainTotals(alias: string, prefix: string): SQL {
  return sql.raw(
    SUMMED.map((name) => `sum(coalesce(${alias}.${name}, 0)) as ${prefix}${name}`).join(", "),
  );
}
