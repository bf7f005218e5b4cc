import type { AnyColumn, SQL } from "drizzle-orm";
import { gte, lt } from "drizzle-orm";
import { z } from "zod";

const DAY_MS = 86_400_000;

/** A day filter's query parameter: `YYYY-MM-DD`, a day in UTC. */
export const dayParameter = (describe: string) => z.iso.date().optional().describe(describe);

/**
 * The conditions of a range of whole days (UTC), both ends inclusive and either one optional:
 * the administration's lists filter their timestamps by day this one way.
 */
export function withinDays(
  column: AnyColumn,
  from: string | undefined,
  to: string | undefined,
): SQL[] {
  const parts: SQL[] = [];
  if (from) parts.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) parts.push(lt(column, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)));
  return parts;
}
