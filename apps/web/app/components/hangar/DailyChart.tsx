import "@mantine/charts/styles.css";
import { Box, Group, Paper, Skeleton, Text } from "@mantine/core";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { AfterHydration } from "../AfterHydration.tsx";
import { eachDay } from "./date-range.ts";
import { useFormat } from "./format.ts";
import type { Metrics } from "./metrics.ts";

// recharts is the heaviest part of the page: it loads after the table, with a skeleton meanwhile.
const DailyChartPlot = lazy(() => import("./DailyChartPlot.tsx"));

/**
 * Daily spend and sales (bars, left axis) with ACoS (line, right axis); the days Amazon is still
 * restating are shaded. The chart itself arrives after the page (see DailyChartPlot).
 */
export function DailyChart({
  daily,
  range,
  currency,
  restatedFrom,
  height = 220,
}: {
  daily: readonly (Partial<Metrics> & { date: string })[];
  range: { from: string; to: string };
  currency: string;
  restatedFrom: string;
  height?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const byDay = new Map(daily.map((d) => [d.date, d]));
  const spend = t("hangar.metric.cost");
  const sales = t("hangar.metric.sales");
  const acos = t("hangar.metric.acos");
  const data = eachDay(range).map((date) => {
    const d = byDay.get(date);
    return {
      date: format.shortDay(date),
      iso: date,
      [spend]: d?.cost ?? 0,
      [sales]: d?.sales ?? 0,
      [acos]: d?.acos === null || d?.acos === undefined ? null : Math.round(d.acos * 1000) / 10,
    };
  });
  const restated = data.filter((d) => d.iso >= restatedFrom);
  const hasRestated = restated.length > 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="daily-chart">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t("hangar.chart.title")}
        </Text>
        {hasRestated ? (
          // Body-coloured text (orange text fails contrast at this size); the orange square
          // ties it to the chart's highlighted restated days.
          <Group gap={6} wrap="nowrap">
            <Box w={10} h={10} bg="orange" style={{ borderRadius: 2 }} aria-hidden />
            <Text size="xs" data-testid="restated-note">
              {t("hangar.restated", { date: format.day(restatedFrom) })}
            </Text>
          </Group>
        ) : null}
      </Group>
      <AfterHydration fallback={<Skeleton h={height} data-testid="daily-chart-loading" />}>
        <DailyChartPlot
          data={data}
          height={height}
          currency={currency}
          labels={{ spend, sales, acos }}
          restated={hasRestated ? { x1: restated[0]?.date, x2: restated.at(-1)?.date } : null}
        />
      </AfterHydration>
    </Paper>
  );
}
