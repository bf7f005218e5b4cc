import { CompositeChart } from "@mantine/charts";
import { memo } from "react";
import { sameData } from "../../lib/same-data.ts";
import { useFormat } from "./format.ts";

export interface DailyChartPoint {
  date: string;
  iso: string;
  [series: string]: string | number | null;
}

/** The chart itself (recharts), loaded on its own after the page: see DailyChart. */
function DailyChartPlot({
  data,
  height,
  currency,
  labels,
  restated,
}: {
  data: DailyChartPoint[];
  height: number;
  currency: string;
  labels: { spend: string; sales: string; acos: string };
  restated: { x1: string | undefined; x2: string | undefined } | null;
}) {
  const format = useFormat();
  const { spend, sales, acos } = labels;
  return (
    <CompositeChart
      h={height}
      data={data}
      dataKey="date"
      maxBarWidth={18}
      curveType="linear"
      connectNulls={false}
      withLegend
      withRightYAxis
      rightYAxisProps={{ tickFormatter: (v: number) => format.percentTick(v) }}
      yAxisProps={{ tickFormatter: (v: number) => format.number(v) }}
      valueFormatter={(v) => format.number(Math.round(v * 100) / 100)}
      referenceAreas={
        restated
          ? [
              {
                x1: restated.x1,
                x2: restated.x2,
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
  );
}

/**
 * Drawn again only when what it shows changes: a sort or a page of the table below loads the
 * same days again, and recharts redrawing them was a tenth of a sort click's time.
 */
export default memo(DailyChartPlot, sameData);
