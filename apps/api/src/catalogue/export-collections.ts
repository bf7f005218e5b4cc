import type { FastifyReply } from "fastify";
import { type ColumnSpec, type ExportFormat, exportList } from "../hydra/export.ts";
import { GOAL_STATUS_LABELS } from "./export-products.ts";
import type { CollectionSummaries, CollectionSummary } from "./summarize-collections.ts";

/**
 * The Cargo Bay list as CSV or XLSX (`format=csv|xlsx`, or the Accept header): the collections
 * and KPIs the screen shows for the same range, through the generic exporter, headers and numbers
 * in the `locale`. The amounts are in the list's currency, named in its own column.
 */

export const COLLECTION_EXPORT_COLUMNS: Record<string, ColumnSpec> = {
  name: { label: { de: "Name", en: "Name" }, kind: "text" },
  membership: { label: { de: "Art", en: "Type" }, kind: "text" },
  priority: { label: { de: "Priorität", en: "Priority" }, kind: "number" },
  productCount: { label: { de: "Produkte", en: "Products" }, kind: "number" },
  currency: { label: { de: "Währung", en: "Currency" }, kind: "text" },
  spend: { label: { de: "Ausgaben", en: "Spend" }, kind: "money" },
  sales: { label: { de: "Umsatz", en: "Sales" }, kind: "money" },
  acos: { label: { de: "ACoS", en: "ACoS" }, kind: "percent" },
  totalSales: { label: { de: "Gesamtumsatz", en: "Total sales" }, kind: "money" },
  tacos: { label: { de: "TACoS", en: "TACoS" }, kind: "percent" },
  organicShare: { label: { de: "Organischer Anteil", en: "Organic share" }, kind: "percent" },
  targetAcos: { label: { de: "Ziel-ACoS", en: "Target ACoS" }, kind: "percent" },
  goalStatus: { label: { de: "Zielstatus", en: "Goal status" }, kind: "text" },
};

const MEMBERSHIP_LABELS: Record<string, { de: string; en: string }> = {
  manual: { de: "Manuell", en: "Manual" },
  rules: { de: "Regelbasiert", en: "Rule-based" },
};

function exportRecord(
  row: CollectionSummary,
  currency: string,
  locale: "de" | "en",
): Record<string, unknown> {
  return {
    name: row.name,
    membership: MEMBERSHIP_LABELS[row.membership]?.[locale] ?? row.membership,
    priority: row.priority,
    productCount: row.productCount,
    currency,
    spend: row.spend,
    sales: row.sales,
    acos: row.acos,
    totalSales: row.totalSales,
    tacos: row.tacos,
    organicShare: row.organicShare,
    // Percent in the settings, a fraction in the file (formatted as a percentage).
    targetAcos: row.goal.targetAcos === null ? null : row.goal.targetAcos / 100,
    goalStatus: row.goal.status ? GOAL_STATUS_LABELS[row.goal.status][locale] : null,
  };
}

export async function exportCollectionSummaries(
  reply: FastifyReply,
  format: ExportFormat,
  summaries: CollectionSummaries,
  query: URLSearchParams,
) {
  return exportList(reply, format, query, {
    columns: COLLECTION_EXPORT_COLUMNS,
    fileName: { de: "collections", en: "collections" },
    sheetTitle: { de: "Kollektionen", en: "Collections" },
    // One page: a seller's collections are few and already summarised.
    pageSize: Math.max(1, summaries.collections.length),
    async page(_n, locale) {
      const rows = summaries.collections.map((row) =>
        exportRecord(row, summaries.currency, locale),
      );
      return { members: rows, total: rows.length };
    },
  });
}
