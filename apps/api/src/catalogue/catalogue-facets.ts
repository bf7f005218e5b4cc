import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { requireVisibleSellerProfile } from "./seller-profile-access.ts";

/** Facets of the filter bar: the profile's marketplaces, brands and categories. */
/** GET /api/catalogue/facets: the filter bar's choices. */
export interface CatalogueFacets {
  marketplaces: string[];
  brands: string[];
  categories: string[];
}

export async function catalogueFacets(
  db: Database,
  principal: Principal,
  sellerProfileId: string,
): Promise<CatalogueFacets> {
  await requireVisibleSellerProfile(db, principal, sellerProfileId);
  const result = (await db.execute(sql`
    select 'marketplace' as kind, p.marketplace as value from products p
      join seller_accounts sa on sa.id = p.seller_account_id
      where sa.seller_profile_id = ${sellerProfileId} group by 2
    union all
    select 'brand', p.brand from products p join seller_accounts sa on sa.id = p.seller_account_id
      where sa.seller_profile_id = ${sellerProfileId} and p.brand is not null and p.brand <> '' group by 2
    union all
    select 'category', p.category from products p join seller_accounts sa on sa.id = p.seller_account_id
      where sa.seller_profile_id = ${sellerProfileId} and p.category is not null group by 2
    order by 1, 2`)) as unknown as { rows: { kind: string; value: string }[] };
  const of = (kind: string) => result.rows.filter((r) => r.kind === kind).map((r) => r.value);
  return { marketplaces: of("marketplace"), brands: of("brand"), categories: of("category") };
}
