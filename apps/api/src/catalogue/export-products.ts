import type { Database } from "@starport/db";
import type { GoalStatus } from "@starport/settings";
import type { FastifyReply } from "fastify";
import type { Principal } from "../auth/principal.ts";
import { type ColumnSpec, type ExportFormat, exportList } from "../hydra/export.ts";
import { listCatalogueProducts, type ProductListRow } from "./list-products.ts";
import { type ProductListQuery, parseProductListQuery } from "./product-list-query.ts";

/**
 * The product list as CSV or XLSX (`format=csv|xlsx`, or the Accept header): every page of the
 * current filters and order through the generic exporter, the columns named by `columns[]` (by
 * default those the screen shows), headers and numbers in the `locale`.
 */

/** The exported columns: the screen's, named as the file shows them. */
export const PRODUCT_EXPORT_COLUMNS: Record<string, ColumnSpec> = {
  title: { label: { de: "Produkt", en: "Product" }, kind: "text" },
  tags: { label: { de: "Tags", en: "Tags" }, kind: "text" },
  sku: { label: { de: "SKU", en: "SKU" }, kind: "text" },
  asin: { label: { de: "ASIN", en: "ASIN" }, kind: "text" },
  marketplace: { label: { de: "Marktplatz", en: "Marketplace" }, kind: "text" },
  brand: { label: { de: "Marke", en: "Brand" }, kind: "text" },
  category: { label: { de: "Kategorie", en: "Category" }, kind: "text" },
  status: { label: { de: "Status", en: "Status" }, kind: "text" },
  lifecycle: { label: { de: "Lebenszyklus", en: "Lifecycle" }, kind: "text" },
  currency: { label: { de: "Währung", en: "Currency" }, kind: "text" },
  price: { label: { de: "Preis", en: "Price" }, kind: "money" },
  cost: { label: { de: "Kosten", en: "Cost" }, kind: "money" },
  shippingCost: { label: { de: "Versandkosten", en: "Shipping cost" }, kind: "money" },
  margin: {
    label: { de: "Deckungsbeitrag vor Werbung", en: "Contribution before advertising" },
    kind: "money",
  },
  marginRate: {
    label: { de: "Deckungsbeitrag vor Werbung %", en: "Contribution before advertising %" },
    kind: "percent",
  },
  stock: { label: { de: "Bestand", en: "Stock" }, kind: "number" },
  stockStatus: { label: { de: "Bestandsstatus", en: "Stock status" }, kind: "text" },
  daysOfCover: { label: { de: "Reichweite (Tage)", en: "Days of cover" }, kind: "number" },
  spend: { label: { de: "Werbekosten", en: "Ad spend" }, kind: "money" },
  sales: { label: { de: "Werbeumsatz", en: "Ad sales" }, kind: "money" },
  acos: { label: { de: "ACoS", en: "ACoS" }, kind: "percent" },
  totalSales: { label: { de: "Gesamtumsatz", en: "Total sales" }, kind: "money" },
  tacos: { label: { de: "TACoS", en: "TACoS" }, kind: "percent" },
  organicShare: { label: { de: "Organischer Anteil", en: "Organic share" }, kind: "percent" },
  goalMetric: { label: { de: "Zielkennzahl", en: "Goal metric" }, kind: "text" },
  goal: { label: { de: "Ziel", en: "Goal" }, kind: "percent" },
  goalStatus: { label: { de: "Zielstatus", en: "Goal status" }, kind: "text" },
};

/** What the screen shows, in its order (the default of `columns[]`). */
const DEFAULT_COLUMNS = [
  "title",
  "tags",
  "sku",
  "asin",
  "marketplace",
  "brand",
  "currency",
  "price",
  "cost",
  "margin",
  "marginRate",
  "stock",
  "daysOfCover",
  "spend",
  "sales",
  "acos",
  "totalSales",
  "tacos",
  "organicShare",
  "goalMetric",
  "goal",
  "goalStatus",
];

/** Goal statuses as the screen words them. */
export const GOAL_STATUS_LABELS: Record<GoalStatus, { de: string; en: string }> = {
  onTarget: { de: "Im Ziel", en: "On target" },
  above: { de: "Über dem Ziel", en: "Above target" },
  below: { de: "Unter dem Ziel", en: "Below target" },
};

/** Lifecycle stages as the screen words them (the web's `catalogue.lifecycle.*`). */
export const LIFECYCLE_LABELS: Record<string, { de: string; en: string }> = {
  launch: { de: "Einführung", en: "Launch" },
  growth: { de: "Wachstum", en: "Growth" },
  profit: { de: "Gewinn", en: "Profit" },
  clearance: { de: "Abverkauf", en: "Clearance" },
};

/** Stock statuses as the screen words them (the web's `catalogue.stock.*`). */
export const STOCK_STATUS_LABELS: Record<string, { de: string; en: string }> = {
  in_stock: { de: "Auf Lager", en: "In stock" },
  low_cover: { de: "Geringe Reichweite", en: "Low cover" },
  out_of_stock: { de: "Ausverkauft", en: "Out of stock" },
};

/** A product list row as one flat record of the export's columns, codes in words. */
function exportRecord(row: ProductListRow, locale: "de" | "en"): Record<string, unknown> {
  return {
    title: row.title,
    tags: row.tags.map((t) => t.text).join(", "),
    sku: row.sku,
    asin: row.asin,
    marketplace: row.marketplace,
    brand: row.brand,
    category: row.category,
    status: row.status,
    lifecycle: row.lifecycle ? (LIFECYCLE_LABELS[row.lifecycle]?.[locale] ?? row.lifecycle) : null,
    currency: row.currency,
    price: row.price,
    cost: row.cost,
    shippingCost: row.shippingCost,
    margin: row.margin,
    marginRate: row.marginRate,
    stock: row.stock.quantity,
    stockStatus: row.stock.status
      ? (STOCK_STATUS_LABELS[row.stock.status]?.[locale] ?? null)
      : null,
    daysOfCover: row.stock.daysOfCover,
    spend: row.metrics?.spend ?? null,
    sales: row.metrics?.sales ?? null,
    acos: row.metrics?.acos ?? null,
    totalSales: row.metrics?.totalSales ?? null,
    tacos: row.metrics?.tacos ?? null,
    organicShare: row.metrics?.organicShare ?? null,
    goalMetric: row.goal ? (row.goal.metric === "tacos" ? "TACoS" : "ACoS") : null,
    goal: row.goal?.target == null ? null : row.goal.target / 100,
    goalStatus: row.goal?.status ? GOAL_STATUS_LABELS[row.goal.status][locale] : null,
  };
}

/** The largest page the product list serves: the export reads it page after page. */
const EXPORT_PAGE_SIZE = 200;

export async function exportProducts(
  reply: FastifyReply,
  format: ExportFormat,
  db: Database,
  principal: Principal,
  query: URLSearchParams,
  today: string,
) {
  const q: ProductListQuery = {
    ...parseProductListQuery(query),
    page: 1,
    itemsPerPage: EXPORT_PAGE_SIZE,
  };
  return exportList(reply, format, query, {
    columns: PRODUCT_EXPORT_COLUMNS,
    defaultColumns: DEFAULT_COLUMNS,
    fileName: { de: "products", en: "products" },
    sheetTitle: { de: "Produkte", en: "Products" },
    pageSize: EXPORT_PAGE_SIZE,
    async page(n, locale) {
      const { rows, total } = await listCatalogueProducts(db, principal, { ...q, page: n }, today);
      return { members: rows.map((row) => exportRecord(row, locale)), total };
    },
  });
}
