import { ScrollArea, Table, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Modal } from "../LazyOverlays.tsx";
import { MetricCell } from "./MetricCell.tsx";
import { METRICS } from "./metrics.ts";
import type { HangarRow, TableDef } from "./tables.ts";

/** 2–6 selected rows side by side: every metric with its change against the previous period. */
export function ComparisonModal({
  def,
  rows,
  currency,
  converted,
  onClose,
}: {
  def: TableDef;
  rows: readonly HangarRow[];
  currency: string;
  converted: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameColumn = def.columns.find((c) => c.fixed);
  const nameOf = (row: HangarRow) => String(nameColumn?.value?.(row) ?? row["@id"]);
  // Mantine closes on Escape only while focus is inside the dialog; a comparison opened from the
  // address (a reload, a shared link) renders open without taking focus, so the page listens too.
  useWindowEvent("keydown", (event) => {
    if (event.key === "Escape") onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      title={t(`hangar.compare.title.${def.key}`, {
        defaultValue: t("hangar.compare.titleGeneric"),
      })}
    >
      <ScrollArea>
        <Table striped withTableBorder withColumnBorders fz="sm" data-testid="comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("hangar.compare.metric")}</Table.Th>
              {rows.map((row) => (
                <Table.Th key={row["@id"]} maw={220} data-testid="comparison-entity">
                  <Text size="sm" fw={600} lineClamp={2}>
                    {nameOf(row)}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {METRICS.map((metric) => (
              <Table.Tr key={metric} data-metric={metric}>
                <Table.Td fw={500}>{t(`hangar.metric.${metric}`)}</Table.Td>
                {rows.map((row) => (
                  <Table.Td key={row["@id"]}>
                    <MetricCell
                      metric={metric}
                      value={row.metrics?.[metric]}
                      previous={row.previousMetrics?.[metric]}
                      currency={row.metrics?.currency ?? currency}
                      converted={converted}
                      withDelta
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Modal>
  );
}
