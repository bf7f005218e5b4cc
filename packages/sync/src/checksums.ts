import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import {
  ENTITY_SPECS,
  PERFORMANCE_UPSERT,
  PLACEMENT_UPSERT,
  PRODUCT_UPSERT,
  SEARCH_TERM_UPSERT,
} from "./specs.ts";
import { rowsOf, type UpsertSpec } from "./upsert.ts";

/**
 * Row counts and content checksums of everything synced for a seller profile, independent of
 * Starport's own ids and timestamps: two databases synced from the same Amazon data compare equal.
 * The columns are those the sync writes (derived from the upsert specs), parent links as "is set".
 */
const OWNER_COLUMNS = new Set(["advertising_profile_id", "seller_account_id"]);

function checksumOf(spec: UpsertSpec, owner: "ads" | "sp") {
  const columns = Object.keys(spec.columns).filter((c) => !OWNER_COLUMNS.has(c));
  const parents = Object.keys(spec.computed ?? {}).map((c) => `${c} is not null`);
  return {
    columns: [...columns, ...parents].join(", "),
    order: spec.key.filter((c) => !OWNER_COLUMNS.has(c)).join(", "),
    owner,
  };
}

const TABLES: Record<string, { columns: string; order: string; owner: "ads" | "sp" }> = {
  ...Object.fromEntries(
    [...new Set(ENTITY_SPECS.map((s) => s.upsert))].map((u) => [u.table, checksumOf(u, "ads")]),
  ),
  ad_performance_daily: checksumOf(PERFORMANCE_UPSERT, "ads"),
  ad_placement_daily: checksumOf(PLACEMENT_UPSERT, "ads"),
  search_term_daily: checksumOf(SEARCH_TERM_UPSERT, "ads"),
  // Brand, category and image come from the catalog step, beside the listings upsert.
  products: {
    ...checksumOf(PRODUCT_UPSERT, "sp"),
    columns: `${checksumOf(PRODUCT_UPSERT, "sp").columns}, brand, category, image_url`,
  },
  product_stock: {
    columns:
      "marketplace_id, sku, asin, fulfillable, inbound, reserved, unfulfillable, units_sold_30d, days_of_cover",
    order: "marketplace_id, sku",
    owner: "sp",
  },
};

export type Checksums = Record<string, { rows: number; md5: string }>;

export async function syncChecksums(db: Database, sellerProfileId: string): Promise<Checksums> {
  const out: Checksums = {};
  for (const [table, t] of Object.entries(TABLES)) {
    const join =
      t.owner === "ads"
        ? `join advertising_profiles p on p.id = t.advertising_profile_id and p.seller_profile_id = `
        : `join seller_accounts p on p.id = t.seller_account_id and p.seller_profile_id = `;
    const profileColumn = t.owner === "ads" ? "p.amazon_profile_id" : "p.selling_partner_id";
    const [row] = rowsOf<{ rows: string | number; md5: string | null }>(
      await db.execute(sql`
        select count(*) as rows,
          md5(coalesce(string_agg(row(${sql.raw(profileColumn)}, ${sql.raw(
            t.columns
              .split(", ")
              .map((c) => (c.includes(" ") ? c : `t.${c}`))
              .join(", "),
          )})::text, '|' order by ${sql.raw(profileColumn)}, ${sql.raw(
            t.order
              .split(", ")
              .map((c) => `t.${c}`)
              .join(", "),
          )}), '')) as md5
        from ${sql.raw(table)} t ${sql.raw(join)}${sellerProfileId}`),
    );
    out[table] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? "" };
  }
  return out;
}
