import type { Database } from "@starport/db";
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnyResource } from "./resource.ts";

/**
 * Generic data access for resources. Callers pass the tenant condition (tenant.ts); this module
 * never decides who may see what, it only refuses to run without being told.
 */

type Row = Record<string, unknown>;
// Drizzle's builders are typed per table; the registry works on any table.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = any;

function where(...parts: (SQL | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

export interface ListQuery {
  conditions: SQL[];
  order: SQL[];
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Whether the item exists within the scope, as an SQL expression (a query's column). */
export function rowExists(resource: AnyResource, id: string, scope: SQL | undefined): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${resource.table} where ${where(eq(resource.id, id), scope)})`;
}

const TOTAL = "__hydra_total";
const CHECK = "__hydra_check_";

/**
 * A page of rows, the number of rows on all pages, and the given checks (boolean expressions such
 * as rowExists), in one round trip: the count and the checks are uncorrelated subqueries in the
 * page's select list, which PostgreSQL evaluates once (an InitPlan) with their own plans, so the
 * page keeps its index scan and limit. Only an empty page needs a second query (its count and
 * checks have no row to ride on). Before: a page query and a COUNT(*) query beside it.
 */
export async function listRows(
  db: Database,
  resource: AnyResource,
  scope: SQL | undefined,
  query: ListQuery,
  checks: readonly SQL[] = [],
): Promise<{ rows: Row[]; total: number; checks: boolean[] }> {
  const condition = where(scope, ...query.conditions);
  const filtered = condition ?? sql`true`;
  const total = sql`(select count(*) from ${resource.table} where ${filtered})`;
  const checkColumns = Object.fromEntries(
    checks.map((check, i) => [`${CHECK}${i}`, sql`${check}`.mapWith(Boolean)]),
  );
  let select = (db as AnyDb)
    .select({
      ...getTableColumns(resource.table),
      [TOTAL]: total.mapWith(Number),
      ...checkColumns,
    })
    .from(resource.table)
    .where(condition)
    .orderBy(...query.order);
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset) select = select.offset(query.offset);
  const rows = (await select) as Row[];
  const first = rows[0];
  if (first) {
    const checked = checks.map((_, i) => first[`${CHECK}${i}`] === true);
    const counted = Number(first[TOTAL]);
    for (const row of rows) {
      delete row[TOTAL];
      for (let i = 0; i < checks.length; i++) delete row[`${CHECK}${i}`];
    }
    return { rows, total: counted, checks: checked };
  }
  if (!query.offset && checks.length === 0) return { rows, total: 0, checks: [] };
  const [answer] = (await (db as AnyDb)
    .select({ total: total.mapWith(Number), ...checkColumns })
    .from(sql`(select 1) as one`)) as Row[];
  return {
    rows,
    total: Number(answer?.total ?? 0),
    checks: checks.map((_, i) => answer?.[`${CHECK}${i}`] === true),
  };
}

export async function findRow(
  db: Database,
  resource: AnyResource,
  id: string,
  scope: SQL | undefined,
): Promise<Row | undefined> {
  const rows: Row[] = await (db as AnyDb)
    .select()
    .from(resource.table)
    .where(where(eq(resource.id, id), scope))
    .limit(1);
  return rows[0];
}

export async function insertRow(db: Database, resource: AnyResource, values: Row): Promise<Row> {
  const rows: Row[] = await (db as AnyDb).insert(resource.table).values(values).returning();
  return rows[0]!;
}

export async function updateRow(
  db: Database,
  resource: AnyResource,
  id: string,
  scope: SQL | undefined,
  values: Row,
): Promise<Row | undefined> {
  const rows: Row[] = await (db as AnyDb)
    .update(resource.table)
    .set(values)
    .where(where(eq(resource.id, id), scope))
    .returning();
  return rows[0];
}

export async function deleteRow(
  db: Database,
  resource: AnyResource,
  id: string,
  scope: SQL | undefined,
): Promise<boolean> {
  const rows: Row[] = await (db as AnyDb)
    .delete(resource.table)
    .where(where(eq(resource.id, id), scope))
    .returning({ id: resource.id });
  return rows.length > 0;
}
