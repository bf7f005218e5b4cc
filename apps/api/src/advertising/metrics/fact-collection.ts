import { type SQL, sql } from "drizzle-orm";
import type { ProviderCollectionContext } from "../../hydra/resource.ts";
import { factorsCte, resolveConversion, spanOf, summedFacts, visibleProfileIds } from "./facts.ts";
import {
  type Metrics,
  metricsFrom,
  sumColumns,
  sumsFromRow,
  windowTotals,
} from "./metric-fields.ts";
import { parsePeriod } from "./period.ts";

/**
 * A collection whose rows are groups of a facts table (placements, search terms): the facts of
 * the period are summed per `keys` under the table's own name, so the declared filters (inside)
 * and orders and metric range filters (outside, over the sums) read the same names. Members carry
 * the Metrics fields; the collection `totals` (and with compare=previous the previous period).
 */
export interface FactGroups {
  /** The facts table, also the alias of its groups. */
  table: string;
  /** Grouping columns of the facts table. */
  keys: readonly string[];
  /** Extra select list and joins on the groups (aliased by the table name). */
  select?: SQL;
  join?: SQL;
}

export interface FactGroupRow extends Record<string, unknown> {
  metrics: Metrics;
  previousMetrics?: Metrics;
}

export async function readFactGroups(
  groups: FactGroups,
  ctx: ProviderCollectionContext,
): Promise<{ rows: FactGroupRow[]; total: number; extra: Record<string, unknown> }> {
  const period = parsePeriod(ctx.query, true)!;
  const profileIds = visibleProfileIds(ctx.principal, ctx.relations);
  const conversion = await resolveConversion(ctx.db, profileIds, period.currency);
  const alias = groups.table;
  const name = sql.identifier(alias);
  const where = [ctx.scope, ...ctx.conditions].filter((c): c is SQL => c !== undefined);
  const keys = groups.keys.map((k) => `"${alias}".${k}`);
  const sums = (p: { from: string; to: string }) =>
    summedFacts({ facts: sql`${name}`, alias, where, keys, period: p, conversion });
  const joinKeys = (other: string) =>
    sql.raw(groups.keys.map((k) => `${other}.${k} = "${alias}".${k}`).join(" and "));
  const run = async (limit: number | undefined, offset: number) =>
    (
      (await ctx.db.execute(sql`
      with ${conversion.convert ? sql`${factorsCte(conversion, spanOf(period.current, period.previous), profileIds)},` : sql``}
      cur as (${sums(period.current)})
      ${period.previous ? sql`, prev as (${sums(period.previous)})` : sql``}
      select ${name}.*, ${sumColumns(`"${alias}"`, "m_")}, ${windowTotals(`"${alias}"`, "t_")},
        ${period.previous ? sql`${sumColumns("pm", "p_")}, ${windowTotals("pm", "pt_")},` : sql``}
        ${groups.select ? sql`${groups.select},` : sql``}
        count(*) over () as total__
      from cur as ${name}
      ${period.previous ? sql`left join prev pm on ${joinKeys("pm")}` : sql``}
      ${groups.join ?? sql``}
      ${ctx.computed.length ? sql`where ${sql.join(ctx.computed, sql` and `)}` : sql``}
      order by ${sql.join(ctx.order, sql`, `)}, ${sql.raw(keys.join(", "))}
      ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
  let raws = await run(ctx.limit, ctx.offset);
  let empty = false;
  if (raws.length === 0 && ctx.offset > 0) {
    raws = await run(1, 0);
    empty = true;
  }
  const first = raws[0] ?? {};
  const rows = (empty ? [] : raws).map((raw) => ({
    ...raw,
    metrics: metricsFrom(sumsFromRow(raw, "m_"), conversion.currency),
    ...(period.previous
      ? { previousMetrics: metricsFrom(sumsFromRow(raw, "p_"), conversion.currency) }
      : {}),
  }));
  return {
    rows,
    total: Number(raws[0]?.total__ ?? 0),
    extra: {
      totals: metricsFrom(sumsFromRow(first, "t_"), conversion.currency),
      ...(period.previous
        ? { previousTotals: metricsFrom(sumsFromRow(first, "pt_"), conversion.currency) }
        : {}),
    },
  };
}
