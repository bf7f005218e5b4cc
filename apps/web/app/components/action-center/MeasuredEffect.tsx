import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../hangar/format.ts";

/** What the API measured (its measuredEffect), as the queue carries it. */
export interface Measured {
  monthly: number | null;
  measuredFrom: string;
  /** A negative's monthly spend saved and sales lost. */
  spendSaved?: number | null;
  salesLost?: number | null;
}

/**
 * The done tab's measured effect of an applied recommendation beside its projection ("gemessen:
 * +12,00 € / Monat (Prognose +38,00 €)"), a negative's spend saved and sales lost under it, or
 * the day it will be measured on; nothing for the rest.
 */
export function MeasuredEffect({
  measured: m,
  impact,
  currency,
}: {
  measured: Measured | null;
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
    <Stack gap={0}>
      <Text size="sm" data-testid="queue-measured">
        {impact === null
          ? t("actionCenter.measuredNoProjection", { amount: signed(m.monthly) })
          : t("actionCenter.measured", {
              amount: signed(m.monthly),
              projected: signed(impact),
            })}
      </Text>
      {typeof m.spendSaved === "number" && typeof m.salesLost === "number" ? (
        <Text size="xs" c="dimmed" data-testid="queue-measured-negative">
          {t("actionCenter.measuredNegative", {
            saved: format.money(m.spendSaved, currency),
            lost: format.money(m.salesLost, currency),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
