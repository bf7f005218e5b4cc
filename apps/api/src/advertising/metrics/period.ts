import { ValidationError } from "../../errors.ts";
import { violation } from "../../validation.ts";

/**
 * The date range of a metrics request: `from`, `to` (YYYY-MM-DD, both or neither, from ≤ to, at
 * most 731 days), `compare=previous` (the period of the same length ending the day before `from`)
 * and `currency` (ISO code money is converted to). Bad values are a 400 naming the parameter.
 */

export interface Period {
  from: string;
  to: string;
}

export interface MetricsPeriod {
  current: Period;
  previous: Period | null;
  /** Requested currency; null: the profiles' own (or EUR when they differ). */
  currency: string | null;
}

const DAY = 86_400_000;
const MAX_DAYS = 731;

function isoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The ISO day `days` days after `day` (before, when negative). */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export function daysIn(period: Period): number {
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY) + 1;
}

export function previousOf(period: Period): Period {
  const length = daysIn(period);
  return { from: shiftDay(period.from, -length), to: shiftDay(period.from, -1) };
}

function bad(parameter: string, required = false): never {
  throw new ValidationError([violation(parameter, required ? "required" : "invalid")], 400);
}

/** The period of the query, or null when it names none (`from`/`to` absent). */
export function parsePeriod(query: URLSearchParams, required = false): MetricsPeriod | null {
  const from = query.get("from");
  const to = query.get("to");
  const compare = query.get("compare");
  const currency = query.get("currency");
  if (currency !== null && !/^[A-Z]{3}$/.test(currency)) bad("currency");
  if (compare !== null && compare !== "previous" && compare !== "") bad("compare");
  if (from === null && to === null) {
    if (required) bad("from", true);
    if (compare) bad("from", true);
    return null;
  }
  if (from === null || from === "") bad("from", true);
  if (to === null || to === "") bad("to", true);
  if (!isoDay(from)) bad("from");
  if (!isoDay(to)) bad("to");
  if (from > to) bad("to");
  const current = { from, to };
  if (daysIn(current) > MAX_DAYS) bad("from");
  return {
    current,
    previous: compare === "previous" ? previousOf(current) : null,
    currency,
  };
}

/** Query parameters of a period, for hydra:search. */
export const PERIOD_PARAMETERS = [
  { variable: "from", property: "date", description: "first day, YYYY-MM-DD" },
  { variable: "to", property: "date", description: "last day, YYYY-MM-DD" },
  {
    variable: "compare",
    property: "previousMetrics",
    description: "previous: also the period before",
  },
  { variable: "currency", property: "currency", description: "ISO 4217 code to convert money to" },
] as const;
