import { type Database, type RollupCoverage, refreshRollups } from "@starport/db";
import { MARKETPLACE_CODES } from "@starport/marketplaces";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Period } from "../advertising/metrics/period.ts";
import { rollupSums } from "../advertising/metrics/rollup.ts";
import {
  NUMBER_OPERATORS,
  RULE_LIFECYCLES,
  RULE_METRICS,
  RULE_OPERATORS,
  RULE_WINDOWS,
  type RuleMetric,
  STOCK_STATUSES,
} from "./collection-rule-vocabulary.ts";
import { LOW_COVER_DAYS } from "./product-list-query.ts";

/**
 * Rule-based collections (issue 11 §5): a rule set is conditions combined with all/any, declared
 * once here as a zod schema and compiled to one SQL condition over the product list's query
 * (aliases `p` products, `sa` seller_accounts, `d` product_details, `s` product_stock; see
 * PRODUCT_FROM). Nothing evaluates rules anywhere else.
 */

export { NUMBER_OPERATORS, RULE_METRICS, RULE_WINDOWS, type RuleMetric };

const text = z.string().trim().min(1).max(200);
/** `B0*`, `SKU-??-RED`: `*` any run of characters, `?` one character, case-insensitive. */
const pattern = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u);
const amount = z.number().finite().min(-1_000_000_000).max(1_000_000_000);

const numeric = {
  operator: z.enum(NUMBER_OPERATORS),
  value: amount,
  /** Upper bound of `between` (inclusive). */
  to: amount.optional(),
};

export const ruleCondition = z.discriminatedUnion("field", [
  z.object({
    field: z.enum(["brand", "category"]),
    operator: z.enum(RULE_OPERATORS.brand),
    value: text,
  }),
  z.object({ field: z.literal("tag"), operator: z.enum(RULE_OPERATORS.tag), value: text }),
  z.object({
    field: z.literal("marketplace"),
    operator: z.enum(RULE_OPERATORS.marketplace),
    value: z.enum(MARKETPLACE_CODES as [string, ...string[]]),
  }),
  z.object({
    field: z.enum(["asin", "sku"]),
    operator: z.enum(RULE_OPERATORS.asin),
    value: pattern,
  }),
  z.object({ field: z.literal("price"), ...numeric }),
  z.object({
    field: z.literal("stockStatus"),
    operator: z.enum(RULE_OPERATORS.stockStatus),
    value: z.enum(STOCK_STATUSES),
  }),
  z.object({
    field: z.literal("lifecycle"),
    operator: z.enum(RULE_OPERATORS.lifecycle),
    value: z.enum(RULE_LIFECYCLES),
  }),
  z.object({
    field: z.literal("metric"),
    metric: z.enum(RULE_METRICS),
    /** The last N whole days before today. */
    windowDays: z.union(RULE_WINDOWS.map((d) => z.literal(d))),
    ...numeric,
  }),
]);
export type RuleCondition = z.infer<typeof ruleCondition>;

export const ruleSet = z
  .object({
    match: z.enum(["all", "any"]),
    conditions: z.array(ruleCondition).min(1).max(50),
  })
  .superRefine((set, context) => {
    set.conditions.forEach((c, i) => {
      if ("operator" in c && c.operator === "between" && (c.to === undefined || c.to < c.value))
        context.addIssue({
          code: "custom",
          path: ["conditions", i, "to"],
          message: "invalid",
        });
    });
  });
export type RuleSet = z.infer<typeof ruleSet>;

/** The product list's FROM clause; rule conditions and member queries read these aliases. */
export const PRODUCT_FROM = sql`
    from products p
    join seller_accounts sa on sa.id = p.seller_account_id
    left join product_details d on d.product_id = p.id
    left join product_stock s on s.seller_account_id = p.seller_account_id
      and s.marketplace_id = p.marketplace_id and s.sku = p.sku`;

const STOCK = sql.raw("coalesce(s.fulfillable, p.quantity)");

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `*` and `?` wildcards to an ILIKE pattern, everything else literal. */
export function likeOfPattern(value: string) {
  return escapeLike(value).replace(/\*/g, "%").replace(/\?/g, "_");
}

function compare(expression: SQL, c: { operator: string; value: number; to?: number | undefined }) {
  switch (c.operator) {
    case "gt":
      return sql`${expression} > ${c.value}`;
    case "gte":
      return sql`${expression} >= ${c.value}`;
    case "lt":
      return sql`${expression} < ${c.value}`;
    case "lte":
      return sql`${expression} <= ${c.value}`;
    default:
      return sql`${expression} between ${c.value} and ${c.to ?? c.value}`;
  }
}

/**
 * The metric of each advertised product over a window, as SQL over the window's sums of its
 * product ads (`r`, exact micros). ACoS in percent, ROAS as a ratio: null without sales (resp.
 * spend), and such a product satisfies no comparison, as in the product list where its ACoS
 * shows as "–". The others count a product without facts as 0.
 */
const AGGREGATES: Record<RuleMetric, { sql: string; zeroWithoutFacts: boolean }> = {
  acos: {
    sql: "sum(r.cost_micros)::numeric * 100 / nullif(sum(r.sales_micros), 0)",
    zeroWithoutFacts: false,
  },
  roas: {
    sql: "sum(r.sales_micros)::numeric / nullif(sum(r.cost_micros), 0)",
    zeroWithoutFacts: false,
  },
  spend: { sql: "sum(r.cost_micros)::numeric / 1000000", zeroWithoutFacts: true },
  sales: { sql: "sum(r.sales_micros)::numeric / 1000000", zeroWithoutFacts: true },
  clicks: { sql: "sum(r.clicks)", zeroWithoutFacts: true },
  impressions: { sql: "sum(r.impressions)", zeroWithoutFacts: true },
  orders: { sql: "sum(r.orders)", zeroWithoutFacts: true },
};

function satisfies(
  value: number,
  c: { operator: string; value: number; to?: number | undefined },
): boolean {
  switch (c.operator) {
    case "gt":
      return value > c.value;
    case "gte":
      return value >= c.value;
    case "lt":
      return value < c.value;
    case "lte":
      return value <= c.value;
    default:
      return value >= c.value && value <= (c.to ?? c.value);
  }
}

/**
 * A product's ad metric over a window compared with a value: the product ads of the SKU in the
 * seller profile's advertising profile of the listing's marketplace (as the product list counts
 * them). The window's sums come from the running totals (two rows per product ad, as Hangar
 * reads them), grouped per (marketplace, SKU) into one uncorrelated set the planner hashes once:
 * a subquery per product summing daily facts took 0.4–0.7 s on 20,000 products on PGlite. Where
 * a product without facts (0) satisfies the comparison ("spend < 10"), the set is the
 * advertised products that fail it.
 */
function metricCondition(
  c: Extract<RuleCondition, { field: "metric" }>,
  scope: RuleScope,
  window: Period,
): SQL {
  const aggregate = AGGREGATES[c.metric];
  const grouped = (having: SQL) => sql`(select ap.country_code, pa.sku
      from (${rollupSums(PRODUCT_AD_FACTS, window, scope.productAdCoverage, undefined, "micros")}) r
      join advertising_profiles ap on ap.id = r.advertising_profile_id
      join product_ads pa on pa.advertising_profile_id = r.advertising_profile_id
        and pa.amazon_ad_id = r.amazon_id
      where ap.seller_profile_id = ${scope.sellerProfileId}::uuid and pa.sku is not null
      group by ap.country_code, pa.sku
      having ${having})`;
  const compared = compare(sql.raw(aggregate.sql), c);
  return aggregate.zeroWithoutFacts && satisfies(0, c)
    ? sql`(p.marketplace, p.sku) not in ${grouped(sql`not coalesce(${compared}, false)`)}`
    : sql`(p.marketplace, p.sku) in ${grouped(compared)}`;
}

/** The first and last day of a window of N whole days before `today` (YYYY-MM-DD). */
export function windowOf(days: number, today: string): { from: string; to: string } {
  const end = new Date(`${today}T00:00:00Z`);
  const day = (offset: number) =>
    new Date(end.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(days), to: day(1) };
}

const negate = (condition: SQL) => sql`not coalesce(${condition}, false)`;

function compileCondition(c: RuleCondition, scope: RuleScope): SQL {
  switch (c.field) {
    case "brand":
    case "category": {
      const column = sql.raw(`lower(coalesce(p.${c.field}, ''))`);
      if (c.operator === "contains")
        return sql`${column} like ${`%${escapeLike(c.value.toLowerCase())}%`}`;
      const equal = sql`${column} = ${c.value.toLowerCase()}`;
      return c.operator === "is" ? equal : negate(equal);
    }
    case "tag": {
      const has = sql`exists (select 1 from product_tags pt join tags t on t.id = pt.tag_id
        where pt.product_id = p.id and lower(t.text) = ${c.value.toLowerCase()})`;
      return c.operator === "is" ? has : sql`not ${has}`;
    }
    case "marketplace":
      return c.operator === "is"
        ? sql`p.marketplace = ${c.value}`
        : sql`p.marketplace <> ${c.value}`;
    case "asin":
    case "sku": {
      const match = sql`${sql.raw(`coalesce(p.${c.field}, '')`)} ilike ${likeOfPattern(c.value)}`;
      return c.operator === "matches" ? match : negate(match);
    }
    case "price":
      return compare(sql.raw("p.price_micros::numeric / 1000000"), c);
    case "stockStatus": {
      const status: Record<(typeof STOCK_STATUSES)[number], SQL> = {
        out_of_stock: sql`${STOCK} <= 0`,
        low_cover: sql`${STOCK} > 0 and s.days_of_cover < ${LOW_COVER_DAYS}`,
        in_stock: sql`${STOCK} > 0 and (s.days_of_cover is null or s.days_of_cover >= ${LOW_COVER_DAYS})`,
      };
      const is = sql`(${status[c.value]})`;
      return c.operator === "is" ? is : negate(is);
    }
    case "lifecycle": {
      const is = c.value === "none" ? sql`d.lifecycle is null` : sql`d.lifecycle = ${c.value}`;
      return c.operator === "is" ? is : negate(is);
    }
    case "metric": {
      const { from, to } = windowOf(c.windowDays, scope.today);
      return metricCondition(c, scope, { from, to });
    }
  }
}

/**
 * Where rules are evaluated: the day their metric windows end before, the seller profile whose
 * products (and advertising profiles) they read, and how far its product ads' running totals
 * reach (see ruleScopeOf).
 */
export interface RuleScope {
  today: string;
  sellerProfileId: string;
  productAdCoverage: RollupCoverage[];
}

/** The fact type of product ads in ad_performance_daily and its running totals. */
const PRODUCT_AD_FACTS = "product_ad";

/**
 * The scope to compile a seller profile's rules in. Where a rule set names an ad metric, it
 * refreshes the product ads' running totals when facts changed since (a no-op otherwise), so
 * metric conditions read current sums; rules without metrics touch no totals.
 */
export async function ruleScopeOf(
  db: Database,
  sellerProfileId: string,
  today: string,
  /** The rule sets about to be compiled (stored or typed; anything else counts as none). */
  ruleSets: readonly unknown[],
): Promise<RuleScope> {
  const readsMetrics = ruleSets.some(
    (rules) => ruleSet.safeParse(rules).data?.conditions.some((c) => c.field === "metric") ?? false,
  );
  const productAdCoverage = readsMetrics
    ? await refreshRollups(
        db,
        sql`select id from advertising_profiles where seller_profile_id = ${sellerProfileId}::uuid`,
        PRODUCT_AD_FACTS,
      )
    : [];
  return { today, sellerProfileId, productAdCoverage };
}

/** The rule set as one SQL condition on a product row (null-safe: unknown is "not in"). */
export function compileRuleSet(rules: RuleSet, scope: RuleScope): SQL {
  const parts = rules.conditions.map((c) => sql`coalesce((${compileCondition(c, scope)}), false)`);
  return sql`(${sql.join(parts, rules.match === "all" ? sql` and ` : sql` or `)})`;
}

/** Today in UTC, the day the metric windows end before. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The day rule windows end before: Amazon's today where it has its own (the sandbox), else UTC. */
export async function catalogueToday(amazon?: { today?: () => Promise<string> }): Promise<string> {
  if (!amazon?.today) return todayUtc();
  return amazon.today().catch(() => todayUtc());
}

/**
 * Membership of a stored collection as a condition on a product row: its members (manual) or its
 * compiled rules. A stored rule set that no longer parses matches nothing (never everything).
 */
export function membershipCondition(
  collection: { id: string; membership: string; rules: unknown },
  scope: RuleScope,
): SQL {
  if (collection.membership !== "rules")
    return sql`exists (select 1 from product_collection_members m
      where m.product_id = p.id and m.collection_id = ${collection.id})`;
  const parsed = ruleSet.safeParse(collection.rules);
  return parsed.success ? compileRuleSet(parsed.data, scope) : sql`false`;
}
