import type { Database } from "@starport/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * Each product ad's catalogue listing: same seller profile, the profile's marketplace, the ad's
 * SKU (else its ASIN), the newest synced one; a row `ad_id` + `columns` (of `pa` and `p`) per ad
 * with a listing, in the ads' order. Two branches, not one join on `sku = … or asin = …`: with the OR PostgreSQL
 * probed the products' trigram index once per ad (4.7 s for 10,000 ads); the SKU branch is a hash
 * join (0.1 s; scripts/bench/optimiser-run-pg.ts).
 */
export function listingsOfAds(adsWhere: SQL, columns: SQL): SQL {
  const branch = (match: SQL) => sql`(select distinct on (pa.id) pa.id::text as ad_id, ${columns}
    from product_ads pa
    join advertising_profiles ap on ap.id = pa.advertising_profile_id
    join seller_accounts sa on sa.seller_profile_id = ap.seller_profile_id
    join products p on p.seller_account_id = sa.id and p.marketplace = ap.country_code and ${match}
    where ${adsWhere}
    order by pa.id, p.synced_at desc)`;
  return sql`select * from (${branch(sql`p.sku = pa.sku`)}
    union all ${branch(sql`pa.sku is null and p.asin = pa.asin`)}) listing order by ad_id::uuid`;
}

/** Adds `product: { title, imageUrl } | null` to the product ad rows, one query per page. */
export async function productsOfAds(db: Database, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => String(row.id));
  const result = (await db.execute(
    listingsOfAds(
      sql`pa.id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid)`,
      sql`p.title`,
    ),
  )) as unknown as { rows: { ad_id: string; title: string }[] };
  const titles = new Map(result.rows.map((r) => [r.ad_id, r.title]));
  for (const row of rows) {
    const title = titles.get(String(row.id));
    row.product = title === undefined ? null : { title, imageUrl: null };
  }
}
