import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import type { Economics } from "@starport/economics";
import {
  type GoalStatus,
  goalStatus,
  resolveSettings,
  type TrackedGoal,
  trackedGoal,
} from "@starport/settings";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { readProductEconomics } from "../economics/read-product-economics.ts";
import { tacosOf, totalSalesOf } from "../economics/total-sales.ts";
import { NotFoundError } from "../errors.ts";
import { loadSettingsContexts } from "../settings/load-settings-contexts.ts";
import { membershipCondition, ruleScopeOf, todayUtc } from "./collection-rules.ts";
import { LOW_COVER_DAYS, type ProductListQuery, type ProductSort } from "./product-list-query.ts";
import { requireVisibleSellerProfile } from "./seller-profile-access.ts";

/**
 * The product list (issue 11 §3): listings of a seller profile with Starport's own fields, stock,
 * economics and ad metrics, filtered, sorted and paged in one SQL statement. Ad metrics: the
 * daily facts of the product ads of the same SKU in the advertising profile of the seller profile
 * on the listing's marketplace (ad_performance_daily → product_ads by amazon ad id → SKU).
 */

const stockExpr = sql.raw("coalesce(s.fulfillable, p.quantity)");
const costKnown = sql.raw(
  "(d.cost_micros is not null and coalesce(d.cost_currency, p.currency) = p.currency)",
);
/**
 * The margin is the contribution before advertising of @starport/economics (net of VAT, Amazon's
 * fees, shipping and cost of goods), the drawer's and the optimiser's figure: computed in one
 * place, so sorting by it reads the economics of every matching product (see pageByEconomics).
 */
const ECONOMICS_SORTS = new Set<ProductSort>(["margin", "marginRate"]);

const SORT_SQL: Record<Exclude<ProductSort, "margin" | "marginRate">, SQL> = {
  title: sql.raw("lower(p.title)"),
  sku: sql.raw("p.sku"),
  asin: sql.raw("p.asin"),
  marketplace: sql.raw("p.marketplace"),
  brand: sql.raw("lower(p.brand)"),
  category: sql.raw("lower(p.category)"),
  status: sql.raw("p.status"),
  price: sql.raw("p.price_micros"),
  cost: sql.raw("d.cost_micros"),
  stock: stockExpr,
  daysOfCover: sql.raw("s.days_of_cover"),
  lifecycle: sql.raw("d.lifecycle"),
  spend: sql.raw("coalesce(a.cost, 0)"),
  sales: sql.raw("coalesce(a.sales, 0)"),
  acos: sql.raw("a.cost::float8 / nullif(a.sales, 0)"),
};

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ProductListRow {
  id: string;
  detailsId: string | null;
  sellerAccountId: string;
  marketplace: string;
  sku: string;
  asin: string | null;
  title: string;
  brand: string | null;
  category: string | null;
  imageUrl: string | null;
  status: string;
  fulfillmentChannel: string | null;
  currency: string;
  price: number | null;
  cost: number | null;
  costCurrency: string | null;
  costValidFrom: string | null;
  shippingCost: number | null;
  lifecycle: string | null;
  notes: string;
  /** Contribution before advertising (@starport/economics); null while an input is missing. */
  margin: number | null;
  /** The contribution as a share of the gross price (= break-even ACoS). */
  marginRate: number | null;
  /** What keeps the contribution unknown (price, vat, fees, cost). */
  marginMissing: Economics["missing"];
  stock: {
    quantity: number | null;
    fulfillable: number | null;
    inbound: number | null;
    reserved: number | null;
    unfulfillable: number | null;
    unitsSold30d: number | null;
    daysOfCover: number | null;
    status: "in_stock" | "low_cover" | "out_of_stock" | null;
    updatedAt: string | null;
  };
  tags: { id: string; text: string }[];
  metrics: {
    spend: number;
    sales: number;
    acos: number | null;
    /** Ad-driven + organic (SP-API Sales); null until synced. */
    totalSales: number | null;
    tacos: number | null;
    organicShare: number | null;
    currency: string;
  } | null;
  /**
   * The product's goal (settings resolved global → marketplace → collection → product): the
   * metric it is tracked on (TACoS for a target-TACoS goal, else ACoS), its target in percent and
   * how the range's actual stands against it; null without a range, status null without an
   * actual or a target (relative to an unknown break-even).
   */
  goal: (TrackedGoal & { status: GoalStatus | null }) | null;
}

/** A member of GET /api/catalogue/products as it goes out: a Product with its IRIs. */
export type ProductListMember = Omit<ProductListRow, "detailsId" | "sellerAccountId" | "tags"> & {
  "@id": string;
  "@type": string;
  sellerAccount: string;
  details: string | null;
  tags: { "@id": string; "@type": "Tag"; id: string; text: string }[];
};

const major = (v: unknown) => (v === null || v === undefined ? null : Number(v) / 1_000_000);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A tag or collection named in a filter must belong to the seller profile (else 404). */
async function ownedByProfile(db: Database, table: "tags", id: string, sellerProfileId: string) {
  const result = (await db.execute(
    sql`select 1 from ${sql.raw(table)} where id = ${id} and seller_profile_id = ${sellerProfileId}`,
  )) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw new NotFoundError("Not Found");
}

/** A collection named in a filter must belong to the seller profile (else 404). */
async function collectionOfProfile(db: Database, id: string, sellerProfileId: string) {
  const result = (await db.execute(
    sql`select id, membership, rules from product_collections where id = ${id} and seller_profile_id = ${sellerProfileId}`,
  )) as unknown as { rows: { id: string; membership: string; rules: unknown }[] };
  const row = result.rows[0];
  if (!row) throw new NotFoundError("Not Found");
  return row;
}

/** The FROM … of the product list: listings with own fields and stock (and the seller account
 * where a collection's rules name it: only then, so the plain list keeps the planner's walk of
 * the (account, order) index). */
function fromOf(withAccount: boolean) {
  return sql`
    from products p
    ${withAccount ? sql`join seller_accounts sa on sa.id = p.seller_account_id` : sql``}
    left join product_details d on d.product_id = p.id
    left join product_stock s on s.seller_account_id = p.seller_account_id
      and s.marketplace_id = p.marketplace_id and s.sku = p.sku`;
}

/**
 * The products a query's filters match (page and order aside), as FROM and WHERE over `p`, `d`
 * and `s`; null when the seller profile has no seller account (so nothing matches). The seller
 * profile, a tag and a collection named must be the caller's (else 404). One place for the list,
 * its export and the bulk actions over "every matching product".
 */
export async function productFilter(
  db: Database,
  principal: Principal,
  q: Omit<ProductListQuery, "sort" | "direction" | "page" | "itemsPerPage" | "from" | "to">,
  today: string = todayUtc(),
): Promise<{ joins: SQL; where: SQL } | null> {
  await requireVisibleSellerProfile(db, principal, q.sellerProfile);
  if (q.tag) await ownedByProfile(db, "tags", q.tag, q.sellerProfile);
  const collection = q.collection
    ? await collectionOfProfile(db, q.collection, q.sellerProfile)
    : undefined;

  // The profile's accounts as literals: with one account the planner walks the (account, order)
  // index and stops after the page instead of sorting every listing.
  const accounts = (
    (await db.execute(
      sql`select id from seller_accounts where seller_profile_id = ${q.sellerProfile} order by id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  if (accounts.length === 0) return null;
  const where: SQL[] = [
    sql`p.seller_account_id in (${sql.join(
      accounts.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  ];
  if (q.marketplace) where.push(sql`p.marketplace = ${q.marketplace}`);
  if (q.brand) where.push(sql`p.brand = ${q.brand}`);
  if (q.category) where.push(sql`p.category = ${q.category}`);
  if (q.tag)
    where.push(
      sql`exists (select 1 from product_tags pt where pt.product_id = p.id and pt.tag_id = ${q.tag})`,
    );
  if (collection)
    where.push(
      membershipCondition(
        collection,
        await ruleScopeOf(db, q.sellerProfile, today, [collection.rules]),
      ),
    );
  if (q.priceMin !== undefined) where.push(sql`p.price_micros >= ${Math.round(q.priceMin * 1e6)}`);
  if (q.priceMax !== undefined) where.push(sql`p.price_micros <= ${Math.round(q.priceMax * 1e6)}`);
  if (q.hasCost === "true") where.push(costKnown);
  if (q.hasCost === "false") where.push(sql`not ${costKnown}`);
  if (q.stock === "out_of_stock") where.push(sql`${stockExpr} <= 0`);
  if (q.stock === "low_cover")
    where.push(sql`${stockExpr} > 0 and s.days_of_cover < ${LOW_COVER_DAYS}`);
  if (q.stock === "in_stock")
    where.push(
      sql`${stockExpr} > 0 and (s.days_of_cover is null or s.days_of_cover >= ${LOW_COVER_DAYS})`,
    );
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    where.push(
      sql`(p.sku ilike ${pattern} or p.asin ilike ${pattern} or p.title ilike ${pattern})`,
    );
  }
  return { joins: fromOf(collection !== undefined), where: sql.join(where, sql` and `) };
}

export async function listCatalogueProducts(
  db: Database,
  principal: Principal,
  q: ProductListQuery,
  today: string = todayUtc(),
): Promise<{ rows: ProductListRow[]; total: number }> {
  const filter = await productFilter(db, principal, q, today);
  if (!filter) return { rows: [], total: 0 };
  const { joins, where: filtered } = filter;

  // Ad metrics of a (marketplace, SKU) set: the product ads of the SKU in the seller profile's
  // advertising profile of that marketplace, facts in the range.
  const adTotals = (only?: SQL) => sql`(
        select ap.country_code as marketplace, pa.sku,
          sum(f.cost_micros) as cost, sum(f.sales_micros) as sales
        from advertising_profiles ap
        join product_ads pa on pa.advertising_profile_id = ap.id and pa.sku is not null
        join ad_performance_daily f on f.advertising_profile_id = ap.id
          and f.entity_type = 'product_ad' and f.amazon_id = pa.amazon_ad_id
          and f.date between ${q.from} and ${q.to}
        where ap.seller_profile_id = ${q.sellerProfile} ${only ? sql`and ${only}` : sql``}
        group by 1, 2
      )`;
  const metricSort = q.sort === "spend" || q.sort === "sales" || q.sort === "acos";
  // Sorting by an ad metric needs the totals of every matching product (only those: a narrow
  // filter aggregates few facts); otherwise only the page's products get theirs (below).
  const ads =
    q.from && metricSort
      ? sql`left join ${adTotals(
          sql`(ap.country_code, pa.sku) in (select p.marketplace, p.sku ${joins} where ${filtered})`,
        )} a on a.marketplace = p.marketplace and a.sku = p.sku`
      : sql`left join (select null::text as marketplace, null::text as sku, null::bigint as cost,
        null::bigint as sales) a on false`;

  const direction = sql.raw(q.direction === "desc" ? "desc nulls last" : "asc nulls last");
  const byEconomics = ECONOMICS_SORTS.has(q.sort);
  const pageIds = byEconomics ? await pageByEconomics(db, joins, filtered, q) : null;
  const pageWhere = pageIds
    ? sql`${filtered} and p.id in (${
        pageIds.length
          ? sql.join(
              pageIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )
          : sql`null`
      })`
    : filtered;
  const order = byEconomics
    ? sql`p.id`
    : sql`${SORT_SQL[q.sort as keyof typeof SORT_SQL]} ${direction}, p.id`;
  const [result, counted] = await Promise.all([
    db.execute(sql`
    select p.id, d.id as details_id, p.seller_account_id, p.marketplace, p.sku, p.asin, p.title,
      p.brand, p.category, p.image_url, p.status, p.fulfillment_channel, p.currency,
      p.price_micros, p.quantity, d.cost_micros, d.cost_currency, d.cost_valid_from::text as cost_valid_from,
      d.shipping_cost_micros, d.lifecycle, coalesce(d.notes, '') as notes,
      s.fulfillable, s.inbound, s.reserved, s.unfulfillable, s.units_sold_30d, s.days_of_cover,
      s.amazon_updated_at, s.synced_at as stock_synced_at,
      a.cost as ad_cost, a.sales as ad_sales
    ${joins}
    ${ads}
    where ${pageWhere}
    order by ${order}
    limit ${q.itemsPerPage} offset ${pageIds ? 0 : (q.page - 1) * q.itemsPerPage}`) as unknown as Promise<{
      rows: Record<string, unknown>[];
    }>,
    db.execute(sql`select count(*) as n ${joins} where ${filtered}`) as unknown as Promise<{
      rows: { n: unknown }[];
    }>,
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  if (pageIds) {
    const position = new Map(pageIds.map((id, i) => [id, i]));
    result.rows.sort(
      (a, b) => (position.get(String(a.id)) ?? 0) - (position.get(String(b.id)) ?? 0),
    );
  }

  if (q.from && !metricSort && result.rows.length > 0) {
    const keys = JSON.stringify(result.rows.map((r) => [r.marketplace, r.sku]));
    const page = (await db.execute(
      sql`select * from ${adTotals(
        sql`(ap.country_code, pa.sku) in (select k->>0, k->>1 from json_array_elements(${keys}::json) as k)`,
      )} t`,
    )) as unknown as {
      rows: { marketplace: string; sku: string; cost: unknown; sales: unknown }[];
    };
    const byKey = new Map(page.rows.map((r) => [`${r.marketplace}\u0001${r.sku}`, r]));
    for (const row of result.rows) {
      const totals = byKey.get(`${row.marketplace}\u0001${row.sku}`);
      row.ad_cost = totals?.cost ?? null;
      row.ad_sales = totals?.sales ?? null;
    }
  }

  const ids = result.rows.map((r) => String(r.id));
  const economics = await economicsOf(db, inArray(schema.products.id, ids), ids.length);
  const totals = q.from ? await totalSalesOf(db, ids, q.from, q.to as string) : new Map();
  const goals = q.from ? await goalsOf(db, q.sellerProfile, ids, today) : new Map();
  const tagsByProduct = new Map<string, { id: string; text: string }[]>();
  if (ids.length) {
    const tagRows = (await db.execute(sql`
      select pt.product_id, t.id, t.text from product_tags pt join tags t on t.id = pt.tag_id
      where pt.product_id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid)
      order by lower(t.text)`)) as unknown as {
      rows: { product_id: string; id: string; text: string }[];
    };
    for (const t of tagRows.rows) {
      const list = tagsByProduct.get(t.product_id) ?? [];
      list.push({ id: t.id, text: t.text });
      tagsByProduct.set(t.product_id, list);
    }
  }

  const rows = result.rows.map((r): ProductListRow => {
    const quantity = num(r.fulfillable) ?? num(r.quantity);
    const cover = num(r.days_of_cover);
    const price = major(r.price_micros);
    const own = economics.get(String(r.id));
    const margin = major(own?.contributionMarginMicros ?? null);
    const spend = q.from ? (major(r.ad_cost) ?? 0) : 0;
    const sales = q.from ? (major(r.ad_sales) ?? 0) : 0;
    const stamp = (r.amazon_updated_at ?? r.stock_synced_at) as Date | string | null;
    const metrics: ProductListRow["metrics"] = q.from
      ? {
          spend: Math.round(spend * 100) / 100,
          sales: Math.round(sales * 100) / 100,
          acos: sales > 0 ? spend / sales : null,
          ...totalAndTacos(spend, sales, totals.get(String(r.id))?.salesMicros),
          currency: String(r.currency),
        }
      : null;
    return {
      id: String(r.id),
      detailsId: r.details_id === null ? null : String(r.details_id),
      sellerAccountId: String(r.seller_account_id),
      marketplace: String(r.marketplace),
      sku: String(r.sku),
      asin: (r.asin as string | null) ?? null,
      title: String(r.title),
      brand: (r.brand as string | null) ?? null,
      category: (r.category as string | null) ?? null,
      imageUrl: (r.image_url as string | null) ?? null,
      status: String(r.status),
      fulfillmentChannel: (r.fulfillment_channel as string | null) ?? null,
      currency: String(r.currency),
      price,
      cost: major(r.cost_micros),
      costCurrency: (r.cost_currency as string | null) ?? null,
      costValidFrom: (r.cost_valid_from as string | null) ?? null,
      shippingCost: major(r.shipping_cost_micros),
      lifecycle: (r.lifecycle as string | null) ?? null,
      notes: String(r.notes ?? ""),
      margin,
      marginRate: own?.breakEvenAcos ?? null,
      marginMissing: own?.missing ?? ["price", "vat", "fees", "cost"],
      stock: {
        quantity,
        fulfillable: num(r.fulfillable),
        inbound: num(r.inbound),
        reserved: num(r.reserved),
        unfulfillable: num(r.unfulfillable),
        unitsSold30d: num(r.units_sold_30d),
        daysOfCover: cover === null ? null : Math.round(cover * 10) / 10,
        status:
          quantity === null
            ? null
            : quantity <= 0
              ? "out_of_stock"
              : cover !== null && cover < LOW_COVER_DAYS
                ? "low_cover"
                : "in_stock",
        updatedAt: stamp === null ? null : new Date(stamp).toISOString(),
      },
      tags: tagsByProduct.get(String(r.id)) ?? [],
      metrics,
      goal: metrics ? goalAgainst(goals.get(String(r.id)), metrics) : null,
    };
  });
  return { rows, total };
}

/** The economics of the products a condition selects, by product id. */
async function economicsOf(
  db: Database,
  where: SQL,
  count: number,
): Promise<Map<string, Economics>> {
  if (count === 0) return new Map();
  const { rows } = await readProductEconomics(db, where, { limit: undefined, offset: 0 });
  return new Map(rows.map((r) => [r.productId, r.economics]));
}

/**
 * The page's product ids in the order of the contribution (or its share of the price): the
 * economics of every matching product, sorted here (unknown last in both directions, then by id).
 */
async function pageByEconomics(
  db: Database,
  joins: SQL,
  filtered: SQL,
  q: ProductListQuery,
): Promise<string[]> {
  const all = await economicsOf(
    db,
    sql`${schema.products.id} in (select p.id ${joins} where ${filtered})`,
    1,
  );
  const value = (e: Economics) =>
    q.sort === "margin" ? e.contributionMarginMicros : e.breakEvenAcos;
  const sign = q.direction === "desc" ? -1 : 1;
  const ordered = [...all.entries()].sort(([idA, a], [idB, b]) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) return sign * (va - vb);
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  const start = (q.page - 1) * q.itemsPerPage;
  return ordered.slice(start, start + q.itemsPerPage).map(([id]) => id);
}

/** Each product's goal on the page (one batch: the resolver's repository, with break-even). */
async function goalsOf(
  db: Database,
  sellerProfileId: string,
  productIds: string[],
  today: string,
): Promise<Map<string, TrackedGoal>> {
  if (productIds.length === 0) return new Map();
  const contexts = await loadSettingsContexts(db, sellerProfileId, {
    productIds,
    today,
    breakEven: true,
  });
  return new Map(contexts.map((c) => [c.productId, trackedGoal(resolveSettings(c.context))]));
}

function goalAgainst(
  goal: TrackedGoal | undefined,
  metrics: NonNullable<ProductListRow["metrics"]>,
): ProductListRow["goal"] {
  const tracked = goal ?? { metric: "acos", target: null };
  const actual = tracked.metric === "tacos" ? metrics.tacos : metrics.acos;
  return {
    ...tracked,
    status: tracked.target === null || actual === null ? null : goalStatus(tracked.target, actual),
  };
}

function totalAndTacos(spend: number, adSales: number, totalMicros: number | undefined) {
  const totalSales = totalMicros === undefined ? null : Math.round(totalMicros / 10_000) / 100;
  return { totalSales, ...tacosOf(spend, adSales, totalSales) };
}
