import { Alert, Paper, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MetricCell } from "./MetricCell.tsx";
import type { MetricName, Metrics } from "./metrics.ts";

export interface PlacementRow {
  placement: "TOP_OF_SEARCH" | "REST_OF_SEARCH" | "PRODUCT_PAGES";
  metrics: Metrics;
}

const COLUMNS: MetricName[] = ["impressions", "clicks", "ctr", "cost", "sales", "acos", "cvr"];
const ORDER = ["TOP_OF_SEARCH", "REST_OF_SEARCH", "PRODUCT_PAGES"] as const;

/** Where the campaign's ads ran: top of search, rest of search, product pages. */
export function PlacementTable({
  rows,
  error,
  currency,
  converted,
  adjustments,
}: {
  rows: readonly PlacementRow[];
  error: boolean;
  currency: string;
  converted: boolean;
  adjustments: Partial<Record<PlacementRow["placement"], number | null>>;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" data-testid="placements-error">
        {t("hangar.placement.error")}
      </Alert>
    );
  }
  const byPlacement = new Map(rows.map((r) => [r.placement, r]));
  return (
    <Paper withBorder radius="sm">
      <Table striped fz="sm" data-testid="placements" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("hangar.placement.placement")}</Table.Th>
            <Table.Th ta="right">{t("hangar.placement.adjustment")}</Table.Th>
            {COLUMNS.map((m) => (
              <Table.Th key={m} ta="right">
                {t(`hangar.metric.${m}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ORDER.map((placement) => {
            const row = byPlacement.get(placement);
            return (
              <Table.Tr key={placement} data-placement={placement}>
                <Table.Td fw={500}>{t(`hangar.placement.${placement}`)}</Table.Td>
                <Table.Td ta="right">
                  {adjustments[placement] ? `+${adjustments[placement]} %` : "–"}
                </Table.Td>
                {COLUMNS.map((m) => (
                  <Table.Td key={m} ta="right">
                    <MetricCell
                      metric={m}
                      value={
                        row
                          ? row.metrics[m]
                          : m === "impressions" || m === "clicks" || m === "cost" || m === "sales"
                            ? 0
                            : null
                      }
                      currency={row?.metrics.currency ?? currency}
                      converted={converted}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 ? (
        <Text size="xs" c="dimmed" p="xs">
          {t("hangar.placement.empty")}
        </Text>
      ) : null}
    </Paper>
  );
}
