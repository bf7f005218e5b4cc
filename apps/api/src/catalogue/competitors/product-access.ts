import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import { NotFoundError } from "../../errors.ts";
import { isUuid } from "../../hydra/iri.ts";

/** The product must belong to the caller's customer (admins see all); else 404. */
export async function requireVisibleProduct(
  db: Database,
  principal: Principal,
  productId: string,
): Promise<{ id: string; asin: string | null; currency: string; price: number | null }> {
  if (!isUuid(productId)) throw new NotFoundError("Not Found");
  const result = (await db.execute(sql`
    select p.id, p.asin, p.currency, p.price_micros from products p
    join seller_accounts sa on sa.id = p.seller_account_id
    join seller_profiles sp on sp.id = sa.seller_profile_id
    where p.id = ${productId} and sp.customer_id = ${principal.customerId}`)) as unknown as {
    rows: { id: string; asin: string | null; currency: string; price_micros: unknown }[];
  };
  const row = result.rows[0];
  if (!row) throw new NotFoundError("Not Found");
  return {
    id: row.id,
    asin: row.asin,
    currency: row.currency,
    price: row.price_micros === null ? null : Number(row.price_micros) / 1e6,
  };
}
