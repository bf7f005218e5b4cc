import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "../hydra/iri.ts";

/**
 * `column = any('{…}'::uuid[])`: thousands of ids as one parameter (a statement with one
 * parameter per id is slow to plan, on PGlite above all). Ids that are no uuid match nothing.
 */
export function inUuids(column: AnyPgColumn, ids: readonly string[]): SQL {
  const valid = ids.filter(isUuid);
  return sql`${column} = any(${`{${valid.join(",")}}`}::uuid[])`;
}
