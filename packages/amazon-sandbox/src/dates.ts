/** Date helpers: the sandbox works in whole days, as `YYYY-MM-DD` strings in UTC. */

const DAY_MS = 86_400_000;

export function parseIsoDate(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  if (new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  return ms;
}

/** Dates already added up (every entity update stamps today's date; the simulation asks daily). */
const added = new Map<string, string>();
const ADDED_KEPT = 10_000;

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let out = added.get(key);
  if (out === undefined) {
    const ms = parseIsoDate(date);
    if (ms === undefined) throw new Error(`invalid date ${date}`);
    out = new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
    if (added.size >= ADDED_KEPT) added.clear();
    added.set(key, out);
  }
  return out;
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  const x = parseIsoDate(a);
  const y = parseIsoDate(b);
  if (x === undefined || y === undefined) throw new Error(`invalid dates ${a} ${b}`);
  return Math.round((y - x) / DAY_MS);
}

export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Day-of-month of the n-th given weekday (0=Sunday) in a month (1-based month). */
function nthWeekday(year: number, month: number, dow: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((dow - first + 7) % 7) + (n - 1) * 7;
}

const WEEKDAY_FACTOR = [1.08, 1.04, 1.0, 0.98, 0.96, 0.92, 0.98];

/**
 * Demand seasonality: weekday pattern, a two-day Prime Day (×2.5, second Tuesday of July and the
 * day after), Black Friday to Cyber Monday (×1.7), a December uplift and a quiet January.
 */
export function seasonality(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const dom = Number(date.slice(8, 10));
  let f = WEEKDAY_FACTOR[weekday(date)] ?? 1;
  if (month === 7) {
    const prime = nthWeekday(year, 7, 2, 2);
    if (dom === prime || dom === prime + 1) f *= 2.5;
  }
  if (month === 11) {
    const blackFriday = nthWeekday(year, 11, 4, 4) + 1;
    if (dom >= blackFriday && dom <= blackFriday + 3) f *= 1.7;
  }
  if (month === 12 && dom <= 22) f *= 1.3;
  if (month === 12 && dom > 24) f *= 0.85;
  if (month === 1) f *= 0.85;
  return f;
}
