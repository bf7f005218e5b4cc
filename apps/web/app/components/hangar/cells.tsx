import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { sameData } from "../../lib/same-data.ts";
import { EditableCell } from "./changes/EditableCell.tsx";
import type { useFormat } from "./format.ts";
import { MetricCell } from "./MetricCell.tsx";
import { MarkedCell } from "./RecommendationMarker.tsx";
import type { RowRecommendation } from "./row-recommendations.ts";
import { type ColumnDef, cellValue, type HangarRow, type TableDef } from "./tables.ts";

/** What a Hangar table's cells need from the table around them. */
export interface CellContext {
  t: TFunction;
  format: ReturnType<typeof useFormat>;
  currency: string;
  converted: boolean;
  /** Metric cells show the change against the previous period. */
  withDelta: boolean;
  /** The table's editing, where the screen provides the changes tray. */
  editing: TableDef["editing"];
  rowHref?: (row: HangarRow) => string | null;
}

export interface HangarCellProps {
  column: ColumnDef;
  row: HangarRow;
  context: CellContext;
  /** The identifying cell: it carries the marker of the row's open recommendations. */
  marked: boolean;
  /** The row's open recommendations (undefined: none). */
  recommendations: RowRecommendation[] | undefined;
}

/**
 * One cell of a Hangar table, drawn again only when what it shows changed. A sort or another
 * page reloads the rows as new objects, most with the same data: drawing every cell again (50
 * rows of Mantine components) was most of a sort click's script time in Chromium's profile.
 */
export const HangarCell = memo(function HangarCell({
  column,
  row,
  context,
  marked,
  recommendations,
}: HangarCellProps) {
  const cell = renderHangarCell(column, row, context);
  return marked ? (
    <MarkedCell row={row} list={recommendations}>
      {cell}
    </MarkedCell>
  ) : (
    cell
  );
}, sameCell);

/** Whether a cell would show the same as before (exported for its test). */
export function sameCell(a: HangarCellProps, b: HangarCellProps): boolean {
  const x = a.context;
  const y = b.context;
  return (
    a.column === b.column &&
    a.marked === b.marked &&
    x.t === y.t &&
    x.format === y.format &&
    x.currency === y.currency &&
    x.converted === y.converted &&
    x.withDelta === y.withDelta &&
    x.editing === y.editing &&
    // the link is what the function makes of the row, whichever function instance it is
    (a.column.fixed ? x.rowHref?.(a.row) === y.rowHref?.(b.row) : true) &&
    sameData(a.row, b.row) &&
    sameData(a.recommendations, b.recommendations)
  );
}

/** One cell of a Hangar table: a metric, an editor, a state badge, flags, money, a product or text. */
export function renderHangarCell(
  column: ColumnDef,
  row: HangarRow,
  { t, format, currency, converted, withDelta, editing, rowHref }: CellContext,
): ReactNode {
  if (column.metric) {
    return (
      <MetricCell
        testId="metric-cell"
        metric={column.metric}
        value={row.metrics?.[column.metric]}
        previous={row.previousMetrics?.[column.metric]}
        currency={row.metrics?.currency ?? currency}
        converted={converted}
        withDelta={withDelta}
      />
    );
  }
  const value = cellValue(column, row);
  if (editing && column.edit) {
    return <EditableCell row={row} field={column.edit} value={value} editing={editing} />;
  }
  if (column.format === "state" && value) {
    const color = value === "ENABLED" ? "teal" : value === "PAUSED" ? "yellow" : "gray";
    // Dot variant: the state's colour on the dot, body-coloured text (the light variant's
    // teal and yellow text fail contrast at this size).
    return (
      <Badge size="xs" variant="dot" color={color}>
        {t(`hangar.state.${value}`, { defaultValue: String(value) })}
      </Badge>
    );
  }
  if (column.format === "flags") {
    return (
      <Group gap={4} wrap="nowrap">
        {row.isKeyword ? (
          <Badge size="xs" variant="light" color="indigo" data-testid="flag-keyword">
            {t("hangar.flag.keyword")}
          </Badge>
        ) : null}
        {row.isNegative ? (
          <Badge size="xs" variant="light" color="red" data-testid="flag-negative">
            {t("hangar.flag.negative")}
          </Badge>
        ) : null}
      </Group>
    );
  }
  if (column.format === "money") {
    return (
      <Text span size="sm">
        {format.money(typeof value === "number" ? value : null, row.metrics?.currency ?? currency)}
      </Text>
    );
  }
  if (column.key === "product") {
    const product = row.product as { title?: string; imageUrl?: string | null } | null;
    return (
      <Group gap="xs" wrap="nowrap">
        {product?.imageUrl ? (
          <img
            src={product.imageUrl}
            alt=""
            width={32}
            height={32}
            style={{ objectFit: "contain" }}
          />
        ) : null}
        <Text size="sm" lineClamp={2}>
          {product?.title ?? t("hangar.productUnknown")}
        </Text>
      </Group>
    );
  }
  if (
    column.key === "targetingType" ||
    column.key === "matchType" ||
    column.key === "level" ||
    column.key === "biddingStrategy"
  ) {
    return value ? t(`hangar.enum.${value}`, { defaultValue: String(value) }) : "–";
  }
  const text = value === null || value === "" ? "–" : String(value);
  const href = column.fixed ? rowHref?.(row) : null;
  return href ? (
    <Anchor component={Link} to={href} size="sm" data-testid="row-link">
      {text}
    </Anchor>
  ) : (
    text
  );
}
