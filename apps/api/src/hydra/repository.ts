import type { Database } from "@starport/db";
import { and, count, eq, type SQL } from "drizzle-orm";
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

export async function listRows(
  db: Database,
  resource: AnyResource,
  scope: SQL | undefined,
  query: ListQuery,
): Promise<{ rows: Row[]; total: number }> {
  const condition = where(scope, ...query.conditions);
  let select = (db as AnyDb)
    .select()
    .from(resource.table)
    .where(condition)
    .orderBy(...query.order);
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset) select = select.offset(query.offset);
  const [rows, totals] = await Promise.all([
    select as Promise<Row[]>,
    (db as AnyDb).select({ n: count() }).from(resource.table).where(condition) as Promise<
      { n: number }[]
    >,
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
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
