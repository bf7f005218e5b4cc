import { DailyChart } from "./DailyChart.tsx";
import type { loadScopeMetrics, RangeInfo } from "./hangar.server.ts";
import { KpiGrid } from "./KpiGrid.tsx";
import { defaultMetricOf } from "./metrics.ts";

/**
 * The performance of one campaign or ad group over the range, as its detail screens show it: the
 * KPI tiles (the seller profile's default metric first) and the daily chart.
 */
export function ScopePerformance({
  defaultMetric,
  metrics,
  info,
  currency,
  converted,
  chartHeight,
}: {
  defaultMetric: string | undefined;
  metrics: Awaited<ReturnType<typeof loadScopeMetrics>>;
  info: RangeInfo;
  currency: string;
  converted: boolean;
  chartHeight?: number;
}) {
  return (
    <>
      <KpiGrid
        first={defaultMetricOf(defaultMetric)}
        current={metrics.current}
        previous={metrics.previous}
        daily={metrics.daily}
        currency={currency}
        converted={converted}
      />
      <DailyChart
        daily={metrics.daily}
        range={info.range}
        currency={currency}
        restatedFrom={info.restatedFrom}
        {...(chartHeight === undefined ? {} : { height: chartHeight })}
      />
    </>
  );
}
