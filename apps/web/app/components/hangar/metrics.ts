import { numberFormat, percentFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";

/**
 * The advertising metrics as the API's `Metrics` object carries them (HANGAR-CONTRACT), declared
 * once: their kind (count, money, ratio), whether more is better, and how the seller profile's
 * default metric maps onto them. Formatting goes through Intl for the locale.
 */

export const METRICS = [
  "impressions",
  "clicks",
  "ctr",
  "cost",
  "cpc",
  "orders",
  "units",
  "sales",
  "acos",
  "roas",
  "cvr",
] as const;
export type MetricName = (typeof METRICS)[number];

export type MetricKind = "count" | "money" | "ratio" | "multiple";

export const METRIC_KIND: Record<MetricName, MetricKind> = {
  impressions: "count",
  clicks: "count",
  ctr: "ratio",
  cost: "money",
  cpc: "money",
  orders: "count",
  units: "count",
  sales: "money",
  acos: "ratio",
  roas: "multiple",
  cvr: "ratio",
};

/** Whether a rise is good news (a rising ACoS, CPC or spend is not). */
export const HIGHER_IS_BETTER: Record<MetricName, boolean | null> = {
  impressions: true,
  clicks: true,
  ctr: true,
  cost: null,
  cpc: false,
  orders: true,
  units: true,
  sales: true,
  acos: false,
  roas: true,
  cvr: true,
};

export interface Metrics {
  impressions: number;
  clicks: number;
  cost: number;
  orders: number;
  units: number;
  sales: number;
  acos: number | null;
  roas: number | null;
  ctr: number | null;
  cvr: number | null;
  cpc: number | null;
  currency: string;
}

/** The KPI tiles of a profile card, in this order after the default metric. */
export const KPI_METRICS: readonly MetricName[] = [
  "cost",
  "sales",
  "acos",
  "roas",
  "orders",
  "clicks",
  "cpc",
  "ctr",
  "cvr",
];

/** Seller-profile setting `defaultAdvertisingMetric` (ACoS, RoAS, TACoS, CPC, CTR, CR) → metric. */
export function defaultMetricOf(setting: string | undefined): MetricName {
  switch (setting) {
    case "RoAS":
      return "roas";
    case "CPC":
      return "cpc";
    case "CTR":
      return "ctr";
    case "CR":
      return "cvr";
    default:
      // TACoS needs total sales, which Hangar does not have: ACoS is its advertising part.
      return "acos";
  }
}

/** The default metric first, the rest in their usual order. */
export function kpiOrder(first: MetricName): MetricName[] {
  return [first, ...KPI_METRICS.filter((m) => m !== first)];
}

export function formatMetric(
  name: MetricName,
  value: number | null | undefined,
  locale: string,
  currency: string,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  switch (METRIC_KIND[name]) {
    case "money":
      return numberFormat(intlLocale(locale), { style: "currency", currency }).format(value);
    case "ratio":
      return percentFormat(intlLocale(locale)).format(value);
    case "multiple":
      return numberFormat(intlLocale(locale), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value);
    default:
      return numberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(value);
  }
}

/** Relative change of current against previous; null when there is nothing to compare with. */
export function relativeChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined)
    return null;
  // Nothing before and nothing now is no change worth a figure; from nothing, no ratio exists.
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** good / bad / neutral for colouring a change. */
export function changeTone(name: MetricName, change: number | null): "good" | "bad" | "neutral" {
  const better = HIGHER_IS_BETTER[name];
  if (change === null || Math.abs(change) < 0.0005 || better === null) return "neutral";
  return change > 0 === better ? "good" : "bad";
}

export function formatChange(change: number | null, locale: string): string {
  if (change === null) return "–";
  return numberFormat(intlLocale(locale), {
    style: "percent",
    signDisplay: "exceptZero",
    maximumFractionDigits: 1,
  }).format(change);
}

/**
 * A filter value typed by the seller ("40" for ACoS means 40 %) in the API's units (0.4).
 */
export function toApiValue(name: MetricName, typed: number): number {
  return METRIC_KIND[name] === "ratio" ? typed / 100 : typed;
}

export function fromApiValue(name: MetricName, value: number): number {
  return METRIC_KIND[name] === "ratio" ? Math.round(value * 100 * 1e6) / 1e6 : value;
}

export const EMPTY_METRICS: Omit<Metrics, "currency"> = {
  impressions: 0,
  clicks: 0,
  cost: 0,
  orders: 0,
  units: 0,
  sales: 0,
  acos: null,
  roas: null,
  ctr: null,
  cvr: null,
  cpc: null,
};
