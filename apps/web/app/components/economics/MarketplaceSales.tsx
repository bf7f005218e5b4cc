import { Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat, percentFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { useLocale } from "../../lib/use-locale.ts";

/** One marketplace's total sales over the range (GET /api/marketplace_sales). */
export interface MarketplaceSalesView {
  currency: string;
  from: string;
  to: string;
  syncedDays: number;
  totalSales: number | null;
  adSpend: number;
  adSales: number;
  tacos: number | null;
  organicShare: number | null;
}

const DAY = 86_400_000;

/**
 * Hangar's TACoS strip: total sales (ad-driven + organic) of the marketplace beside TACoS and the
 * organic share, in the marketplace's own currency. Unknown total sales say why, never show 0.
 */
export function MarketplaceSales({ sales }: { sales: MarketplaceSalesView | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!sales) return null;
  const tag = intlLocale(locale);
  const money = numberFormat(tag, { style: "currency", currency: sales.currency });
  const percent = percentFormat(tag);
  const days = Math.round((Date.parse(sales.to) - Date.parse(sales.from)) / DAY) + 1;
  const figure = (label: string, value: string, testId: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="marketplace-sales">
      <Group justify="space-between" align="flex-start">
        <Text fw={600} size="sm">
          {t("economics.marketplace.title")}
        </Text>
        {sales.totalSales !== null && sales.syncedDays < days ? (
          <Text size="xs" c="dimmed">
            {t("economics.marketplace.days", { days: sales.syncedDays, total: days })}
          </Text>
        ) : null}
      </Group>
      {sales.totalSales === null ? (
        <Text size="sm" c="dimmed" data-testid="marketplace-sales-missing">
          {t("economics.marketplace.notSynced")}
        </Text>
      ) : (
        <Group gap="xl" mt={4}>
          {figure(t("economics.totalSales"), money.format(sales.totalSales), "total-sales")}
          {figure(
            t("economics.tacos"),
            sales.tacos === null ? "–" : percent.format(sales.tacos),
            "marketplace-tacos",
          )}
          {figure(
            t("economics.organicShare"),
            sales.organicShare === null ? "–" : percent.format(sales.organicShare),
            "organic-share",
          )}
        </Group>
      )}
    </Paper>
  );
}
