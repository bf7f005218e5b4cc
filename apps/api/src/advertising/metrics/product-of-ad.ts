import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";

/**
 * The catalogue listing of each product ad: same seller profile, the profile's marketplace, the
 * ad's SKU (else its ASIN). Adds `product: { title, imageUrl } | null` to the rows, one query per page.
 */
export async function productsOfAds(db: Database, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => String(row.id));
  const result = (await db.execute(sql`
    select distinct on (pa.id) pa.id::text as id, p.title
    from product_ads pa
    join advertising_profiles ap on ap.id = pa.advertising_profile_id
    join seller_accounts sa on sa.seller_profile_id = ap.seller_profile_id
    join products p on p.seller_account_id = sa.id and p.marketplace = ap.country_code
      and (p.sku = pa.sku or (pa.sku is null and p.asin = pa.asin))
    where pa.id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid)
    order by pa.id, p.synced_at desc`)) as unknown as { rows: { id: string; title: string }[] };
  const titles = new Map(result.rows.map((r) => [r.id, r.title]));
  for (const row of rows) {
    const title = titles.get(String(row.id));
    row.product = title === undefined ? null : { title, imageUrl: null };
  }
}
