import { type DateRange, rangeFromParams, todayIn } from "../../../components/hangar/date-range.ts";

/**
 * The Cargo Bay list's date range, in the URL as on every Hangar screen (`range`, `from`, `to`),
 * counted in Amazon's days (the local sandbox keeps its own calendar; else the UTC date).
 */
export function collectionsRange(params: URLSearchParams, amazonToday: string | null): DateRange {
  return rangeFromParams(params, amazonToday ?? todayIn("UTC"));
}
