import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";

/**
 * Bulk upsert through one statement per chunk: the rows travel as one JSON parameter
 * (`json_to_recordset`), conflict on the natural key updates only rows whose values changed, so
 * running the same chunk twice writes nothing the second time. Identifiers are constants of this
 * package, never input.
 */
export interface UpsertSpec {
  table: string;
  /** Column → PostgreSQL type, as the JSON rows name them. */
  columns: Readonly<Record<string, string>>;
  /** The conflict target: a unique index's columns. */
  key: readonly string[];
  /** Further columns computed in SQL from `r.<column>` (e.g. parent ids looked up by Amazon id). */
  computed?: Readonly<Record<string, string>>;
  /** Columns written on insert but never updated. */
  insertOnly?: readonly string[];
  /** A timestamp column set to now() whenever the row changes. */
  touch?: string;
}

export interface StatementResult {
  rows?: unknown[];
  rowCount?: number | null;
  affectedRows?: number;
}

export function affected(result: unknown): number {
  const r = result as StatementResult;
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

export function rowsOf<T>(result: unknown): T[] {
  return ((result as StatementResult).rows ?? []) as T[];
}

function statement(spec: UpsertSpec): { head: string; tail: string } {
  const columns = Object.keys(spec.columns);
  const computed = spec.computed ?? {};
  const all = [...columns, ...Object.keys(computed)];
  const recordType = columns.map((c) => `${c} ${spec.columns[c]}`).join(", ");
  const select = [...columns.map((c) => `r.${c}`), ...Object.values(computed)].join(", ");
  const updated = all.filter((c) => !spec.key.includes(c) && !spec.insertOnly?.includes(c));
  const set = [
    ...updated.map((c) => `${c} = excluded.${c}`),
    ...(spec.touch ? [`${spec.touch} = now()`] : []),
  ].join(", ");
  const changed = `(${updated.map((c) => `${spec.table}.${c}`).join(", ")}) is distinct from (${updated
    .map((c) => `excluded.${c}`)
    .join(", ")})`;
  return {
    head: `insert into ${spec.table} (${all.join(", ")}) select ${select} from json_to_recordset(`,
    tail: `::json) as r(${recordType}) on conflict (${spec.key.join(", ")}) do ${
      updated.length ? `update set ${set} where ${changed}` : "nothing"
    }`,
  };
}

const cache = new WeakMap<UpsertSpec, { head: string; tail: string }>();

/** Upserts rows (deduplicated by key, last wins); returns how many rows were inserted or changed. */
export async function upsertRows(
  db: Database,
  spec: UpsertSpec,
  rows: readonly Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  let text = cache.get(spec);
  if (!text) {
    text = statement(spec);
    cache.set(spec, text);
  }
  const unique = new Map<string, Record<string, unknown>>();
  for (const row of rows) unique.set(spec.key.map((k) => String(row[k])).join("\u0001"), row);
  const payload = JSON.stringify([...unique.values()]);
  const result = await db.execute(sql`${sql.raw(text.head)}${payload}${sql.raw(text.tail)}`);
  return affected(result);
}
