import { dateTimeFormat } from "../../lib/intl-format.ts";
/**
 * The date range every Hangar screen shares, kept in the URL (`range`, and `from`/`to` for a
 * custom range). Days are the marketplace's own calendar days: "today" is computed in the
 * advertising profile's time zone. Pure functions, used by loaders and components alike.
 */

export const RANGE_PRESETS = [
  "yesterday",
  "last7",
  "last14",
  "last30",
  "last60",
  "last90",
  "thisMonth",
  "lastMonth",
  "custom",
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangePreset = "last30";

/** Amazon keeps restating the newest days' attributed sales and orders for about this long. */
export const RESTATED_DAYS = 3;
const MAX_SPAN_DAYS = 731;

export interface DateRange {
  preset: RangePreset;
  from: string;
  to: string;
}

const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function toTime(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

export function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoDate(toTime(iso) + days * DAY);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY) + 1;
}

/** Today's date on the marketplace's calendar (its advertising profile's time zone). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return dateTimeFormat("en-CA", {
      timeZone: timeZone || "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

function isValidIso(value: string | null): value is string {
  return (
    value !== null &&
    ISO.test(value) &&
    !Number.isNaN(toTime(value)) &&
    isoDate(toTime(value)) === value
  );
}

/** The range a URL asks for; anything invalid falls back to the default preset. */
export function rangeFromParams(params: URLSearchParams, today: string): DateRange {
  const requested = params.get("range") as RangePreset | null;
  const preset: RangePreset =
    requested && (RANGE_PRESETS as readonly string[]).includes(requested)
      ? requested
      : DEFAULT_RANGE;
  if (preset === "custom") {
    const from = params.get("from");
    const to = params.get("to");
    if (isValidIso(from) && isValidIso(to) && from <= to && daysBetween(from, to) <= MAX_SPAN_DAYS)
      return { preset, from, to };
    return presetRange(DEFAULT_RANGE, today);
  }
  return presetRange(preset, today);
}

export function presetRange(
  preset: Exclude<RangePreset, "custom"> | "custom",
  today: string,
): DateRange {
  const yesterday = addDays(today, -1);
  const lastDays = (n: number): DateRange => ({
    preset,
    from: addDays(yesterday, -(n - 1)),
    to: yesterday,
  });
  switch (preset) {
    case "yesterday":
      return { preset, from: yesterday, to: yesterday };
    case "last7":
      return lastDays(7);
    case "last14":
      return lastDays(14);
    case "last60":
      return lastDays(60);
    case "last90":
      return lastDays(90);
    case "thisMonth":
      return { preset, from: `${today.slice(0, 8)}01`, to: today };
    case "lastMonth": {
      const firstOfThis = `${today.slice(0, 8)}01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { preset, from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
    default:
      return { ...lastDays(30), preset: preset === "custom" ? "last30" : preset };
  }
}

/** The period of the same length that ends the day before `from`. */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const length = daysBetween(range.from, range.to);
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(length - 1)), to };
}

/** Every day of the range, oldest first (charts fill missing days with zeros). */
export function eachDay(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first day still being restated by Amazon, on the marketplace's calendar. */
export function restatedFrom(today: string): string {
  return addDays(today, -RESTATED_DAYS);
}

/** The URL parameters that describe a range. */
export function rangeParams(range: DateRange): Record<string, string> {
  return range.preset === "custom"
    ? { range: "custom", from: range.from, to: range.to }
    : { range: range.preset };
}
