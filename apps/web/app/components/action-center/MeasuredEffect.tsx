import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../hangar/format.ts";

/**
 * The done tab's measured effect of an applied bid beside its projection ("gemessen: +12,00 € /
 * Monat (Prognose +38,00 €)"), or the day it will be measured on; nothing for the rest.
 */
export function MeasuredEffect({
  measured: m,
  impact,
  currency,
}: {
  measured: { monthly: number | null; measuredFrom: string } | null;
  impact: number | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!m) return null;
  const signed = (x: number) => `${x > 0 ? "+" : ""}${format.money(x, currency)}`;
  if (m.monthly === null)
    return (
      <Text size="xs" c="dimmed" data-testid="queue-measured-pending">
        {t("actionCenter.measuredFrom", { date: format.day(m.measuredFrom) })}
      </Text>
    );
  return (
    <Text size="sm" data-testid="queue-measured">
      {impact === null
        ? t("actionCenter.measuredNoProjection", { amount: signed(m.monthly) })
        : t("actionCenter.measured", {
            amount: signed(m.monthly),
            projected: signed(impact),
          })}
    </Text>
  );
}
