import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { findRow } from "../hydra/repository.ts";
import { visibleTo } from "../hydra/tenant.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { parseBody, violation } from "../validation.ts";
import { productFilter } from "./list-products.ts";
import { parseProductListQuery } from "./product-list-query.ts";

/**
 * Bulk actions of the product list (issue 11 §3): add or remove tags, set the cost, add to or
 * remove from a manual collection, or save them as a new manual collection, for up to 1,000
 * selected products of one seller profile or for every product its filters match (`filter`:
 * the product list's query parameters, across all pages), in one transaction. Every named item
 * must belong to the seller profile (else 404, nothing written).
 */

const idOrIri = z
  .string()
  .max(200)
  .transform((v) => v.split("/").pop() ?? "")
  .pipe(z.uuid());

/** Which products: those selected (`products`) or every product the filters match (`filter`). */
const selection = {
  sellerProfile: idOrIri,
  products: z.array(idOrIri).min(1).max(1000).optional(),
  filter: z
    .record(z.string().max(40), z.string().max(200))
    .optional()
    .describe("The product list's filter parameters (search, marketplace, price[gte], …)"),
};

/** The bulk action's body (also the route's schema, for the OpenAPI document). */
export const bulkEditBody = z
  .discriminatedUnion("action", [
    z.object({
      action: z.enum(["addTags", "removeTags"]),
      ...selection,
      tags: z.array(idOrIri).min(1).max(100),
    }),
    z.object({
      action: z.literal("setCost"),
      ...selection,
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
      ...selection,
      collection: idOrIri,
    }),
    z.object({
      action: z.literal("createCollection"),
      ...selection,
      name: z.string().trim().min(1).max(120),
      description: z.string().trim().max(1000).default(""),
    }),
  ])
  .refine((body) => (body.products === undefined) !== (body.filter === undefined), {
    path: ["products"],
    message: "Either products or filter",
  });

type Rows<T> = { rows: T[] };
const ids = (list: readonly string[]) =>
  sql`(select (json_array_elements_text(${JSON.stringify([...new Set(list)])}::json))::uuid)`;

export async function bulkEditProducts(
  db: Database,
  principal: Principal,
  input: unknown,
  today?: string,
): Promise<{ action: string; products: number; changed: number; collection?: string }> {
  const command = parseBody(bulkEditBody, input);
  const profile = await findRow(
    db,
    sellerProfiles,
    command.sellerProfile,
    visibleTo(sellerProfiles, principal),
  );
  if (!profile) throw new NotFoundError("Not Found");
  // Every product the filters match: the product list's own WHERE (400 on a bad filter).
  const matching = command.filter
    ? await productFilter(
        db,
        principal,
        parseProductListQuery(
          new URLSearchParams({ ...command.filter, sellerProfile: command.sellerProfile }),
        ),
        today,
      )
    : undefined;
  const products = [...new Set(command.products ?? [])];
  const target = command.filter
    ? matching
      ? sql`(select p.id ${matching.joins} where ${matching.where})`
      : sql`(select null::uuid as id where false)`
    : ids(products);
  return db.transaction(async (tx) => {
    let named = products.length;
    if (command.filter) {
      const found = (await tx.execute(
        sql`select count(*)::int as n from ${target} as t(id)`,
      )) as unknown as Rows<{ n: number }>;
      named = Number(found.rows[0]?.n ?? 0);
    } else {
      const owned = (await tx.execute(sql`
        select count(*)::int as n from products p join seller_accounts sa on sa.id = p.seller_account_id
        where sa.seller_profile_id = ${command.sellerProfile} and p.id in ${target}`)) as unknown as Rows<{
        n: number;
      }>;
      if (Number(owned.rows[0]?.n) !== products.length) throw new NotFoundError("Not Found");
    }
    let changed = 0;
    const count = (r: unknown) =>
      Number(
        (r as { rowCount?: number; affectedRows?: number }).rowCount ??
          (r as { affectedRows?: number }).affectedRows ??
          0,
      );
    const recount = (collection: string) =>
      tx.execute(sql`
        update product_collections set product_count =
          (select count(*) from product_collection_members where collection_id = ${collection})
        where id = ${collection}`);
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
                select p.id, t.id from ${target} as p(id) cross join ${ids(tags)} as t(id)
                on conflict do nothing`)
            : await tx.execute(sql`
                delete from product_tags where product_id in ${target}
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
            where p.id = d.product_id and d.product_id in ${target}`),
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
                select ${command.collection}::uuid, p.id from ${target} as p(id)
                on conflict do nothing`)
            : await tx.execute(sql`
                delete from product_collection_members where collection_id = ${command.collection}
                  and product_id in ${target}`),
        );
        await recount(command.collection);
        break;
      }
      case "createCollection": {
        // A manual collection holding exactly these products ("save the selection").
        const created = (await tx.execute(sql`
          insert into product_collections (seller_profile_id, name, description, membership, rules)
          values (${command.sellerProfile}, ${command.name}, ${command.description}, 'manual', '[]'::jsonb)
          returning id`)) as unknown as Rows<{ id: string }>;
        const collection = String(created.rows[0]?.id);
        changed = count(
          await tx.execute(sql`
            insert into product_collection_members (collection_id, product_id)
            select ${collection}::uuid, p.id from ${target} as p(id)
            on conflict do nothing`),
        );
        await recount(collection);
        return { action: command.action, products: named, changed, collection };
      }
    }
    return { action: command.action, products: named, changed };
  });
}
