import { schema } from "@starport/db";
import { inheritanceChain, resolveSettings } from "@starport/settings";
import { and, count, inArray } from "drizzle-orm";
import { products } from "../advertising/resources.ts";
import type { ProviderCollectionContext, StateProvider } from "../hydra/resource.ts";
import { ref } from "../hydra/resource.ts";
import { loadSettingsContexts } from "./load-settings-contexts.ts";

const p = schema.products;

/**
 * The effective settings of the visible products (one page): the batch repository loads each
 * seller profile's levels once, the pure resolver answers every value with its provenance and
 * the inheritance chain (collections that set nothing included, so the chain shows them).
 */
export const effectiveSettingsProvider: StateProvider<Record<string, unknown>> = {
  async collection(ctx: ProviderCollectionContext) {
    const where = and(ctx.scope, ...ctx.conditions);
    const [totalRow] = await ctx.db.select({ n: count() }).from(p).where(where);
    let page = ctx.db
      .select({ id: p.id, sellerAccountId: p.sellerAccountId })
      .from(p)
      .where(where)
      .orderBy(p.sku, p.marketplace, p.id)
      .$dynamic();
    if (ctx.limit !== undefined) page = page.limit(ctx.limit).offset(ctx.offset);
    const listed = await page;
    if (listed.length === 0) return { rows: [], total: totalRow?.n ?? 0 };
    const accounts = await ctx.db
      .select({ id: schema.sellerAccounts.id, profile: schema.sellerAccounts.sellerProfileId })
      .from(schema.sellerAccounts)
      .where(inArray(schema.sellerAccounts.id, [...new Set(listed.map((r) => r.sellerAccountId))]));
    const profileOf = new Map(accounts.map((a) => [a.id, a.profile]));
    const byProfile = new Map<string, string[]>();
    for (const row of listed) {
      const profile = profileOf.get(row.sellerAccountId);
      if (!profile) continue;
      byProfile.set(profile, [...(byProfile.get(profile) ?? []), row.id]);
    }
    const resolved = new Map<string, Record<string, unknown>>();
    for (const [profile, productIds] of byProfile) {
      for (const product of await loadSettingsContexts(ctx.db, profile, {
        productIds,
        allCollections: true,
        breakEven: true,
      })) {
        const result = resolveSettings(product.context);
        resolved.set(product.productId, {
          product: ref(() => products, product.productId),
          sku: product.sku,
          title: product.title,
          marketplace: product.marketplace,
          values: result.values,
          effectiveTargetAcos: result.effectiveTargetAcos,
          breakEvenAcos: product.context.breakEvenAcos ?? null,
          chain: inheritanceChain(product.context),
        });
      }
    }
    return {
      rows: listed.flatMap((r) => {
        const row = resolved.get(r.id);
        return row ? [row] : [];
      }),
      total: totalRow?.n ?? 0,
    };
  },
};
