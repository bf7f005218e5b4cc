import type { ResolvedSettings } from "@starport/settings";
import type { AdGroupNode, DecisionInputs, ProductInfo } from "./types.ts";

/** An ad group's target ACoS, where it came from, and the settings and products it was read from. */
export interface GroupTarget {
  acos: number;
  source: DecisionInputs["targetSource"];
  breakEven: number;
  settings: ResolvedSettings;
  products: ProductInfo[];
}

/** The ad group's target: its product's, or the spend-weighted target of its products. */
export function groupTarget(
  g: AdGroupNode,
  products: Map<string, ProductInfo>,
  fallback: ResolvedSettings,
): GroupTarget | null {
  const list: ProductInfo[] = [];
  for (const p of g.products) {
    const info = products.get(p.productId);
    if (info) list.push(info);
  }
  if (list.length === 0) {
    const t = fallback.effectiveTargetAcos ?? fallback.values.targetAcos.value;
    if (t === null) return null;
    return {
      acos: t / 100,
      source: "fixedFallback",
      breakEven: t / 100,
      settings: fallback,
      products: list,
    };
  }
  let w = 0;
  let acos = 0;
  let be = 0;
  let fellBack = false;
  const totalSpend = list.reduce((s, p) => s + p.spend, 0);
  for (const p of list) {
    let t = p.settings.effectiveTargetAcos;
    if (t === null) {
      // relative to break-even without economics: bid on the fixed target and say so
      t = p.settings.values.targetAcos.value;
      fellBack = true;
    }
    if (t === null) continue;
    const weight = totalSpend > 0 ? p.spend : 1;
    w += weight;
    acos += weight * (t / 100);
    be += weight * (p.breakEvenAcos ?? t / 100);
  }
  if (w === 0) return null;
  return {
    acos: acos / w,
    source: fellBack ? "fixedFallback" : list.length > 1 ? "spendWeighted" : "product",
    breakEven: be / w,
    settings: (list[0] as ProductInfo).settings,
    products: list,
  };
}
