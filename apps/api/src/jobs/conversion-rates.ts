import type { Database, PgBoss } from "@starport/db";
import { schema } from "@starport/db";
import { CONVERSION_CURRENCIES, RATE_BASE_CURRENCY } from "@starport/marketplaces";
import { sql } from "drizzle-orm";

/**
 * The daily conversion-rate refresh: reads euro reference rates (ECB XML format) from a
 * configurable source and stores SEK, PLN, GBP and USD (EUR is 1) for their day. When the source
 * is unreachable nothing changes: the API then answers the newest known rate, marked stale.
 */

export const CONVERSION_RATE_QUEUE = "conversion-rates-refresh";
/** The ECB publishes around 16:00 CET; refresh a little later every day. */
export const CONVERSION_RATE_CRON = "30 16 * * *";
/** What the sheet quotes against the base (the base itself is 1). */
const CURRENCIES = CONVERSION_CURRENCIES.filter((code) => code !== RATE_BASE_CURRENCY);

export interface RateSheet {
  date: string;
  rates: Record<string, number>;
}

/** `<Cube time='YYYY-MM-DD'>` with `<Cube currency='USD' rate='1.05'/>` entries. */
export function parseEcbXml(xml: string): RateSheet {
  const date = /time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  if (!date) throw new Error("no date in the conversion-rate sheet");
  const rates: Record<string, number> = {};
  for (const match of xml.matchAll(/currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g)) {
    const rate = Number(match[2]);
    if (Number.isFinite(rate) && rate > 0) rates[match[1]!] = rate;
  }
  return { date, rates };
}

export interface RefreshOptions {
  url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Fetches and stores the day's rates; returns what was stored. Throws when the source fails. */
export async function refreshConversionRates(
  db: Database,
  { url, fetch: fetchFn = fetch, timeoutMs = 10_000 }: RefreshOptions,
): Promise<RateSheet> {
  const response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`conversion-rate source answered ${response.status}`);
  const sheet = parseEcbXml(await response.text());
  const rows = [
    { currencyCode: "EUR", conversionRate: "1", date: sheet.date, source: "ecb" },
    ...CURRENCIES.filter((code) => sheet.rates[code] !== undefined).map((code) => ({
      currencyCode: code,
      conversionRate: String(sheet.rates[code]),
      date: sheet.date,
      source: "ecb",
    })),
  ];
  await db
    .insert(schema.conversionRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [schema.conversionRates.currencyCode, schema.conversionRates.date],
      set: { conversionRate: sql`excluded.conversion_rate`, source: sql`excluded.source` },
    });
  return sheet;
}

export interface ScheduleOptions {
  url: string | undefined;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Registers the daily job (and one run now); without a URL, only the shipped rates are used. */
export async function scheduleConversionRateRefresh(
  boss: PgBoss,
  db: Database,
  { url, log }: ScheduleOptions,
): Promise<void> {
  if (!url) return;
  const run = async () => {
    try {
      const sheet = await refreshConversionRates(db, { url });
      log.info({ date: sheet.date }, "conversion rates refreshed");
    } catch (error) {
      // Unreachable source: the newest known rates stay in use, marked stale by the API.
      log.warn({ err: error, url }, "conversion rates could not be refreshed");
    }
  };
  await boss.createQueue(CONVERSION_RATE_QUEUE);
  await boss.schedule(CONVERSION_RATE_QUEUE, CONVERSION_RATE_CRON, {}, { tz: "Europe/Berlin" });
  await boss.work(CONVERSION_RATE_QUEUE, async () => {
    await run();
  });
  void run();
}
