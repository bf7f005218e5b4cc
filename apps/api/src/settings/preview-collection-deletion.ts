import { schema } from "@starport/db";
import { resolveSettings, SETTING_KEYS } from "@starport/settings";
import { and, asc, sql } from "drizzle-orm";
import { products } from "../advertising/resources.ts";
import type { ProviderCollectionContext, StateProvider } from "../hydra/resource.ts";
import { ref } from "../hydra/resource.ts";
import { productCollections } from "../resources/product-collections.ts";
import { loadSettingsContexts } from "./load-settings-contexts.ts";

const c = schema.productCollections;

/**
 * What deleting a collection changes (shown before confirming): for each visible collection that
 * sets values (or the one named by `collection`), each member product whose effective values
 * differ once the collection is gone, value by value — resolved by the same resolver as always,
 * once with and once without the collection.
 */
export const collectionDeletionPreviewProvider: StateProvider<Record<string, unknown>> = {
  async collection(ctx: ProviderCollectionContext) {
    const collections = await ctx.db
      .select({ id: c.id, sellerProfileId: c.sellerProfileId })
      .from(c)
      .where(
        and(
          ctx.scope,
          ...ctx.conditions,
          sql`exists (select 1 from collection_settings s where s.collection_id = ${c.id} and s.values <> '{}'::jsonb)`,
        ),
      )
      .orderBy(asc(c.priority), asc(c.createdAt), asc(c.id));
    const rows: Record<string, unknown>[] = [];
    for (const collection of collections) {
      const contexts = await loadSettingsContexts(ctx.db, collection.sellerProfileId);
      for (const product of contexts) {
        if (!product.context.collections.some((layer) => layer.id === collection.id)) continue;
        const before = resolveSettings(product.context).values;
        const after = resolveSettings({
          ...product.context,
          collections: product.context.collections.filter((layer) => layer.id !== collection.id),
        }).values;
        const changes = SETTING_KEYS.filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        ).map((key) => ({ key, before: before[key], after: after[key] }));
        if (changes.length === 0) continue;
        rows.push({
          collection: ref(() => productCollections, collection.id),
          product: ref(() => products, product.productId),
          sku: product.sku,
          title: product.title,
          changes,
        });
      }
    }
    const page =
      ctx.limit === undefined
        ? rows.slice(ctx.offset)
        : rows.slice(ctx.offset, ctx.offset + ctx.limit);
    return { rows: page, total: rows.length };
  },
};
