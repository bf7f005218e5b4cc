import { useFormat } from "../hangar/format.ts";

/** What the home page and the action center show of a recommendation's projection. */
export interface Projected {
  impact: number | null;
  impactLow: number | null;
  impactHigh: number | null;
  currency: string;
}

/** "+38,00 € (12,00 € – 61,00 €)": the projected monthly profit and its range. */
export function useImpact() {
  const format = useFormat();
  return (item: Projected): string | null => {
    if (item.impact === null) return null;
    const sign = item.impact > 0 ? "+" : "";
    const main = `${sign}${format.money(item.impact, item.currency)}`;
    if (item.impactLow === null || item.impactHigh === null) return main;
    return `${main} (${format.money(item.impactLow, item.currency)} – ${format.money(item.impactHigh, item.currency)})`;
  };
}
