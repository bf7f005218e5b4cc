import { Text, Tooltip } from "@mantine/core";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/dates.ts";
import type { ConversionRate } from "../../lib/money.tsx";

/** The conversion rates behind converted amounts on a Hangar screen (their date on hover). */
export const RatesContext = createContext<readonly ConversionRate[]>([]);

/**
 * An amount the API converted into `currency` with the stored daily rates: like <Money>, the
 * rate's date shows on hover (the newest rate used; older days used their own day's rate).
 */
export function MoneyText({ text, currency }: { text: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const rates = useContext(RatesContext);
  const rate =
    rates.find((r) => r.currencyCode === currency) ?? rates.find((r) => r.currencyCode !== "EUR");
  if (!rate) {
    return (
      <Text span size="sm" data-testid="money">
        {text}
      </Text>
    );
  }
  const date = formatDay(rate.date, i18n.language);
  const label = rate.stale
    ? t("money.rateStale", { date })
    : t("hangar.money.dailyRates", { date });
  return (
    <Tooltip label={label} withArrow>
      <Text
        span
        size="sm"
        data-testid="money"
        data-rate-date={rate.date}
        style={{ cursor: "help" }}
      >
        {text}
      </Text>
    </Tooltip>
  );
}
