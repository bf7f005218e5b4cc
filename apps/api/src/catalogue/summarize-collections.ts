import type { Database } from "@starport/db";
import {
  type GoalStatus,
  goalStatus,
  parseStoredSettings,
  resolveSettings,
} from "@starport/settings";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { conversionFactorsCte } from "../advertising/metrics/facts.ts";
import type { Principal } from "../auth/principal.ts";
import { tacosOf } from "../economics/total-sales.ts";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { membershipCondition, PRODUCT_FROM, ruleScopeOf, todayUtc } from "./collection-rules.ts";
import { requireVisibleSellerProfile } from "./seller-profile-access.ts";

const query = z
  .object({
    sellerProfile: z
      .string()
      .max(200)
      .transform((v) => v.split("/").pop() ?? "")
      .pipe(z.uuid()),
    from: z.iso.date(),
    to: z.iso.date(),
  })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, {
    path: ["to"],
  });

export interface CollectionSummary {
  id: string;
  name: string;
  description: string;
  colour: string;
  membership: string;
  priority: number;
  productCount: number;
  spend: number;
  sales: number;
  /** Spend / sales; null without sales. */
  acos: number | null;
  /**
   * Total sales (ad-driven + organic, SP-API Sales) of the members over the range; null while
   * no member has a synced day (unknown, not 0). TACoS = spend / total sales.
   */
  totalSales: number | null;
  tacos: number | null;
  organicShare: number | null;
  /**
   * The collection's goal: its target ACoS (percent) resolved global → collection (a collection
   * spans marketplaces, so no marketplace level), where it comes from, and the range's ACoS
   * against it. targetAcos null when relative to break-even (each product has its own).
   */
  goal: {
    targetAcos: number | null;
    source: "collection" | "global" | "default";
    status: GoalStatus | null;
  };
}

/**
 * The Cargo Bay list's answer. A collection spans marketplaces, so its money is converted per day
 * into the seller profile's default currency (`currency`); `unconvertedCurrencies` names the
 * currencies without a known rate, whose amounts are left out (shown, never silently dropped).
 */
export interface CollectionSummaries {
  currency: string;
  unconvertedCurrencies: string[];
  collections: CollectionSummary[];
}

type Rows<T> = { rows: T[] };

/**
 * The Cargo Bay list: every collection of a seller profile with its evaluated product count and
 * the ad KPIs of its products over a date range. Evaluating also stores the count, so the spec's
 * GET /api/product_collections (sort and filter by productCount) shows what was last evaluated.
 */
export async function summarizeCollections(
  db: Database,
  principal: Principal,
  raw: Record<string, string | undefined>,
  today: string = todayUtc(),
): Promise<CollectionSummaries> {
  const parsed = query.safeParse(raw);
  if (!parsed.success) {
    const paths = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))];
    throw new ValidationError(
      paths.map((p) => violation(p, raw[p] ? "invalid" : "required")),
      400,
    );
  }
  const q = parsed.data;
  await requireVisibleSellerProfile(db, principal, q.sellerProfile);
  const [profile] = (
    (await db.execute(
      sql`select default_currency from seller_profiles where id = ${q.sellerProfile}`,
    )) as unknown as Rows<{ default_currency: string }>
  ).rows;
  const currency = profile?.default_currency ?? "EUR";
  // Every currency the profile's money can be in: its advertising profiles' and its listings'.
  const fx = conversionFactorsCte(
    currency,
    { from: q.from, to: q.to },
    sql`select currency from advertising_profiles where seller_profile_id = ${q.sellerProfile}
      union select distinct p.currency from products p
        join seller_accounts sa on sa.id = p.seller_account_id
        where sa.seller_profile_id = ${q.sellerProfile}`,
  );
  const unconverted = new Set<string>();
  const collections = (await db.execute(sql`
    select id, name, description, colour, membership, rules, priority, product_count
    from product_collections where seller_profile_id = ${q.sellerProfile}
    order by priority, lower(name), id`)) as unknown as Rows<{
    id: string;
    name: string;
    description: string;
    colour: string;
    membership: string;
    rules: unknown;
    priority: number;
    product_count: number;
  }>;
  const goals = await collectionGoals(
    db,
    q.sellerProfile,
    collections.rows.map((c) => c.id),
  );
  const ruleScope = await ruleScopeOf(
    db,
    q.sellerProfile,
    today,
    collections.rows.map((c) => c.rules),
  );
  const summaries = await Promise.all(
    collections.rows.map(async (c) => {
      const members = sql`${PRODUCT_FROM}
        where sa.seller_profile_id = ${q.sellerProfile} and ${membershipCondition(c, ruleScope)}`;
      const [counted, kpis, totals] = await Promise.all([
        db.execute(sql`select count(*)::int as n ${members}`) as unknown as Promise<
          Rows<{ n: number }>
        >,
        db.execute(sql`
          with ${fx}
          select coalesce(sum(f.cost_micros * x.factor), 0) as cost,
            coalesce(sum(f.sales_micros * x.factor), 0) as sales,
            array_agg(distinct ap.currency) filter (where x.factor is null
              and (f.cost_micros <> 0 or f.sales_micros <> 0)) as unconverted
          from (select distinct p.marketplace, p.sku ${members}) m
          join advertising_profiles ap on ap.seller_profile_id = ${q.sellerProfile}
            and ap.country_code = m.marketplace
          join product_ads pa on pa.advertising_profile_id = ap.id and pa.sku = m.sku
          join ad_performance_daily f on f.advertising_profile_id = ap.id
            and f.entity_type = 'product_ad' and f.amazon_id = pa.amazon_ad_id
            and f.date between ${q.from}::date and ${q.to}::date
          left join fx x on x.currency = ap.currency and x.date = f.date`) as unknown as Promise<
          Rows<{ cost: unknown; sales: unknown; unconverted: string[] | null }>
        >,
        db.execute(sql`
          with ${fx}
          select sum(s.sales_micros * x.factor) as sales,
            array_agg(distinct s.currency) filter (where x.factor is null
              and s.sales_micros <> 0) as unconverted,
            bool_or(x.factor is not null) as converted
          from (select distinct p.seller_account_id, p.marketplace_id, p.sku ${members}) m
          join product_sales_daily s on s.seller_account_id = m.seller_account_id
            and s.marketplace_id = m.marketplace_id and s.sku = m.sku
            and s.date between ${q.from}::date and ${q.to}::date
          left join fx x on x.currency = s.currency and x.date = s.date`) as unknown as Promise<
          Rows<{ sales: unknown; unconverted: string[] | null; converted: boolean | null }>
        >,
      ]);
      for (const code of [
        ...(kpis.rows[0]?.unconverted ?? []),
        ...(totals.rows[0]?.unconverted ?? []),
      ])
        unconverted.add(code);
      const count = Number(counted.rows[0]?.n ?? 0);
      if (count !== c.product_count)
        await db.execute(
          sql`update product_collections set product_count = ${count} where id = ${c.id}`,
        );
      const spend = Number(kpis.rows[0]?.cost ?? 0) / 1e6;
      const sales = Number(kpis.rows[0]?.sales ?? 0) / 1e6;
      // Unknown (not 0) while no member has a synced day in a currency that converts.
      const total = totals.rows[0]?.converted ? totals.rows[0].sales : null;
      const totalSales = total === null || total === undefined ? null : Number(total) / 1e6;
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        colour: c.colour,
        membership: c.membership,
        priority: c.priority,
        productCount: count,
        spend: Math.round(spend * 100) / 100,
        sales: Math.round(sales * 100) / 100,
        acos: sales > 0 ? spend / sales : null,
        totalSales: totalSales === null ? null : Math.round(totalSales * 100) / 100,
        ...tacosOf(spend, sales, totalSales),
        goal: goalAgainst(
          goals.get(c.id) ?? { targetAcos: null, source: "default" },
          sales > 0 ? spend / sales : null,
        ),
      };
    }),
  );
  return { currency, unconvertedCurrencies: [...unconverted].sort(), collections: summaries };
}

type CollectionTarget = Omit<CollectionSummary["goal"], "status">;

/** Each collection's target ACoS along global → collection, with where it comes from. */
async function collectionGoals(
  db: Database,
  sellerProfileId: string,
  collectionIds: string[],
): Promise<Map<string, CollectionTarget>> {
  if (collectionIds.length === 0) return new Map();
  const [profile] = (
    (await db.execute(
      sql`select values from seller_profile_settings where seller_profile_id = ${sellerProfileId}`,
    )) as unknown as Rows<{ values: unknown }>
  ).rows;
  const own = (
    (await db.execute(sql`select s.collection_id, s.values from collection_settings s
      join product_collections c on c.id = s.collection_id
      where c.seller_profile_id = ${sellerProfileId}`)) as unknown as Rows<{
      collection_id: string;
      values: unknown;
    }>
  ).rows;
  const valuesOf = new Map(own.map((r) => [r.collection_id, parseStoredSettings(r.values)]));
  const global = {
    level: "global" as const,
    id: sellerProfileId,
    name: "",
    values: parseStoredSettings(profile?.values ?? {}),
  };
  return new Map(
    collectionIds.map((id) => {
      const resolved = resolveSettings({
        global,
        marketplace: null,
        collections: [
          {
            level: "collection",
            id,
            name: "",
            priority: 0,
            createdAt: "",
            values: valuesOf.get(id) ?? {},
          },
        ],
        product: null,
      });
      const from = resolved.values.targetAcos.source;
      return [
        id,
        {
          targetAcos: resolved.effectiveTargetAcos,
          source:
            from === "default" ? "default" : from.level === "collection" ? "collection" : "global",
        },
      ];
    }),
  );
}

function goalAgainst(target: CollectionTarget, acos: number | null): CollectionSummary["goal"] {
  return {
    ...target,
    status:
      target.targetAcos === null || acos === null ? null : goalStatus(target.targetAcos, acos),
  };
}
