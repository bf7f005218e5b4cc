import { Sparkline } from "@mantine/charts";

/** A KPI tile's sparkline (recharts), loaded on its own after the page: see KpiTile. */
export default function KpiSparkline({
  values,
  highlighted,
}: {
  values: number[];
  highlighted: boolean;
}) {
  return (
    <Sparkline
      h={28}
      data={values}
      curveType="monotone"
      color={highlighted ? "indigo" : "gray"}
      fillOpacity={0.25}
      strokeWidth={1.5}
    />
  );
}
