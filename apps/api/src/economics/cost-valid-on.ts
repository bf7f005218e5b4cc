import { type SQL, sql } from "drizzle-orm";

/**
 * The cost of goods valid on a day (issue 17 §2): every cost a product had is in
 * product_cost_history with the day it is valid from (none given: the day it was recorded). On a
 * day the newest cost valid by then counts, so a cost imported today "valid from 31.12." changes
 * nothing before that day. A product without any history falls back to its current cost when
 * that is valid by then. Null when no cost is known for the day.
 */
export function costValidOn(
  productId: SQL | SQL.Aliased | unknown,
  day: SQL,
): { micros: SQL<string | null>; currency: SQL<string | null> } {
  const pick = (column: "cost_micros" | "cost_currency") => sql<string | null>`(
    select h.${sql.raw(column)} from product_cost_history h
    where h.product_id = ${productId} and coalesce(h.valid_from, h.recorded_at::date) <= ${day}
    order by coalesce(h.valid_from, h.recorded_at::date) desc, h.recorded_at desc, h.id desc
    limit 1)`;
  const current = (column: "cost_micros" | "cost_currency") => sql<string | null>`(
    select d.${sql.raw(column)} from product_details d
    where d.product_id = ${productId} and coalesce(d.cost_valid_from, ${day}) <= ${day}
      and not exists (select 1 from product_cost_history h where h.product_id = ${productId}))`;
  return {
    micros: sql<string | null>`coalesce(${pick("cost_micros")}, ${current("cost_micros")})`,
    currency: sql<string | null>`coalesce(${pick("cost_currency")}, ${current("cost_currency")})`,
  };
}
