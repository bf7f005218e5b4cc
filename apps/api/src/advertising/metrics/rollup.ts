import type { RollupCoverage } from "@starport/db";
import { type SQL, sql } from "drizzle-orm";
import { type Period, shiftDay } from "./period.ts";

// The running totals themselves are built and refreshed by `refreshRollups` (@starport/db).

/**
 * Sums per (advertising_profile_id, amazon_id) over the period for every entity of the type in
 * the covered profiles; money in major units (`cost`, `sales`, float8), or with `money: "micros"`
 * exact integers (`cost_micros`, `sales_micros`) for comparisons that must not round; native
 * currency. Per profile the period's last day
 * (at most the newest covered day) minus the day before its first: two index ranges in amazon_id
 * order. The days are constants, so the planner knows each range holds a profile's entities and
 * joins them (and the caller's entities) by hash or merge; with the days computed in SQL it
 * guessed a handful of rows and looked each entity's first day up one by one. An IN list or a
 * lateral made it read the whole table.
 */
export function rollupSums(
  entityType: string,
  period: Period,
  coverage: RollupCoverage[],
  /** Only these entities (a query with columns advertising_profile_id, amazon_id); else all. */
  keys?: SQL,
  money: "major" | "micros" = "major",
): SQL {
  const day = (date: string, max: string) => (date < max ? date : max);
  const days = (alias: string, pick: (maxDate: string) => string) =>
    coverage.length === 0
      ? sql`false`
      : sql.join(
          coverage.map(
            (c) =>
              sql`(${sql.raw(alias)}.advertising_profile_id = ${c.profile}::uuid and ${sql.raw(alias)}.date = ${pick(c.maxDate)}::date)`,
          ),
          sql` or `,
        );
  const diff = (column: string, alias: string, divide = "") =>
    sql.raw(`(c.${column} - coalesce(p.${column}, 0))${divide} as ${alias}`);
  return sql`select c.advertising_profile_id, c.amazon_id,
      ${diff("impressions", "impressions")}, ${diff("clicks", "clicks")},
      ${money === "micros" ? diff("cost_micros", "cost_micros") : diff("cost_micros", "cost", "::float8 / 1000000")},
      ${diff("orders", "orders")}, ${diff("units", "units")},
      ${money === "micros" ? diff("sales_micros", "sales_micros") : diff("sales_micros", "sales", "::float8 / 1000000")}
    from ad_performance_cumulative c
    left join (
      select * from ad_performance_cumulative p
      where p.entity_type = ${entityType} and (${days("p", (max) => day(shiftDay(period.from, -1), max))})
    ) p on p.advertising_profile_id = c.advertising_profile_id and p.amazon_id = c.amazon_id
    ${keys ? sql`join (${keys}) k on k.advertising_profile_id = c.advertising_profile_id and k.amazon_id = c.amazon_id` : sql``}
    where c.entity_type = ${entityType} and (${days("c", (max) => day(period.to, max))})`;
}
