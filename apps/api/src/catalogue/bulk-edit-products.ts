import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { findRow } from "../hydra/repository.ts";
import { scopeOf, visibleIn } from "../hydra/tenant.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { parseBody, violation } from "../validation.ts";

/**
 * Bulk actions of the product list (issue 11 §3): add or remove tags, set the cost, add to or
 * remove from a manual collection, for up to 1,000 selected products of one seller profile, in one
 * transaction. Every named item must belong to the seller profile (else 404, nothing written).
 */

const idOrIri = z
  .string()
  .max(200)
  .transform((v) => v.split("/").pop() ?? "")
  .pipe(z.uuid());

/** The bulk action's body (also the route's schema, for the OpenAPI document). */
export const bulkEditBody = z.discriminatedUnion("action", [
  z.object({
    action: z.enum(["addTags", "removeTags"]),
    sellerProfile: idOrIri,
    products: z.array(idOrIri).min(1).max(1000),
    tags: z.array(idOrIri).min(1).max(100),
  }),
  z.object({
    action: z.literal("setCost"),
    sellerProfile: idOrIri,
    products: z.array(idOrIri).min(1).max(1000),
    cost: z.object({
      amount: z
        .number()
        .min(0)
        .max(1_000_000)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6)
        .nullable(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
      validFrom: z.iso.date().optional(),
    }),
  }),
  z.object({
    action: z.enum(["addToCollection", "removeFromCollection"]),
    sellerProfile: idOrIri,
    products: z.array(idOrIri).min(1).max(1000),
    collection: idOrIri,
  }),
]);

type Rows<T> = { rows: T[] };
const ids = (list: readonly string[]) =>
  sql`(select (json_array_elements_text(${JSON.stringify([...new Set(list)])}::json))::uuid)`;

export async function bulkEditProducts(
  db: Database,
  principal: Principal,
  input: unknown,
): Promise<{ action: string; products: number; changed: number }> {
  const command = parseBody(bulkEditBody, input);
  const profile = await findRow(
    db,
    sellerProfiles,
    command.sellerProfile,
    visibleIn(sellerProfiles, scopeOf(principal)),
  );
  if (!profile) throw new NotFoundError("Not Found");
  const products = [...new Set(command.products)];
  return db.transaction(async (tx) => {
    const owned = (await tx.execute(sql`
      select count(*)::int as n from products p join seller_accounts sa on sa.id = p.seller_account_id
      where sa.seller_profile_id = ${command.sellerProfile} and p.id in ${ids(products)}`)) as unknown as Rows<{
      n: number;
    }>;
    if (Number(owned.rows[0]?.n) !== products.length) throw new NotFoundError("Not Found");
    let changed = 0;
    const count = (r: unknown) =>
      Number(
        (r as { rowCount?: number; affectedRows?: number }).rowCount ??
          (r as { affectedRows?: number }).affectedRows ??
          0,
      );
    switch (command.action) {
      case "addTags":
      case "removeTags": {
        const tags = [...new Set(command.tags)];
        const found = (await tx.execute(sql`
          select count(*)::int as n from tags where seller_profile_id = ${command.sellerProfile}
            and id in ${ids(tags)}`)) as unknown as Rows<{ n: number }>;
        if (Number(found.rows[0]?.n) !== tags.length) throw new NotFoundError("Not Found");
        changed = count(
          command.action === "addTags"
            ? await tx.execute(sql`
                insert into product_tags (product_id, tag_id)
                select p.id, t.id from ${ids(products)} as p(id) cross join ${ids(tags)} as t(id)
                on conflict do nothing`)
            : await tx.execute(sql`
                delete from product_tags where product_id in ${ids(products)}
                  and tag_id in ${ids(tags)}`),
        );
        break;
      }
      case "setCost": {
        const amount = command.cost.amount;
        changed = count(
          await tx.execute(sql`
            update product_details d set
              cost_micros = ${amount === null ? null : Math.round(amount * 1_000_000)},
              cost_currency = ${amount === null ? null : sql`coalesce(${command.cost.currency ?? null}::text, p.currency)`},
              cost_valid_from = ${amount === null ? null : sql`coalesce(${command.cost.validFrom ?? null}::date, current_date)`},
              updated_at = now()
            from products p
            where p.id = d.product_id and d.product_id in ${ids(products)}`),
        );
        break;
      }
      case "addToCollection":
      case "removeFromCollection": {
        const collection = (await tx.execute(sql`
          select membership from product_collections
          where id = ${command.collection} and seller_profile_id = ${command.sellerProfile}`)) as unknown as Rows<{
          membership: string;
        }>;
        const found = collection.rows[0];
        if (!found) throw new NotFoundError("Not Found");
        if (found.membership !== "manual")
          throw new ValidationError([violation("collection", "invalid")]);
        changed = count(
          command.action === "addToCollection"
            ? await tx.execute(sql`
                insert into product_collection_members (collection_id, product_id)
                select ${command.collection}::uuid, p.id from ${ids(products)} as p(id)
                on conflict do nothing`)
            : await tx.execute(sql`
                delete from product_collection_members where collection_id = ${command.collection}
                  and product_id in ${ids(products)}`),
        );
        await tx.execute(sql`
          update product_collections set product_count =
            (select count(*) from product_collection_members where collection_id = ${command.collection})
          where id = ${command.collection}`);
        break;
      }
    }
    return { action: command.action, products: products.length, changed };
  });
}
