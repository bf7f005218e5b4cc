import { dateTimeFormat } from "./intl-format.ts";
import { intlLocale } from "./intl-locale.ts";

/** A calendar day (YYYY-MM-DD) in the locale's format: 31.12.2026, 31/12/2026. */
export function formatDay(iso: string, locale: string): string {
  return dateTimeFormat(intlLocale(locale), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** A moment with the full year, in the viewer's time zone: 31.12.2026, 14:05 / 31/12/2026, 14:05. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return dateTimeFormat(intlLocale(locale), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}
