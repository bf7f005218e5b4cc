import { type Database, hasReadSettings, refreshRollups } from "@starport/db";
import { eq, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { BadRequestError } from "../../hydra/http-errors.ts";
import { listRows } from "../../hydra/repository.ts";
import type {
  FilterDefinition,
  ProviderCollectionContext,
  ResourceDefinition,
} from "../../hydra/resource.ts";
import { factorsCte, resolveConversion, spanOf, summedFacts, visibleProfileIds } from "./facts.ts";
import {
  METRIC_NAMES,
  type Metrics,
  metricExpressions,
  metricsFrom,
  metricsSchema,
  sumColumns,
  sumsFromRow,
  windowTotals,
} from "./metric-fields.ts";
import { PERIOD_PARAMETERS, parsePeriod } from "./period.ts";
import { rollupSums } from "./rollup.ts";

/**
 * An entity collection with its metrics (API Platform: a state provider over the table). With
 * `from`/`to` every member carries `metrics` (zeros without facts) and the collection `totals`
 * over all rows matching the filters; `compare=previous` adds `previousMetrics` and
 * `previousTotals`. Every metric sorts (`order[acos]`, nulls last) and filters
 * (`acos[gt]=0.4`). Table filters, paging and tenant scoping stay the generic layer's.
 */

export interface MetricsEntity {
  /** entity_type of the facts. */
  factType: string;
  /** The column holding the entity's Amazon id (the facts' amazon_id). */
  amazonId: AnyPgColumn;
  /** Adds values read from elsewhere to a page of rows (e.g. the product of a product ad). */
  enrich?(db: Database, rows: Row[]): Promise<void>;
}

type Row = Record<string, unknown>;

/** `totals` and `previousTotals` beside the members of a collection with metrics. */
export const METRICS_COLLECTION_FIELDS = z.object({
  totals: metricsSchema.optional().describe("with from/to: sums over every matching row"),
  previousTotals: metricsSchema.optional().describe("with compare=previous"),
});

const CURRENT = "m";
const PREVIOUS = "pm";
const current = metricExpressions(CURRENT);

function hasMetricParameter(query: URLSearchParams): boolean {
  for (const key of query.keys()) {
    const match = /^(?:order\[(\w+)\]|(\w+)\[(?:gt|gte|lt|lte|between)\])$/.exec(key);
    const name = match?.[1] ?? match?.[2];
    if (name && (METRIC_NAMES as readonly string[]).includes(name)) return true;
  }
  return false;
}

/** Table row values from a raw result row (database names → the table's fields). */
function tableRow(table: PgTable, raw: Row): Row {
  const row: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? value : column.mapFromDriverValue(value);
  }
  return row;
}

async function read(
  resource: ResourceDefinition,
  entity: MetricsEntity,
  ctx: ProviderCollectionContext,
): Promise<{ rows: Row[]; total: number; extra?: Record<string, unknown> }> {
  const period = parsePeriod(ctx.query);
  if (!period) {
    const { rows, total } = await listRows(ctx.db, resource, ctx.scope, {
      conditions: ctx.conditions,
      order: ctx.order,
      limit: ctx.limit,
      offset: ctx.offset,
    });
    return { rows, total };
  }
  const profileIds = visibleProfileIds(ctx.principal, ctx.relations);
  const conversion = await resolveConversion(ctx.db, profileIds, period.currency);
  const table = resource.table;
  const name = getTableName(table);
  const alias = sql.identifier(name);
  const amazonId = sql.identifier(entity.amazonId.name);
  const where = [ctx.scope, ...ctx.conditions].filter((c): c is SQL => c !== undefined);
  const whereClause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const ranking = [...where, ...ctx.computed];
  // Native currency: the running totals (two rows per entity); converting needs each day.
  const coverage = conversion.convert
    ? []
    : await refreshRollups(ctx.db, profileIds, entity.factType);
  const keys = sql`select advertising_profile_id, ${amazonId} as amazon_id from ${table} ${whereClause}`;
  const sums = (period: { from: string; to: string }, only?: SQL) =>
    conversion.convert ? dailySums(period) : rollupSums(entity.factType, period, coverage, only);
  const dailySums = (period: { from: string; to: string }) =>
    summedFacts({
      facts: sql`ad_performance_daily`,
      where: [sql`f.entity_type = ${entity.factType}`],
      keys: ["f.advertising_profile_id", "f.amazon_id"],
      period,
      conversion,
      join: sql`join (${keys}) b on b.advertising_profile_id = f.advertising_profile_id and b.amazon_id = f.amazon_id`,
    });
  const joinOn = (a: string) =>
    sql`${sql.raw(a)}.advertising_profile_id = ${alias}.advertising_profile_id and ${sql.raw(a)}.amazon_id = ${alias}.${amazonId}`;
  // Two steps: the matching rows are ranked narrow (the id, the sums, the columns the filters
  // and the order name) and numbered in order, and only the page's rows are read whole. Ranking
  // the whole rows built and hashed every wide row (100,000 keywords) for 50 of them. Count and
  // totals are windows over the narrow rows (one window: the order, framed to all rows). No
  // LIMIT sits directly on them: PostgreSQL 15 then costs them as if 50 rows were enough and
  // joins row by row (minutes on 49,000 rows); the page is cut by row number one level up.
  // The previous period is summed on its own (OFFSET 0: not merged into the ranking) for the rows
  // the table's filters leave: per entity for an ad group's, hashed for a profile's. Merged, the
  // planner looked both days up per row after the metric filter (2 s on 49,000 keywords).
  // One JSON document for the page instead of a row per entity: the database builds it, and the
  // driver parses one string rather than every field of every row (on PGlite half the time).
  const run = async (limit: number | undefined, offset: number) => {
    const query = sql`select coalesce(json_agg(page__ order by page__.rn__), '[]') as page__ from (
      with ${conversion.convert ? sql`${factorsCte(conversion, spanOf(period.current, period.previous), profileIds)},` : sql``}
      cur as (${sums(period.current)})
      ${period.previous ? sql`, prev as (${sums(period.previous, keys)} offset 0)` : sql``}
      select ${alias}.*, ranked.* from (
        select * from (
          select ${resource.id} as id__,
            ${sumColumns(CURRENT, "m_")}, ${windowTotals(CURRENT, "t_", "all__")},
            ${period.previous ? sql`${sumColumns(PREVIOUS, "p_")}, ${windowTotals(PREVIOUS, "pt_", "all__")},` : sql``}
            count(*) over all__ as total__, row_number() over all__ as rn__
          from ${table}
          left join cur ${sql.raw(CURRENT)} on ${joinOn(CURRENT)}
          ${period.previous ? sql`left join prev ${sql.raw(PREVIOUS)} on ${joinOn(PREVIOUS)}` : sql``}
          ${ranking.length ? sql`where ${sql.join(ranking, sql` and `)}` : sql``}
          window all__ as (order by ${sql.join(ctx.order, sql`, `)}
            rows between unbounded preceding and unbounded following)
        ) numbered
        where rn__ > ${offset}${limit === undefined ? sql`` : sql` and rn__ <= ${offset + limit}`}
        order by rn__${limit === undefined ? sql`` : sql` limit ${limit}`}
      ) ranked
      join ${table} on ${resource.id} = ranked.id__) page__`;
    // JIT compiling this plan (its cost is past PostgreSQL's threshold) took longer than running
    // it: ~160 ms on 100,000 keywords; and the sort of the numbered rows spilled to disk at the
    // default 4 MB. PostgreSQL's connections have both set (openDatabase); elsewhere they hold for
    // this transaction only.
    const result = (hasReadSettings(ctx.db)
      ? await ctx.db.execute(query)
      : await ctx.db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`,
          );
          return tx.execute(query);
        })) as unknown as { rows: { page__: Row[] | string }[] };
    const page = result.rows[0]?.page__ ?? [];
    return typeof page === "string" ? (JSON.parse(page) as Row[]) : page;
  };
  let raws = await run(ctx.limit, ctx.offset);
  // A page past the end has no rows to carry the count and totals: read them from the first.
  if (raws.length === 0 && ctx.offset > 0)
    raws = (await run(1, 0)).map((r) => ({ ...r, empty__: true }));
  const first = raws[0];
  const totals = (prefix: string) =>
    metricsFrom(first ? sumsFromRow(first, prefix) : sumsFromRow({}, prefix), conversion.currency);
  const rows = raws
    .filter((raw) => !raw.empty__)
    .map((raw) => ({
      ...tableRow(table, raw),
      metrics: metricsFrom(sumsFromRow(raw, "m_"), conversion.currency),
      ...(period.previous
        ? { previousMetrics: metricsFrom(sumsFromRow(raw, "p_"), conversion.currency) }
        : {}),
    }));
  return {
    rows,
    total: Number(first?.total__ ?? 0),
    extra: {
      totals: totals("t_"),
      ...(period.previous ? { previousTotals: totals("pt_") } : {}),
    },
  };
}

/** The metrics fields of a member, added to the resource's own output. */
function withMetricFields(output: Record<string, unknown>, row: Row): Record<string, unknown> {
  return {
    ...output,
    ...(row.metrics ? { metrics: row.metrics as Metrics } : {}),
    ...(row.previousMetrics ? { previousMetrics: row.previousMetrics as Metrics } : {}),
  };
}

/** The resource, read through the metrics provider, with metric order fields and range filters. */
export function withMetrics<R extends ResourceDefinition>(resource: R, entity: MetricsEntity): R {
  const self: R = {
    ...resource,
    output: resource.output.extend({
      metrics: metricsSchema.optional().describe("with from/to: sums over the period"),
      previousMetrics: metricsSchema
        .optional()
        .describe("with compare=previous: sums over the period before"),
    }),
    toOutput: (row: Row, context) => withMetricFields(resource.toOutput(row, context), row),
    filters: [
      ...(resource.filters ?? []),
      {
        type: "relation",
        parameter: "id",
        column: resource.id,
        target: () => self,
      } satisfies FilterDefinition,
      ...METRIC_NAMES.map(
        (m): FilterDefinition => ({ type: "range", parameter: m, column: current[m] }),
      ),
    ],
    order: { ...(resource.order ?? {}), ...current },
    provider: {
      parameters: PERIOD_PARAMETERS,
      collectionFields: METRICS_COLLECTION_FIELDS,
      validate(query) {
        const period = parsePeriod(query);
        if (!period && hasMetricParameter(query))
          throw new BadRequestError('Sorting or filtering by a metric needs "from" and "to".');
      },
      async collection(ctx) {
        const page = await read(self, entity, ctx);
        await entity.enrich?.(ctx.db, page.rows);
        return page;
      },
      async item(ctx, id) {
        const { rows } = await read(self, entity, {
          ...ctx,
          conditions: [eq(self.id, id)],
          order: [sql`1`],
        });
        await entity.enrich?.(ctx.db, rows);
        return rows[0];
      },
    },
  };
  return self;
}
