import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { KpiTile } from "./KpiTile.tsx";
import { kpiOrder, type MetricName, type Metrics } from "./metrics.ts";

/** The KPI tiles of a scope, the seller profile's default metric first. */
export function KpiGrid({
  first,
  current,
  previous,
  daily,
  currency,
  converted,
  cols = { base: 2, sm: 3, lg: 5 },
}: {
  first: MetricName;
  current: Metrics | null;
  previous: Metrics | null;
  daily: readonly (Partial<Metrics> & { date: string })[];
  currency: string;
  converted: boolean;
  cols?: Record<string, number>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {current ? null : (
        <Text size="sm" c="dimmed" data-testid="kpi-no-facts">
          {t("hangar.overview.noFacts")}
        </Text>
      )}
      <SimpleGrid
        cols={cols}
        spacing="xs"
        data-testid="kpi-grid"
        data-empty={current ? undefined : "true"}
      >
        {kpiOrder(first).map((metric) => (
          <KpiTile
            key={metric}
            metric={metric}
            current={current}
            previous={previous}
            daily={daily}
            currency={current?.currency ?? currency}
            converted={converted}
            highlighted={metric === first}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
