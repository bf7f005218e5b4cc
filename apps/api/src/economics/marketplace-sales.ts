import { schema } from "@starport/db";
import { getMarketplace } from "@starport/marketplaces";
import { and, asc, count, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { PERIOD_PARAMETERS, parsePeriod } from "../advertising/metrics/period.ts";
import { iriOf } from "../hydra/fields.ts";
import { defineResource, type ProviderCollectionContext, ref } from "../hydra/resource.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { tacosOf } from "./total-sales.ts";

const ap = schema.advertisingProfiles;

const major = (micros: unknown) => Math.round(Number(micros ?? 0) / 10_000) / 100;

/**
 * `GET /api/marketplace_sales?sellerProfile=…&from=…&to=…` (issue 12 §4, TACoS in Hangar): per
 * advertising profile (a seller profile's marketplace), the total sales of the range from the
 * SP-API Sales sync (ad-driven + organic) beside the ad spend and ad sales of its campaigns →
 * TACoS and organic share. Total sales are unknown (null), not 0, while no day is synced.
 */
async function marketplaceSales(ctx: ProviderCollectionContext) {
  const period = parsePeriod(ctx.query, true)!.current;
  const where = and(ctx.scope, ...ctx.conditions);
  const [counted] = await ctx.db.select({ n: count() }).from(ap).where(where);
  let page = ctx.db
    .select()
    .from(ap)
    .where(where)
    .orderBy(asc(ap.countryCode), asc(ap.id))
    .$dynamic();
  if (ctx.limit !== undefined) page = page.limit(ctx.limit).offset(ctx.offset);
  const profiles = await page;
  if (profiles.length === 0) return { rows: [], total: counted?.n ?? 0 };

  const ids = JSON.stringify(profiles.map((p) => p.id));
  const inPage = (column: SQL) =>
    sql`${column} in (select (json_array_elements_text(${ids}::json))::uuid)`;
  const ads = (await ctx.db.execute(sql`
    select f.advertising_profile_id as id, sum(f.cost_micros) as cost, sum(f.sales_micros) as sales
    from ad_performance_daily f
    where ${inPage(sql`f.advertising_profile_id`)} and f.entity_type = 'campaign'
      and f.date between ${period.from} and ${period.to}
    group by 1`)) as unknown as { rows: { id: string; cost: unknown; sales: unknown }[] };
  // Total sales of the seller profile's accounts on the profile's marketplace, in its currency.
  const marketplaceIds = sql.join(
    profiles.map(
      (p) => sql`(${p.id}::uuid, ${getMarketplace(p.countryCode)?.marketplaceId ?? ""}::text)`,
    ),
    sql`, `,
  );
  const totals = (await ctx.db.execute(sql`
    select ap.id, sum(s.sales_micros) as sales, sum(s.units) as units,
      count(distinct s.date)::int as days
    from advertising_profiles ap
    join (values ${marketplaceIds}) m(profile_id, marketplace_id) on m.profile_id = ap.id
    join seller_accounts sa on sa.seller_profile_id = ap.seller_profile_id
    join product_sales_daily s on s.seller_account_id = sa.id
      and s.marketplace_id = m.marketplace_id and s.currency = ap.currency
      and s.date between ${period.from} and ${period.to}
    group by ap.id`)) as unknown as {
    rows: { id: string; sales: unknown; units: unknown; days: number }[];
  };
  const adsOf = new Map(ads.rows.map((r) => [String(r.id), r]));
  const totalsOf = new Map(totals.rows.map((r) => [String(r.id), r]));
  const rows = profiles.map((p) => {
    const ad = adsOf.get(p.id);
    const total = totalsOf.get(p.id);
    const adSpend = major(ad?.cost);
    const adSales = major(ad?.sales);
    const totalSales = total ? major(total.sales) : null;
    return {
      advertisingProfile: ref(() => advertisingProfiles, p.id),
      marketplace: p.countryCode,
      currency: p.currency,
      from: period.from,
      to: period.to,
      syncedDays: total ? Number(total.days) : 0,
      totalSales,
      units: total ? Number(total.units ?? 0) : null,
      adSpend,
      adSales,
      ...tacosOf(adSpend, adSales, totalSales),
    };
  });
  return { rows, total: counted?.n ?? 0 };
}

export const marketplaceSalesResource = defineResource<Record<string, unknown>, z.ZodObject>({
  shortName: "MarketplaceSales",
  path: "marketplace_sales",
  description:
    "Total sales (ad-driven + organic, SP-API Sales) of each marketplace of a seller profile over a date range, beside its ad spend and ad sales: TACoS and organic share.",
  table: ap,
  id: ap.id,
  owner: { kind: "parent", column: ap.sellerProfileId, parent: () => sellerProfiles },
  itemOperation: false,
  output: z.object({
    advertisingProfile: iriOf(() => advertisingProfiles),
    marketplace: z.string(),
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    syncedDays: z.int().min(0).describe("days of the range with synced total sales"),
    totalSales: z.number().nullable().describe("null while no day of the range is synced"),
    units: z.int().nullable(),
    adSpend: z.number(),
    adSales: z.number(),
    tacos: z.number().nullable().describe("ad spend / total sales (fraction)"),
    organicShare: z.number().nullable().describe("part of total sales no ad was credited with"),
  }),
  toOutput: (row) => row,
  operations: { create: false, update: false, delete: false },
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: ap.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "relation", parameter: "profile", column: ap.id, target: () => advertisingProfiles },
    { type: "exact", parameter: "marketplace", column: ap.countryCode },
  ],
  pagination: { itemsPerPage: 30, maxItemsPerPage: 100, clientEnabled: true },
  provider: {
    parameters: PERIOD_PARAMETERS.filter((p) => p.variable === "from" || p.variable === "to"),
    validate: (query) => {
      parsePeriod(query, true);
    },
    collection: marketplaceSales,
  },
});
