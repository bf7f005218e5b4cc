import { Badge, Group, Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { DataTableColumn } from "mantine-datatable";
import { goalColumn, tacosColumns } from "../../../components/economics/tacos-columns.tsx";
import type { formatters } from "./format.ts";
import type { ProductRow } from "./types.ts";

/**
 * The product table's columns: the product, its economics and stock, the range's ad metrics;
 * those of `visible` (query.ts declares which exist and which show by default).
 */
export function productColumns(
  t: TFunction,
  f: ReturnType<typeof formatters>,
  visible: readonly string[],
): DataTableColumn<ProductRow>[] {
  const missing = (
    <Text span c="dimmed" size="sm">
      {t("catalogue.missing")}
    </Text>
  );
  const all: DataTableColumn<ProductRow>[] = [
    {
      accessor: "title",
      title: t("catalogue.columns.title"),
      sortable: true,
      width: 200,
      render: (p) => (
        <Stack gap={2}>
          <Text size="sm" lineClamp={1} fw={500}>
            {p.title}
          </Text>
          <Group gap={4}>
            {p.tags.map((tag) => (
              <Badge key={tag.id} size="xs" variant="light">
                {tag.text}
              </Badge>
            ))}
          </Group>
        </Stack>
      ),
    },
    {
      accessor: "sku",
      title: t("catalogue.columns.sku"),
      sortable: true,
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {p.sku}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {[p.asin, p.marketplace].filter(Boolean).join(" · ")}
          </Text>
        </Stack>
      ),
    },
    { accessor: "marketplace", title: t("catalogue.columns.marketplace"), sortable: true },
    {
      accessor: "brand",
      title: t("catalogue.columns.brand"),
      sortable: true,
      render: (p) => p.brand || missing,
    },
    {
      accessor: "price",
      title: t("catalogue.columns.price"),
      sortable: true,
      textAlign: "right",
      render: (p) => f.money(p.price, p.currency) ?? missing,
    },
    {
      accessor: "cost",
      title: t("catalogue.columns.cost"),
      sortable: true,
      textAlign: "right",
      render: (p) => f.money(p.cost, p.costCurrency ?? p.currency) ?? missing,
    },
    {
      accessor: "margin",
      title: t("catalogue.columns.margin"),
      // the longest header ("Deckungsbeitrag vor Werbung") wraps instead of widening the table
      width: 130,
      titleStyle: { whiteSpace: "normal" },
      sortable: true,
      textAlign: "right",
      render: (p) =>
        p.margin === null ? (
          missing
        ) : (
          <Stack gap={0} align="flex-end" data-testid="product-margin">
            <Text size="sm" c={p.margin < 0 ? "red" : undefined}>
              {f.money(p.margin, p.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {f.percent(p.marginRate)}
            </Text>
          </Stack>
        ),
    },
    {
      accessor: "stock",
      title: t("catalogue.columns.stock"),
      sortable: true,
      textAlign: "right",
      render: (p) =>
        p.stock.quantity === null ? (
          missing
        ) : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Text size="sm">{f.number(p.stock.quantity)}</Text>
            {p.stock.status && p.stock.status !== "in_stock" && (
              <Badge size="xs" color={p.stock.status === "out_of_stock" ? "red" : "orange"}>
                {t(`catalogue.stock.${p.stock.status}`)}
              </Badge>
            )}
          </Group>
        ),
    },
    {
      accessor: "daysOfCover",
      title: t("catalogue.columns.daysOfCover"),
      sortable: true,
      textAlign: "right",
      render: (p) => f.number(p.stock.daysOfCover) ?? missing,
    },
    {
      accessor: "spend",
      title: t("catalogue.columns.spend"),
      sortable: true,
      textAlign: "right",
      render: (p) => f.money(p.metrics?.spend ?? 0, p.currency),
    },
    {
      accessor: "sales",
      title: t("catalogue.columns.sales"),
      sortable: true,
      textAlign: "right",
      render: (p) => f.money(p.metrics?.sales ?? 0, p.currency),
    },
    {
      accessor: "acos",
      title: t("catalogue.columns.acos"),
      sortable: true,
      textAlign: "right",
      render: (p) =>
        f.percent(p.metrics?.acos) ?? (
          <Text span c="dimmed" size="sm">
            {t("catalogue.notApplicable")}
          </Text>
        ),
    },
    ...tacosColumns(t, f, missing),
    goalColumn(t, f, missing),
  ];
  // The declaration's order (query.ts) is the table's.
  return all.filter((column) => visible.includes(String(column.accessor)));
}
