import type { Database } from "@starport/db";
import { type SQL, sql } from "drizzle-orm";
import type { Period } from "./period.ts";

/**
 * Range sums from the running totals (ad_performance_cumulative): per entity C[to] − C[from − 1],
 * two rows instead of one per day, whatever the range. The totals are rebuilt here, from the
 * earliest day the triggers marked as changed, before a read needs them; a rebuild is one
 * INSERT … SELECT with a window sum per profile and entity type, under an advisory lock so two
 * readers never rebuild the same profile at once.
 */

type Rows = { rows: Record<string, unknown>[] };

/** Rebuilds the stale running totals of the profiles' entity type (no-op when up to date). */
export async function refreshRollups(db: Database, profileIds: SQL, entityType: string) {
  const stale = (
    (await db.execute(sql`select advertising_profile_id::text as profile from ad_performance_rollup_state
      where entity_type = ${entityType} and dirty_from is not null
        and advertising_profile_id in (${profileIds})`)) as unknown as Rows
  ).rows;
  for (const { profile } of stale) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`rollup:${profile}:${entityType}`}))`,
      );
      const [state] = (
        (await tx.execute(sql`select dirty_from::text as "from" from ad_performance_rollup_state
          where advertising_profile_id = ${profile} and entity_type = ${entityType} for update`)) as unknown as Rows
      ).rows;
      const from = state?.from as string | null | undefined;
      if (!from) return; // another reader rebuilt it meanwhile
      await rebuild(tx as unknown as Database, String(profile), entityType, from);
    });
  }
  // Fresh statistics, or the planner takes the rebuilt table for empty and reads it row by row.
  if (stale.length > 0) await db.execute(sql`analyze ad_performance_cumulative`);
}

async function rebuild(db: Database, profile: string, entityType: string, from: string) {
  await db.execute(sql`delete from ad_performance_cumulative
    where advertising_profile_id = ${profile} and entity_type = ${entityType} and date >= ${from}::date`);
  await db.execute(sql`
    insert into ad_performance_cumulative (advertising_profile_id, entity_type, date, amazon_id,
      impressions, clicks, cost_micros, orders, units, sales_micros)
    with last as (
      select max(date) as day from ad_performance_daily
      where advertising_profile_id = ${profile} and entity_type = ${entityType}
    ), entities as (
      -- Entities with totals the day before (carried on) or facts since: only the changed days are read.
      select amazon_id, min(first) as first from (
        select amazon_id, min(date) as first from ad_performance_daily
        where advertising_profile_id = ${profile} and entity_type = ${entityType} and date >= ${from}::date
        group by amazon_id
        union all
        select amazon_id, ${from}::date from ad_performance_cumulative
        where advertising_profile_id = ${profile} and entity_type = ${entityType} and date = ${from}::date - 1
      ) known group by amazon_id
    ), grid as (
      select e.amazon_id, d::date as date from entities e, last,
        generate_series(greatest(e.first, ${from}::date), last.day, interval '1 day') d
    ), start as (
      select * from ad_performance_cumulative
      where advertising_profile_id = ${profile} and entity_type = ${entityType} and date = ${from}::date - 1
    )
    select ${profile}::uuid, ${entityType}, g.date, g.amazon_id,
      coalesce(s.impressions, 0) + sum(coalesce(f.impressions, 0)) over w,
      coalesce(s.clicks, 0) + sum(coalesce(f.clicks, 0)) over w,
      coalesce(s.cost_micros, 0) + sum(coalesce(f.cost_micros, 0)) over w,
      coalesce(s.orders, 0) + sum(coalesce(f.orders, 0)) over w,
      coalesce(s.units, 0) + sum(coalesce(f.units, 0)) over w,
      coalesce(s.sales_micros, 0) + sum(coalesce(f.sales_micros, 0)) over w
    from grid g
    left join ad_performance_daily f on f.advertising_profile_id = ${profile}
      and f.entity_type = ${entityType} and f.amazon_id = g.amazon_id and f.date = g.date
      and f.date >= ${from}::date
    left join start s on s.amazon_id = g.amazon_id
    window w as (partition by g.amazon_id order by g.date)`);
  await db.execute(sql`update ad_performance_rollup_state
    set dirty_from = null,
      max_date = (select max(date) from ad_performance_daily where advertising_profile_id = ${profile} and entity_type = ${entityType})
    where advertising_profile_id = ${profile} and entity_type = ${entityType}`);
}

/**
 * Sums per (advertising_profile_id, amazon_id) over the period for the entities `keys` selects
 * (a query with columns advertising_profile_id, amazon_id); money in major units, native currency.
 * Both days (the period's last and the day before its first) come from one index range per
 * profile, summed with opposite signs: no lookup per entity (a tenth of the time on PGlite).
 */
export function rollupSums(entityType: string, period: Period, keys: SQL): SQL {
  const diff = (column: string, alias: string, divide = "") =>
    sql.raw(
      `sum(case when c.date = d.last_day then c.${column} else -c.${column} end)${divide} as ${alias}`,
    );
  return sql`select c.advertising_profile_id, c.amazon_id,
      ${diff("impressions", "impressions")}, ${diff("clicks", "clicks")},
      ${diff("cost_micros", "cost", "::float8 / 1000000")},
      ${diff("orders", "orders")}, ${diff("units", "units")},
      ${diff("sales_micros", "sales", "::float8 / 1000000")}
    from ad_performance_rollup_state st
    cross join lateral (select least(${period.to}::date, st.max_date) as last_day,
      least(${period.from}::date - 1, st.max_date) as day_before) d
    join ad_performance_cumulative c on c.advertising_profile_id = st.advertising_profile_id
      and c.entity_type = st.entity_type and c.date in (d.last_day, d.day_before)
    join (${keys}) k on k.advertising_profile_id = c.advertising_profile_id and k.amazon_id = c.amazon_id
    where st.entity_type = ${entityType} and d.last_day > d.day_before
      and st.advertising_profile_id in (select advertising_profile_id from (${keys}) ks)
    group by c.advertising_profile_id, c.amazon_id`;
}
