/**
 * Money in the profile's default currency (spec §7, §9): amounts are converted with the day's
 * conversion rates (units per euro) and show the rate's date on hover; a rate older than the day
 * asked for is the newest known one, and says so.
 */
import { Text, Tooltip } from "@mantine/core";
import { CONVERSION_CURRENCIES } from "@starport/marketplaces";
import { createContext, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";
import type { HydraClient } from "./api/hydra.ts";
import { formatDay } from "./dates.ts";
import { numberFormat } from "./intl-format.ts";
import { intlLocale } from "./intl-locale.ts";

export { CONVERSION_CURRENCIES };

export interface ConversionRate {
  currencyCode: string;
  conversionRate: number;
  date: string;
  stale: boolean;
}

/** Spec §7: GET /api/conversion_rates?date=<today>&currencyCode[]=SEK… */
export async function loadConversionRates(
  hydra: HydraClient,
  today: string,
): Promise<ConversionRate[]> {
  const rates = await hydra.collection<ConversionRate>("/api/conversion_rates", {
    date: today,
    currencyCode: CONVERSION_CURRENCIES,
    pagination: false,
  });
  return rates.members.map(({ currencyCode, conversionRate, date, stale }) => ({
    currencyCode,
    conversionRate,
    date,
    stale,
  }));
}

export function isoToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface Conversion {
  value: number;
  currency: string;
  /** The older of the two rates used; null when no conversion was needed. */
  rateDate: string | null;
  stale: boolean;
}

/** amount in `from` → `to`, through the euro; null when a rate is missing. */
export function convert(
  amount: number,
  from: string,
  to: string,
  rates: readonly ConversionRate[],
): Conversion | null {
  if (from === to) return { value: amount, currency: to, rateDate: null, stale: false };
  const rate = (code: string) =>
    code === "EUR"
      ? { currencyCode: "EUR", conversionRate: 1, date: null, stale: false }
      : rates.find((r) => r.currencyCode === code);
  const source = rate(from);
  const target = rate(to);
  if (!source || !target || source.conversionRate <= 0) return null;
  const dates = [source.date, target.date].filter((d): d is string => d !== null).sort();
  return {
    value: (amount / source.conversionRate) * target.conversionRate,
    currency: to,
    rateDate: dates[0] ?? null,
    stale: source.stale || target.stale,
  };
}

interface ConversionSettings {
  currency: string;
  rates: readonly ConversionRate[];
}

const ConversionContext = createContext<ConversionSettings>({ currency: "EUR", rates: [] });

export function ConversionProvider({
  currency,
  rates,
  children,
}: ConversionSettings & { children: ReactNode }) {
  return <ConversionContext value={{ currency, rates }}>{children}</ConversionContext>;
}

/** An amount shown in the profile's default currency, the rate's date on hover. */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const settings = useContext(ConversionContext);
  const converted = convert(amount, currency, settings.currency, settings.rates);
  const shown = converted ?? { value: amount, currency, rateDate: null, stale: false };
  const text = numberFormat(intlLocale(i18n.language), {
    style: "currency",
    currency: shown.currency,
  }).format(shown.value);
  if (!converted?.rateDate) {
    return (
      <Text span data-testid="money">
        {text}
      </Text>
    );
  }
  const date = formatDay(converted.rateDate, i18n.language);
  const label = converted.stale ? t("money.rateStale", { date }) : t("money.rateDate", { date });
  return (
    <Tooltip label={label} withArrow>
      <Text span data-testid="money" data-rate-date={converted.rateDate} style={{ cursor: "help" }}>
        {text}
      </Text>
    </Tooltip>
  );
}
