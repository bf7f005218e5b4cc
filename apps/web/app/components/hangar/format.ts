/** Locale-bound formatters for Hangar screens (Intl only; 1.234,56 €, 5,5 %, 31.12.2026). */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatDay } from "../../lib/dates.ts";
import { dateTimeFormat, numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { formatChange, formatMetric, type MetricName } from "./metrics.ts";

export { formatDay };

export function formatShortDay(iso: string, locale: string): string {
  return dateTimeFormat(intlLocale(locale), {
    day: "2-digit",
    month: "2-digit",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** A chart axis tick in percent points (ACoS 20) as the locale writes it: "20 %", "20%". */
export function formatPercentTick(points: number, locale: string): string {
  return numberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1 }).format(
    points / 100,
  );
}

export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      locale,
      metric: (name: MetricName, value: number | null | undefined, currency: string) =>
        formatMetric(name, value, locale, currency),
      money: (value: number | null | undefined, currency: string) =>
        formatMetric("cost", value, locale, currency),
      change: (value: number | null) => formatChange(value, locale),
      day: (iso: string) => formatDay(iso, locale),
      shortDay: (iso: string) => formatShortDay(iso, locale),
      number: (value: number) => numberFormat(intlLocale(locale)).format(value),
      percentTick: (value: number) => formatPercentTick(value, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
    }),
    [locale],
  );
}
