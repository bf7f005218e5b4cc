import "@mantine/charts/styles.css";
import { Box, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { AfterHydration } from "../AfterHydration.tsx";
import { useFormat } from "./format.ts";
import { Delta } from "./MetricCell.tsx";
import { MoneyText } from "./MoneyText.tsx";
import type { MetricName, Metrics } from "./metrics.ts";

// recharts loads after the figures, with a skeleton meanwhile.
const KpiSparkline = lazy(() => import("./KpiSparkline.tsx"));

/** One KPI: its value over the range, the change against the previous period, a sparkline. */
export function KpiTile({
  metric,
  current,
  previous,
  daily,
  currency,
  converted = false,
  highlighted = false,
}: {
  metric: MetricName;
  current: Metrics | null;
  previous: Metrics | null;
  daily: readonly (Partial<Metrics> & { date: string })[];
  currency: string;
  converted?: boolean;
  highlighted?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const value = current?.[metric] ?? null;
  const text = format.metric(metric, value as number | null, currency);
  const money = metric === "cost" || metric === "sales" || metric === "cpc";
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-testid="kpi-tile"
      data-metric={metric}
      data-value={value ?? ""}
      bg={highlighted ? "var(--mantine-primary-color-light)" : undefined}
    >
      <Stack gap={2}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          {/* A long label (Konversionsrate) gives way to the change: truncated, whole on hover. */}
          <Text
            size="xs"
            c="dimmed"
            fw={600}
            tt="uppercase"
            truncate="end"
            miw={0}
            title={t(`hangar.metric.${metric}`)}
          >
            {t(`hangar.metric.${metric}`)}
          </Text>
          <Delta
            metric={metric}
            current={value as number | null}
            previous={previous?.[metric] as number | null}
          />
        </Group>
        <Text fw={700} size="lg" data-testid="kpi-value">
          {money && converted ? <MoneyText text={text} currency={currency} /> : text}
        </Text>
        {/* Decorative (the value and change are text above); inert, not aria-hidden: recharts
            makes its chart focusable, and a focus stop hidden from screen readers is an error. */}
        <Box inert>
          <AfterHydration fallback={<Skeleton h={28} />}>
            <KpiSparkline
              values={daily.map((d) => Number(d[metric] ?? 0))}
              highlighted={highlighted}
            />
          </AfterHydration>
        </Box>
      </Stack>
    </Paper>
  );
}
