import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { parseBody } from "../validation.ts";
import {
  compileRuleSet,
  PRODUCT_FROM,
  ruleScopeOf,
  ruleSet,
  todayUtc,
} from "./collection-rules.ts";
import { requireVisibleSellerProfile } from "./seller-profile-access.ts";

const idOrIri = z
  .string()
  .max(200)
  .transform((v) => v.split("/").pop() ?? "")
  .pipe(z.uuid());

/** The preview's body (also the route's schema, for the OpenAPI document). */
export const previewCollectionBody = z.object({ sellerProfile: idOrIri, rules: ruleSet });

export interface CollectionPreview {
  count: number;
  /** The first products by title, to show what the rules catch. */
  sample: { id: string; sku: string; asin: string | null; title: string; marketplace: string }[];
}

/** How many products an unsaved rule set matches (the live count while editing a collection). */
export async function previewCollection(
  db: Database,
  principal: Principal,
  input: unknown,
  today: string = todayUtc(),
): Promise<CollectionPreview> {
  const command = parseBody(previewCollectionBody, input);
  await requireVisibleSellerProfile(db, principal, command.sellerProfile);
  const where = sql`sa.seller_profile_id = ${command.sellerProfile}
    and ${compileRuleSet(command.rules, await ruleScopeOf(db, command.sellerProfile, today, [command.rules]))}`;
  const [counted, sample] = await Promise.all([
    db.execute(
      sql`select count(*)::int as n ${PRODUCT_FROM} where ${where}`,
    ) as unknown as Promise<{
      rows: { n: number }[];
    }>,
    db.execute(sql`select p.id, p.sku, p.asin, p.title, p.marketplace ${PRODUCT_FROM}
      where ${where} order by lower(p.title), p.id limit 10`) as unknown as Promise<{
      rows: CollectionPreview["sample"];
    }>,
  ]);
  return {
    count: Number(counted.rows[0]?.n ?? 0),
    sample: sample.rows.map((r) => ({
      id: String(r.id),
      sku: r.sku,
      asin: r.asin,
      title: r.title,
      marketplace: r.marketplace,
    })),
  };
}
