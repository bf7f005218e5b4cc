import "@mantine/charts/styles.css";
import { CompositeChart } from "@mantine/charts";
import { Box, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { eachDay } from "./date-range.ts";
import { useFormat } from "./format.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Daily spend and sales (bars, left axis) with ACoS (line, right axis); the days Amazon is still
 * restating are shaded.
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
      <CompositeChart
        h={height}
        data={data}
        dataKey="date"
        maxBarWidth={18}
        curveType="linear"
        connectNulls={false}
        withLegend
        withRightYAxis
        rightYAxisProps={{ tickFormatter: (v: number) => `${format.number(v)} %` }}
        yAxisProps={{ tickFormatter: (v: number) => format.number(v) }}
        valueFormatter={(v) => format.number(Math.round(v * 100) / 100)}
        referenceAreas={
          hasRestated
            ? [
                {
                  x1: restated[0]?.date,
                  x2: restated.at(-1)?.date,
                  fill: "var(--mantine-color-orange-light)",
                  fillOpacity: 0.5,
                  label: undefined,
                },
              ]
            : []
        }
        series={[
          { name: spend, color: "red.5", type: "bar", label: `${spend} (${currency})` },
          { name: sales, color: "indigo.5", type: "bar", label: `${sales} (${currency})` },
          { name: acos, color: "orange.6", type: "line", yAxisId: "right", label: `${acos} (%)` },
        ]}
      />
    </Paper>
  );
}
