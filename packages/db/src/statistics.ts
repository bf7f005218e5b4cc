import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * Refreshes the planner's statistics after bulk writes (a sync's entities and reports). The
 * embedded PGlite has no autovacuum, so without this its tables stay unanalysed: the planner
 * takes a synced fact table for one row and reads it once per product ad (a product list sorted
 * by spend took 255 s on the demo's 27,000 facts instead of milliseconds). On PostgreSQL it
 * spares readers the wait for autovacuum after a large import. Best effort: two processes
 * analysing one table at once may fail with "tuple concurrently updated", which changes nothing
 * for correctness, so errors are reported to the caller's log and not thrown.
 */
export async function refreshStatistics(
  db: Database,
  /** Table names (plain identifiers); all tables of the database when omitted. */
  tables?: readonly string[],
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  try {
    if (tables === undefined) await db.execute(sql`analyze`);
    else if (tables.length > 0)
      await db.execute(
        sql`analyze ${sql.join(
          tables.map((t) => sql.identifier(t)),
          sql`, `,
        )}`,
      );
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
