import { type SQL, sql } from "drizzle-orm";
import type { Period } from "./period.ts";

// The running totals themselves are built and refreshed by `refreshRollups` (@starport/db).

/**
 * Sums per (advertising_profile_id, amazon_id) over the period for the entities `keys` selects
 * (a query with columns advertising_profile_id, amazon_id); money in major units, native currency.
 * The period's last day joined with the day before its first: both are index ranges in amazon_id
 * order (equality on the date lets PostgreSQL use the index; an IN list or a lateral made it read
 * the whole table).
 */
export function rollupSums(entityType: string, period: Period, keys: SQL): SQL {
  const diff = (column: string, alias: string, divide = "") =>
    sql.raw(`(c.${column} - coalesce(p.${column}, 0))${divide} as ${alias}`);
  return sql`select c.advertising_profile_id, c.amazon_id,
      ${diff("impressions", "impressions")}, ${diff("clicks", "clicks")},
      ${diff("cost_micros", "cost", "::float8 / 1000000")},
      ${diff("orders", "orders")}, ${diff("units", "units")},
      ${diff("sales_micros", "sales", "::float8 / 1000000")}
    from ad_performance_rollup_state st
    join ad_performance_cumulative c on c.advertising_profile_id = st.advertising_profile_id
      and c.entity_type = st.entity_type and c.date = least(${period.to}::date, st.max_date)
    join (${keys}) k on k.advertising_profile_id = c.advertising_profile_id and k.amazon_id = c.amazon_id
    left join ad_performance_cumulative p on p.advertising_profile_id = c.advertising_profile_id
      and p.entity_type = c.entity_type and p.amazon_id = c.amazon_id
      and p.date = least(${period.from}::date - 1, st.max_date)
    where st.entity_type = ${entityType}
      and st.advertising_profile_id in (select advertising_profile_id from (${keys}) ks)`;
}
