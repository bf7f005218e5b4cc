import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";

/**
 * Total sales (ad-driven + organic, SP-API Sales) of products over a date range, from
 * product_sales_daily. A product without any synced day is absent: its TACoS is unknown, not 0.
 */
export async function totalSalesOf(
  db: Database,
  productIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, { salesMicros: number; units: number }>> {
  if (productIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select p.id, sum(s.sales_micros) as sales, sum(s.units) as units
    from products p
    join product_sales_daily s on s.seller_account_id = p.seller_account_id
      and s.marketplace_id = p.marketplace_id and s.sku = p.sku
      and s.date between ${from} and ${to}
    where p.id in (select (json_array_elements_text(${JSON.stringify(productIds)}::json))::uuid)
    group by p.id`)) as unknown as { rows: { id: string; sales: unknown; units: unknown }[] };
  return new Map(
    result.rows.map((r) => [
      String(r.id),
      { salesMicros: Number(r.sales ?? 0), units: Number(r.units ?? 0) },
    ]),
  );
}

/**
 * TACoS = ad spend / total sales; organic share = the part of total sales no ad was credited
 * with (ad sales are attributed over 7 days, so on short ranges they can exceed the day's total:
 * the share never goes below 0). Null when total sales are unknown or zero.
 */
export function tacosOf(
  spend: number,
  adSales: number,
  totalSales: number | null,
): { tacos: number | null; organicShare: number | null } {
  if (totalSales === null || totalSales <= 0) return { tacos: null, organicShare: null };
  return {
    tacos: spend / totalSales,
    organicShare: Math.max(0, totalSales - adSales) / totalSales,
  };
}
