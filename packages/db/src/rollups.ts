import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { FACT_ENTITIES } from "./synced-entities.ts";

/**
 * The running totals of the daily facts (ad_performance_cumulative): per profile, entity type,
 * entity and day, the sums from the first day up to that day, so any range is C[to] − C[from − 1].
 * Triggers on ad_performance_daily mark the earliest changed day per profile and entity type; a
 * refresh rebuilds from there. The sync refreshes after its reports arrive; readers refresh too,
 * before they read (a no-op when nothing changed), so a range is never summed from stale totals.
 * A rebuild is one INSERT … SELECT with a window sum per profile and entity type, under an
 * advisory lock so two processes never rebuild the same profile at once.
 */

type Rows = { rows: Record<string, unknown>[] };

/** The newest day the running totals of one profile's entity type cover. */
export interface RollupCoverage {
  profile: string;
  maxDate: string;
}

/**
 * Rebuilds the stale running totals of the profiles' entity type (no-op when up to date) and
 * answers the newest day each profile's totals cover (profiles without facts are left out):
 * readers then name the two days they read as constants, which the planner can estimate.
 */
export async function refreshRollups(
  db: Database,
  profileIds: SQL,
  entityType: string,
): Promise<RollupCoverage[]> {
  const states = (
    (await db.execute(sql`select advertising_profile_id::text as profile,
        dirty_from is not null as stale, max_date::text as "maxDate"
      from ad_performance_rollup_state
      where entity_type = ${entityType} and advertising_profile_id in (${profileIds})`)) as unknown as Rows
  ).rows as { profile: string; stale: boolean; maxDate: string | null }[];
  const coverage: RollupCoverage[] = [];
  let rebuilt = false;
  for (const state of states) {
    let maxDate = state.maxDate;
    if (state.stale) {
      maxDate = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`rollup:${state.profile}:${entityType}`}))`,
        );
        const [locked] = (
          (await tx.execute(sql`select dirty_from::text as "from", max_date::text as "maxDate"
            from ad_performance_rollup_state
            where advertising_profile_id = ${state.profile} and entity_type = ${entityType} for update`)) as unknown as Rows
        ).rows;
        const from = locked?.from as string | null | undefined;
        // Another reader rebuilt it meanwhile.
        if (!from) return (locked?.maxDate as string | null | undefined) ?? null;
        rebuilt = true;
        return rebuild(tx as unknown as Database, state.profile, entityType, from);
      });
    }
    if (maxDate) coverage.push({ profile: state.profile, maxDate });
  }
  // Fresh statistics, or the planner takes the rebuilt table for empty and reads it row by row.
  if (rebuilt) await db.execute(sql`analyze ad_performance_cumulative`);
  return coverage;
}

/** Rebuilds from `from` on; answers the newest day now covered. */
async function rebuild(
  db: Database,
  profile: string,
  entityType: string,
  from: string,
): Promise<string | null> {
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
    window w as (partition by g.amazon_id order by g.date)
    -- Stored day by day: a range read needs two days of every entity, which are then neighbours
    -- on disk (on 20,000 keywords 833 pages read instead of 30,000).
    order by g.date, g.amazon_id`);
  const updated = (await db.execute(sql`update ad_performance_rollup_state
    set dirty_from = null,
      max_date = (select max(date) from ad_performance_daily where advertising_profile_id = ${profile} and entity_type = ${entityType})
    where advertising_profile_id = ${profile} and entity_type = ${entityType}
    returning max_date::text as "maxDate"`)) as unknown as Rows;
  return (updated.rows[0]?.maxDate as string | null | undefined) ?? null;
}

/** Refreshes the running totals of every entity type of one advertising profile. */
export async function refreshProfileRollups(db: Database, advertisingProfileId: string) {
  for (const entity of FACT_ENTITIES)
    await refreshRollups(db, sql`${advertisingProfileId}::uuid`, entity.factsType);
}
