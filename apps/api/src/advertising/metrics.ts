import type { Database } from "@starport/db";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";

/**
 * Sums of the daily performance facts over a date range, for any synced entity, with the derived
 * ratios (ACoS, ROAS, CTR, CVR, CPC); optionally converted to one currency with the euro rates of
 * each day (the newest rate on or before it). Scoped to the caller's customer like every resource.
 */

const ENTITIES = {
  campaigns: { type: "campaign", table: "campaigns", idColumn: "amazon_campaign_id" },
  ad_groups: { type: "ad_group", table: "ad_groups", idColumn: "amazon_ad_group_id" },
  keywords: { type: "keyword", table: "keywords", idColumn: "amazon_keyword_id" },
  targets: { type: "target", table: "targets", idColumn: "amazon_target_id" },
  product_ads: { type: "product_ad", table: "product_ads", idColumn: "amazon_ad_id" },
} as const;
export type MetricsEntity = keyof typeof ENTITIES;

const uuid = z.uuid();
const idOrIri = z
  .string()
  .transform((v) => v.split("/").pop() ?? "")
  .pipe(uuid);

export const metricsQuery = z
  .object({
    entity: z.enum(Object.keys(ENTITIES) as [MetricsEntity, ...MetricsEntity[]]),
    from: z.iso.date(),
    to: z.iso.date(),
    groupBy: z.enum(["entity", "date", "none"]).default("entity"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    profile: idOrIri.optional(),
    sellerProfile: idOrIri.optional(),
    ids: z.array(idOrIri).max(1000).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "before from" })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, {
    path: ["from"],
    message: "range too long",
  });
export type MetricsQuery = z.infer<typeof metricsQuery>;

export function parseMetricsQuery(query: URLSearchParams): MetricsQuery {
  const raw: Record<string, unknown> = {};
  for (const key of ["entity", "from", "to", "groupBy", "currency", "profile", "sellerProfile"]) {
    const value = query.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const ids = [...query.getAll("ids[]"), ...query.getAll("ids")].filter(Boolean);
  if (ids.length) raw.ids = ids;
  const result = metricsQuery.safeParse(raw);
  if (!result.success) {
    const seen = new Set<string>();
    throw new ValidationError(
      result.error.issues
        .map((issue) => String(issue.path[0] ?? ""))
        .filter((path) => !seen.has(path) && seen.add(path))
        .map((path) => violation(path, raw[path] === undefined ? "required" : "invalid")),
      400,
    );
  }
  return result.data;
}

export interface MetricsRow {
  impressions: number;
  clicks: number;
  cost: number;
  orders: number;
  units: number;
  sales: number;
  acos: number | null;
  roas: number | null;
  ctr: number | null;
  cvr: number | null;
  cpc: number | null;
  currency: string;
}

function derived(r: {
  impressions: number;
  clicks: number;
  cost: number;
  orders: number;
  sales: number;
}) {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  return {
    acos: ratio(r.cost, r.sales),
    roas: ratio(r.sales, r.cost),
    ctr: ratio(r.clicks, r.impressions),
    cvr: ratio(r.orders, r.clicks),
    cpc: ratio(r.cost, r.clicks),
  };
}

export async function queryMetrics(db: Database, principal: Principal, q: MetricsQuery) {
  const e = ENTITIES[q.entity];
  const conditions: SQL[] = [
    sql`f.entity_type = ${e.type}`,
    sql`f.date between ${q.from} and ${q.to}`,
  ];
  if (!principal.isAdmin) conditions.push(sql`sp.customer_id = ${principal.customerId}`);
  if (q.profile) conditions.push(sql`p.id = ${q.profile}`);
  if (q.sellerProfile) conditions.push(sql`p.seller_profile_id = ${q.sellerProfile}`);
  if (q.ids) {
    conditions.push(
      sql`t.id in (select (json_array_elements_text(${JSON.stringify(q.ids)}::json))::uuid)`,
    );
  }
  const groupKey =
    q.groupBy === "entity"
      ? sql.raw("t.id::text")
      : q.groupBy === "date"
        ? sql.raw("f.date::text")
        : sql.raw("'all'");
  // Sum per group, day and native currency first; convert those few sums, then add them up.
  const rows = (await db.execute(sql`
    with daily as (
      select ${groupKey} as key, f.date, p.currency,
        sum(f.impressions) as impressions, sum(f.clicks) as clicks, sum(f.cost_micros) as cost,
        sum(f.orders) as orders, sum(f.units) as units, sum(f.sales_micros) as sales
      from ad_performance_daily f
      join ${sql.raw(e.table)} t
        on t.advertising_profile_id = f.advertising_profile_id and t.${sql.raw(e.idColumn)} = f.amazon_id
      join advertising_profiles p on p.id = f.advertising_profile_id
      join seller_profiles sp on sp.id = p.seller_profile_id
      where ${sql.join(conditions, sql` and `)}
      group by 1, 2, 3
    ), factors as (
      select d.key, d.date, d.currency, d.impressions, d.clicks, d.cost, d.orders, d.units, d.sales,
        ${
          q.currency
            ? sql`case when d.currency = ${q.currency} then 1.0 else
                (select r.conversion_rate from conversion_rates r where r.currency_code = ${q.currency}
                   and r.date <= d.date order by r.date desc limit 1)
                / (select r.conversion_rate from conversion_rates r where r.currency_code = d.currency
                   and r.date <= d.date order by r.date desc limit 1) end`
            : sql`1.0`
        } as factor
      from daily d
    )
    select key, ${q.currency ? sql`${q.currency}::text` : sql`currency`} as currency,
      sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks,
      sum(cost * factor) / 1000000.0 as cost, sum(orders)::bigint as orders,
      sum(units)::bigint as units, sum(sales * factor) / 1000000.0 as sales,
      bool_or(factor is null) as unconvertible
    from factors group by 1, 2 order by 1, 2`)) as unknown as {
    rows: Record<string, string | number | boolean | null>[];
  };
  const member = rows.rows.map((r) => {
    if (r.unconvertible === true) {
      throw new ValidationError([violation("currency", "invalid")], 400);
    }
    const base = {
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      cost: Math.round(Number(r.cost) * 100) / 100,
      orders: Number(r.orders),
      units: Number(r.units),
      sales: Math.round(Number(r.sales) * 100) / 100,
    };
    const key = String(r.key);
    return {
      ...(q.groupBy === "entity"
        ? { entity: `/api/${q.entity}/${key}` }
        : q.groupBy === "date"
          ? { date: key }
          : {}),
      ...base,
      ...derived(base),
      currency: String(r.currency),
    };
  });
  return {
    "@context": "/api/contexts/Metrics",
    "@id": "/api/metrics",
    "@type": "Metrics",
    entity: q.entity,
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    currency: q.currency ?? null,
    member,
  };
}
