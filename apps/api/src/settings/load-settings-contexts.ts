import { type Database, schema } from "@starport/db";
import {
  type CollectionSettingsLayer,
  parseStoredSettings,
  type SettingsContext,
  type SettingsLayer,
  type SettingsLayerValues,
} from "@starport/settings";
import { inArray, type SQL, sql } from "drizzle-orm";
import {
  membershipCondition,
  PRODUCT_FROM,
  ruleScopeOf,
  todayUtc,
} from "../catalogue/collection-rules.ts";
import { readProductEconomics } from "../economics/read-product-economics.ts";

/**
 * The settings repository: everything the pure resolver needs for many products of one seller
 * profile, in a fixed number of queries whatever the number of products (profile, marketplaces,
 * collections, one membership query, products). Used by the API, the optimiser and the bench.
 */

export interface ProductSettingsContext {
  productId: string;
  sku: string;
  title: string;
  marketplace: string;
  context: SettingsContext;
}

export interface LoadOptions {
  /** Only these products (else all of the profile). */
  productIds?: readonly string[];
  /**
   * Every collection the products are in, also those that set nothing (the inheritance chain
   * shows them); by default only collections that set a value are loaded — the others cannot
   * change an effective value.
   */
  allCollections?: boolean;
  /** Treat this collection as gone (the delete confirmation previews the re-resolution). */
  withoutCollection?: string;
  /**
   * Each product's break-even ACoS from its economics (one more query), so that targets relative
   * to break-even resolve; without it they resolve to null (unknown).
   */
  breakEven?: boolean;
  today?: string;
}

type Rows<T> = { rows: T[] };

/**
 * The product level's values: its settings, and its lifecycle stage from its details (the one
 * place a product's stage is kept; migration 0024).
 */
function productLayerValues(stored: unknown, lifecycle: string | null): SettingsLayerValues {
  return parseStoredSettings({
    ...parseStoredSettings(stored),
    ...(lifecycle ? { lifecycleStage: lifecycle } : {}),
  });
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export async function loadSettingsContexts(
  db: Database,
  sellerProfileId: string,
  options: LoadOptions = {},
): Promise<ProductSettingsContext[]> {
  const today = options.today ?? todayUtc();
  const [profile] = await rows<{ id: string; name: string; values: unknown }>(
    db,
    sql`select sp.id, sp.name, s.values from seller_profiles sp
      left join seller_profile_settings s on s.seller_profile_id = sp.id
      where sp.id = ${sellerProfileId}`,
  );
  if (!profile) return [];
  const global: SettingsLayer = {
    level: "global",
    id: profile.id,
    name: profile.name,
    values: parseStoredSettings(profile.values),
  };
  const marketplaces = new Map<string, SettingsLayer>();
  for (const row of await rows<{ marketplace: string; values: unknown }>(
    db,
    sql`select marketplace, values from marketplace_settings where seller_profile_id = ${sellerProfileId}`,
  )) {
    marketplaces.set(row.marketplace, {
      level: "marketplace",
      id: row.marketplace,
      name: row.marketplace,
      values: parseStoredSettings(row.values),
    });
  }

  const collections = await rows<{
    id: string;
    name: string;
    membership: string;
    rules: unknown;
    priority: number;
    created_at: string | Date;
    values: unknown;
  }>(
    db,
    sql`select c.id, c.name, c.membership, c.rules, c.priority, c.created_at, s.values
      from product_collections c left join collection_settings s on s.collection_id = c.id
      where c.seller_profile_id = ${sellerProfileId}
      ${options.allCollections ? sql`` : sql`and s.values is not null and s.values <> '{}'::jsonb`}
      ${options.withoutCollection ? sql`and c.id <> ${options.withoutCollection}` : sql``}`,
  );
  const layers = new Map<string, CollectionSettingsLayer>();
  for (const c of collections) {
    layers.set(c.id, {
      level: "collection",
      id: c.id,
      name: c.name,
      priority: c.priority,
      createdAt: new Date(c.created_at).toISOString(),
      values: parseStoredSettings(c.values),
    });
  }

  const productFilter = options.productIds
    ? options.productIds.length === 0
      ? sql`false`
      : sql`p.id in (${sql.join(
          options.productIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
    : sql`true`;
  const scope = sql`sa.seller_profile_id = ${sellerProfileId} and ${productFilter}`;

  // One query for every membership: manual members by join, rule collections by their compiled rules.
  const membersOf = new Map<string, string[]>();
  const manual = collections.filter((c) => c.membership !== "rules").map((c) => c.id);
  const ruled = collections.filter((c) => c.membership === "rules");
  const parts: SQL[] = [];
  if (manual.length > 0)
    parts.push(sql`select m.product_id::text as product_id, m.collection_id::text as collection_id
      from product_collection_members m join products p on p.id = m.product_id
      join seller_accounts sa on sa.id = p.seller_account_id
      where ${scope} and m.collection_id in (${sql.join(
        manual.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  if (ruled.length > 0) {
    const ruleScope = await ruleScopeOf(
      db,
      sellerProfileId,
      today,
      ruled.map((c) => c.rules),
    );
    for (const c of ruled)
      parts.push(sql`select p.id::text as product_id, ${c.id}::text as collection_id ${PRODUCT_FROM}
        where ${scope} and ${membershipCondition(c, ruleScope)}`);
  }
  if (parts.length > 0) {
    for (const row of await rows<{ product_id: string; collection_id: string }>(
      db,
      sql.join(parts, sql` union all `),
    )) {
      const list = membersOf.get(row.product_id);
      if (list) list.push(row.collection_id);
      else membersOf.set(row.product_id, [row.collection_id]);
    }
  }

  const productRows = await rows<{
    id: string;
    sku: string;
    title: string;
    marketplace: string;
    values: unknown;
    lifecycle: string | null;
  }>(
    db,
    sql`select p.id, p.sku, p.title, p.marketplace, ps.values, d.lifecycle from products p
      join seller_accounts sa on sa.id = p.seller_account_id
      left join product_settings ps on ps.product_id = p.id
      left join product_details d on d.product_id = p.id
      where ${scope}`,
  );
  const breakEvens = new Map<string, number | null>();
  if (options.breakEven && productRows.length > 0) {
    const { rows: economics } = await readProductEconomics(
      db,
      inArray(
        schema.products.id,
        productRows.map((p) => p.id),
      ),
      { limit: undefined, offset: 0 },
    );
    for (const e of economics) breakEvens.set(e.productId, e.economics.breakEvenAcos);
  }
  return productRows.map((p) => ({
    productId: p.id,
    sku: p.sku,
    title: p.title,
    marketplace: p.marketplace,
    context: {
      global,
      marketplace: marketplaces.get(p.marketplace) ?? {
        level: "marketplace",
        id: p.marketplace,
        name: p.marketplace,
        values: {},
      },
      collections: (membersOf.get(p.id) ?? []).flatMap((id) => {
        const layer = layers.get(id);
        return layer ? [layer] : [];
      }),
      product: {
        level: "product",
        id: p.id,
        name: p.sku,
        values: productLayerValues(p.values, p.lifecycle),
      },
      breakEvenAcos: breakEvens.get(p.id) ?? null,
    },
  }));
}
