import { type Database, refreshRollups } from "@starport/db";
import type {
  AdGroupNode,
  CampaignNode,
  EntityState,
  MatchType,
  OptimiserInput,
  PlacementKey,
  ProductInfo,
  RecentChange,
  SearchTermFact,
  Sums,
  TargetNode,
} from "@starport/optimiser";
import { type ResolvedSettings, resolveSettings } from "@starport/settings";
import { type SQL, sql } from "drizzle-orm";
import { shiftDay } from "../advertising/metrics/period.ts";
import { listingsOfAds } from "../advertising/metrics/product-of-ad.ts";
import { rollupSums } from "../advertising/metrics/rollup.ts";
import { loadSettingsContexts } from "../settings/load-settings-contexts.ts";

/**
 * The optimiser's repository: `OptimiserInput` for one advertising profile (one marketplace of a
 * seller profile) from the database, in a fixed number of queries whatever the number of
 * keywords: the entity tree (5), the settled window from the running totals and the newest days
 * within the attribution lag (3), placements, campaign spend, search terms, stock, recent changes
 * (one each), and the settings with break-even (`loadSettingsContexts`, a fixed number).
 */

/** Days of facts the optimiser reads, ending yesterday. */
export const WINDOW_DAYS = 30;
/** Days of campaign spend for the budget-capped check, and of changes for the cool-down. */
const SPEND_DAYS = 7;
const CHANGE_DAYS = 14;

export interface LoadedOptimiserInput {
  input: OptimiserInput;
  window: { from: string; to: string };
  /** The automation mode of each ad group (its products'; the profile's without products). */
  modeOfAdGroup: Map<string, string>;
  profileMode: string;
  /** Labels and Amazon ids of the entities decisions name (change rows show them). */
  labels: Map<string, string>;
  /** Each ad group's Amazon ids (a keyword or negative created in it is sent with them). */
  amazonIdsOfAdGroup: Map<string, { campaignId: string; adGroupId: string }>;
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const money = (micros: unknown) => Number(micros ?? 0) / 1_000_000;
const sums = (r: Record<string, unknown>): Sums => ({
  impressions: Number(r.impressions ?? 0),
  clicks: Number(r.clicks ?? 0),
  cost: money(r.cost_micros),
  orders: Number(r.orders ?? 0),
  sales: money(r.sales_micros),
});
const PLACEMENTS: Record<string, PlacementKey> = {
  TOP_OF_SEARCH: "top",
  REST_OF_SEARCH: "rest",
  PRODUCT_PAGES: "productPage",
};
const dayDiff = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

export async function loadOptimiserInput(
  db: Database,
  advertisingProfileId: string,
  today: string,
): Promise<LoadedOptimiserInput | undefined> {
  const [profile] = await rows<{ seller_profile_id: string; country_code: string }>(
    db,
    sql`select seller_profile_id::text, country_code from advertising_profiles where id = ${advertisingProfileId}`,
  );
  if (!profile) return undefined;
  const p = sql`${advertisingProfileId}::uuid`;

  // Settings first: the attribution lag splits the window.
  const contexts = await loadSettingsContexts(db, profile.seller_profile_id, {
    breakEven: true,
    today,
  });
  const inMarketplace = contexts.filter((c) => c.marketplace === profile.country_code);
  const profileSettings: ResolvedSettings = resolveSettings({
    global: inMarketplace[0]?.context.global ?? contexts[0]?.context.global ?? null,
    marketplace: inMarketplace[0]?.context.marketplace ?? null,
    collections: [],
    product: null,
  });
  const lag = profileSettings.values.attributionLagDays.value ?? 3;
  const to = shiftDay(today, -1);
  const from = shiftDay(today, -WINDOW_DAYS);
  const settledTo = shiftDay(today, -1 - lag);

  const [campaignRows, groupRows, targetRows, adRows, negativeRows] = [
    await rows<Record<string, unknown>>(
      db,
      sql`select id::text, name, state, targeting_type, budget_micros, bidding_strategy,
        amazon_campaign_id, placement_top_of_search_pct, placement_product_page_pct,
        placement_rest_of_search_pct
      from campaigns where advertising_profile_id = ${p} and state <> 'ARCHIVED'`,
    ),
    await rows<Record<string, unknown>>(
      db,
      sql`select id::text, campaign_id::text, name, state, default_bid_micros, amazon_ad_group_id
      from ad_groups where advertising_profile_id = ${p} and state <> 'ARCHIVED'`,
    ),
    await rows<Record<string, unknown>>(
      db,
      sql`select 'keyword' as kind, id::text, ad_group_id::text, amazon_keyword_id as amazon_id,
          keyword_text as text, match_type, state, bid_micros, false as auto
        from keywords where advertising_profile_id = ${p} and state <> 'ARCHIVED'
        union all
        select 'target', id::text, ad_group_id::text, amazon_target_id, expression_text, null,
          state, bid_micros, expression_type = 'AUTO'
        from targets where advertising_profile_id = ${p} and state <> 'ARCHIVED'`,
    ),
    await rows<Record<string, unknown>>(
      db,
      listingsOfAds(
        sql`pa.advertising_profile_id = ${p} and pa.state <> 'ARCHIVED'`,
        sql`pa.ad_group_id::text, pa.state, p.id::text as product_id, p.title, pa.sku, pa.asin`,
      ),
    ),
    await rows<{ ad_group_id: string; text: string }>(
      db,
      sql`select ad_group_id::text, lower(keyword_text) as text from negative_keywords
        where advertising_profile_id = ${p} and level = 'adGroup' and state = 'ENABLED'
          and match_type in ('NEGATIVE_EXACT', 'negativeExact')`,
    ),
  ];

  // Facts: the settled window from the running totals, the lag's days one row per day.
  const coverage = {
    keyword: await refreshRollups(db, p, "keyword"),
    target: await refreshRollups(db, p, "target"),
  };
  const settled = new Map<string, Sums>();
  if (settledTo >= from)
    for (const kind of ["keyword", "target"] as const)
      for (const r of await rows<Record<string, unknown>>(
        db,
        rollupSums(kind, { from, to: settledTo }, coverage[kind], undefined, "micros"),
      ))
        settled.set(`${kind}:${r.amazon_id}`, sums(r));
  const recent = new Map<string, (Sums & { ageDays: number })[]>();
  for (const r of await rows<Record<string, unknown>>(
    db,
    sql`select entity_type, amazon_id, date::text, impressions, clicks, cost_micros, orders, sales_micros
      from ad_performance_daily where advertising_profile_id = ${p}
        and entity_type in ('keyword', 'target')
        and date > ${settledTo < from ? shiftDay(from, -1) : settledTo}::date and date <= ${to}::date`,
  )) {
    const key = `${r.entity_type}:${r.amazon_id}`;
    const list = recent.get(key) ?? [];
    list.push({ ...sums(r), ageDays: dayDiff(today, String(r.date)) });
    recent.set(key, list);
  }
  const placements = await rows<Record<string, unknown>>(
    db,
    sql`select amazon_campaign_id, placement, sum(impressions) as impressions, sum(clicks) as clicks,
        sum(cost_micros) as cost_micros, sum(orders) as orders, sum(sales_micros) as sales_micros
      from ad_placement_daily where advertising_profile_id = ${p}
        and date between ${from}::date and ${to}::date
      group by amazon_campaign_id, placement`,
  );
  const spendRows = await rows<{ amazon_id: string; date: string; cost_micros: string }>(
    db,
    sql`select amazon_id, date::text, cost_micros from ad_performance_daily
      where advertising_profile_id = ${p} and entity_type = 'campaign'
        and date between ${shiftDay(today, -SPEND_DAYS)}::date and ${to}::date
      order by date`,
  );
  const termRows = await rows<Record<string, unknown>>(
    db,
    sql`select amazon_target_id, amazon_ad_group_id, search_term, sum(impressions) as impressions,
        sum(clicks) as clicks, sum(cost_micros) as cost_micros, sum(orders) as orders,
        sum(sales_micros) as sales_micros
      from search_term_daily where advertising_profile_id = ${p}
        and date between ${from}::date and ${to}::date
      group by amazon_target_id, amazon_ad_group_id, search_term`,
  );
  const stockRows = await rows<Record<string, unknown>>(
    db,
    sql`select p.id::text as product_id, p.asin, p.price_micros, s.fulfillable, s.days_of_cover
      from products p join seller_accounts sa on sa.id = p.seller_account_id
      left join product_stock s on s.seller_account_id = p.seller_account_id
        and s.marketplace_id = p.marketplace_id and s.sku = p.sku
      where sa.seller_profile_id = ${profile.seller_profile_id}::uuid
        and p.marketplace = ${profile.country_code}`,
  );
  const changeRows = await rows<{ entity_id: string; date: string; field: string | null }>(
    db,
    sql`select entity_id::text, (created_at at time zone 'UTC')::date::text as date, field
      from changes where advertising_profile_id = ${p} and entity_id is not null
        and status in ('pending', 'applying', 'applied')
        and created_at >= ${shiftDay(today, -CHANGE_DAYS)}::date`,
  );

  // ---- the tree ----
  const labels = new Map<string, string>();
  const empty: Sums = { impressions: 0, clicks: 0, cost: 0, orders: 0, sales: 0 };
  const targetsOf = new Map<string, TargetNode[]>();
  const defaultBid = new Map(groupRows.map((g) => [String(g.id), money(g.default_bid_micros)]));
  for (const t of targetRows) {
    const key = `${t.kind}:${t.amazon_id}`;
    labels.set(String(t.id), String(t.text));
    const node: TargetNode = {
      id: String(t.id),
      kind: t.kind as "keyword" | "target",
      text: String(t.text),
      matchType: (t.match_type as MatchType | null) ?? null,
      auto: Boolean(t.auto),
      state: t.state as EntityState,
      bid:
        t.bid_micros === null ? (defaultBid.get(String(t.ad_group_id)) ?? 0) : money(t.bid_micros),
      facts: {
        settled: settled.get(key) ?? empty,
        ...(recent.has(key) ? { recent: recent.get(key) ?? [] } : {}),
      },
    };
    const list = targetsOf.get(String(t.ad_group_id)) ?? [];
    list.push(node);
    targetsOf.set(String(t.ad_group_id), list);
  }
  const adsOf = new Map<string, AdGroupNode["products"][number][]>();
  for (const a of adRows) {
    // A paused or resumed ad is named by its product (the action center's "what" column).
    labels.set(String(a.ad_id), String(a.title || a.sku || a.asin));
    const list = adsOf.get(String(a.ad_group_id)) ?? [];
    list.push({
      productId: String(a.product_id),
      adId: String(a.ad_id),
      state: a.state as EntityState,
    });
    adsOf.set(String(a.ad_group_id), list);
  }
  const negativesOf = new Map<string, string[]>();
  for (const n of negativeRows)
    negativesOf.set(n.ad_group_id, [...(negativesOf.get(n.ad_group_id) ?? []), n.text]);
  const groupsOf = new Map<string, AdGroupNode[]>();
  const amazonCampaignOf = new Map(
    campaignRows.map((c) => [String(c.id), String(c.amazon_campaign_id)]),
  );
  const amazonIdsOfAdGroup = new Map<string, { campaignId: string; adGroupId: string }>();
  for (const g of groupRows) {
    labels.set(String(g.id), String(g.name));
    const amazonCampaign = amazonCampaignOf.get(String(g.campaign_id));
    if (amazonCampaign && g.amazon_ad_group_id)
      amazonIdsOfAdGroup.set(String(g.id), {
        campaignId: amazonCampaign,
        adGroupId: String(g.amazon_ad_group_id),
      });
    const list = groupsOf.get(String(g.campaign_id)) ?? [];
    list.push({
      id: String(g.id),
      name: String(g.name),
      state: g.state as EntityState,
      defaultBid: money(g.default_bid_micros),
      products: adsOf.get(String(g.id)) ?? [],
      targets: targetsOf.get(String(g.id)) ?? [],
      negativeExact: negativesOf.get(String(g.id)) ?? [],
    });
    groupsOf.set(String(g.campaign_id), list);
  }
  const placementsOf = new Map<string, Partial<Record<PlacementKey, Sums>>>();
  for (const r of placements) {
    const key = PLACEMENTS[String(r.placement)];
    if (!key) continue;
    const entry = placementsOf.get(String(r.amazon_campaign_id)) ?? {};
    entry[key] = sums(r);
    placementsOf.set(String(r.amazon_campaign_id), entry);
  }
  const spendOf = new Map<string, number[]>();
  for (const r of spendRows)
    spendOf.set(r.amazon_id, [...(spendOf.get(r.amazon_id) ?? []), money(r.cost_micros)]);
  const campaigns: CampaignNode[] = campaignRows.map((c) => {
    labels.set(String(c.id), String(c.name));
    return {
      id: String(c.id),
      name: String(c.name),
      state: c.state as EntityState,
      targetingType: c.targeting_type === "AUTO" ? "AUTO" : "MANUAL",
      dailyBudget: money(c.budget_micros),
      biddingStrategy: (c.bidding_strategy ??
        "LEGACY_FOR_SALES") as CampaignNode["biddingStrategy"],
      placementAdjustments: {
        top: Number(c.placement_top_of_search_pct ?? 0),
        productPage: Number(c.placement_product_page_pct ?? 0),
        rest: Number(c.placement_rest_of_search_pct ?? 0),
      },
      placements: placementsOf.get(String(c.amazon_campaign_id)) ?? {},
      dailySpend: spendOf.get(String(c.amazon_campaign_id)) ?? [],
      adGroups: groupsOf.get(String(c.id)) ?? [],
    };
  });

  // ---- products: settings, break-even, price, stock, the window's spend ----
  const stockOf = new Map(stockRows.map((r) => [String(r.product_id), r]));
  const spendOfProduct = new Map<string, number>();
  for (const c of campaigns)
    for (const g of c.adGroups) {
      const groupSpend = g.targets.reduce(
        (s, t) => s + t.facts.settled.cost + (t.facts.recent ?? []).reduce((r, d) => r + d.cost, 0),
        0,
      );
      for (const ad of g.products)
        spendOfProduct.set(
          ad.productId,
          (spendOfProduct.get(ad.productId) ?? 0) + groupSpend / g.products.length,
        );
    }
  const products: ProductInfo[] = inMarketplace.map((c) => {
    const stock = stockOf.get(c.productId);
    return {
      id: c.productId,
      asin: String(stock?.asin ?? ""),
      price: stock?.price_micros == null ? null : money(stock.price_micros),
      settings: resolveSettings(c.context),
      breakEvenAcos: c.context.breakEvenAcos ?? null,
      stockUnits: stock?.fulfillable == null ? null : Number(stock.fulfillable),
      daysOfCover: stock?.days_of_cover == null ? null : Number(stock.days_of_cover),
      spend: spendOfProduct.get(c.productId) ?? 0,
    };
  });

  const searchTerms: SearchTermFact[] = [];
  const targetByAmazonId = new Map(targetRows.map((t) => [String(t.amazon_id), t]));
  const campaignOfGroup = new Map(groupRows.map((g) => [String(g.id), String(g.campaign_id)]));
  for (const r of termRows) {
    const t = targetByAmazonId.get(String(r.amazon_target_id));
    if (!t) continue;
    searchTerms.push({
      campaignId: campaignOfGroup.get(String(t.ad_group_id)) ?? "",
      adGroupId: String(t.ad_group_id),
      targetId: String(t.id),
      searchTerm: String(r.search_term),
      sums: sums(r),
    });
  }
  const recentChanges: RecentChange[] = changeRows.map((r) => ({
    entityId: r.entity_id,
    date: r.date,
    field: (r.field === "bid" || r.field === "state" || r.field === "budget"
      ? r.field
      : "keyword") as RecentChange["field"],
  }));

  const productSettings = new Map(products.map((x) => [x.id, x.settings]));
  const profileMode = profileSettings.values.automationMode.value ?? "suggest";
  const modeOfAdGroup = new Map<string, string>();
  for (const c of campaigns)
    for (const g of c.adGroups) {
      const first = g.products.map((a) => productSettings.get(a.productId)).find(Boolean);
      modeOfAdGroup.set(g.id, first?.values.automationMode.value ?? profileMode);
    }

  return {
    input: {
      today,
      windowDays: WINDOW_DAYS,
      countryCode: profile.country_code,
      profileSettings,
      campaigns,
      products,
      searchTerms,
      recentChanges,
    },
    window: { from, to },
    modeOfAdGroup,
    profileMode,
    labels,
    amazonIdsOfAdGroup,
  };
}
