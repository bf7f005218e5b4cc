import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { formatters } from "../../routes/product/list/format.ts";
import type { ProductRow } from "../../routes/product/list/types.ts";
import { GoalCell } from "../settings/advertising/GoalVsActual.tsx";

/**
 * The product list's TACoS columns: total sales (ad-driven + organic, SP-API Sales), TACoS (ad
 * spend / total sales) and the organic share. Unknown (not yet synced) shows as missing, never 0.
 */
export function tacosColumns(t: TFunction, f: ReturnType<typeof formatters>, missing: ReactNode) {
  return [
    {
      accessor: "totalSales",
      title: t("economics.totalSales"),
      textAlign: "right" as const,
      render: (p: ProductRow) => f.money(p.metrics?.totalSales, p.currency) ?? missing,
    },
    {
      accessor: "tacos",
      title: t("economics.tacos"),
      textAlign: "right" as const,
      render: (p: ProductRow) => (
        <span data-testid="product-tacos">{f.percent(p.metrics?.tacos) ?? missing}</span>
      ),
    },
    {
      accessor: "organicShare",
      title: t("economics.organicShare"),
      textAlign: "right" as const,
      render: (p: ProductRow) => f.percent(p.metrics?.organicShare) ?? missing,
    },
  ];
}

/**
 * Goal tracking in the product list: the product's goal as settings resolve it (target ACoS, or
 * target TACoS for a TACoS goal) with how the range's actual stands against it, in colour and text.
 */
export function goalColumn(t: TFunction, f: ReturnType<typeof formatters>, missing: ReactNode) {
  return {
    accessor: "goal",
    title: t("catalogue.columns.goal"),
    textAlign: "right" as const,
    render: (p: ProductRow) => {
      const goal = p.goal;
      if (!goal || goal.target === null) return missing;
      return (
        <span
          data-testid="product-goal"
          data-status={goal.status ?? "none"}
          data-metric={goal.metric}
        >
          <GoalCell
            targetAcos={goal.target}
            status={goal.status}
            percent={f.percent}
            metric={goal.metric === "tacos" ? t("economics.tacos") : null}
          />
        </span>
      );
    },
  };
}
