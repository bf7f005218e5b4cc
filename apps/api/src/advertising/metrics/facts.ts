import { type Database, schema } from "@starport/db";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import { ValidationError } from "../../errors.ts";
import type { AnyResource } from "../../hydra/resource.ts";
import { visibleTo } from "../../hydra/tenant.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";
import { violation } from "../../validation.ts";
import type { Period } from "./period.ts";

/**
 * Sums of daily facts (ad_performance_daily, ad_placement_daily, search_term_daily share their
 * measure columns) over a period, in SQL, with money converted per day to one currency. The one
 * place that knows how the facts are stored and converted.
 */

export interface Conversion {
  /** The currency every money value is in. */
  currency: string;
  /** Whether some profile's currency differs (then each day's amount is converted). */
  convert: boolean;
}

/** The advertising profiles the caller may see, narrowed by the request's relation filters. */
export function visibleProfileIds(
  principal: Principal,
  relations: readonly { target: AnyResource; id: string }[],
): SQL {
  const p = schema.advertisingProfiles;
  const parts: SQL[] = [];
  const scope = visibleTo(advertisingProfiles, principal);
  if (scope) parts.push(scope);
  const byTarget = new Map<AnyResource, string[]>();
  for (const r of relations) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r.id]);
  for (const [target, ids] of byTarget) {
    if (target.path === "advertising_profiles") parts.push(inArray(p.id, ids));
    else if (target.path === "seller_profiles") parts.push(inArray(p.sellerProfileId, ids));
    else if ("advertisingProfileId" in target.table) {
      const column = (target.table as unknown as Record<string, SQL>).advertisingProfileId!;
      parts.push(
        sql`${p.id} in (select ${column} from ${target.table} where ${inArray(target.id, ids)})`,
      );
    }
  }
  return sql`select ${p.id} from ${p}${parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``}`;
}

/** The currency of the answer: the requested one, the profiles' own, or EUR when they differ. */
export async function resolveConversion(
  db: Database,
  profileIds: SQL,
  requested: string | null,
): Promise<Conversion> {
  const result = (await db.execute(
    sql`select distinct currency from advertising_profiles where id in (${profileIds})`,
  )) as unknown as { rows: { currency: string }[] };
  const currencies = result.rows.map((r) => r.currency);
  if (requested) {
    const others = currencies.filter((c) => c !== requested);
    if (others.length > 0) {
      const known = (await db.execute(
        sql`select count(distinct currency_code)::int as n from conversion_rates where currency_code in (${sql.join(
          [requested, ...others].map((c) => sql`${c}`),
          sql`, `,
        )})`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(known.rows[0]?.n) < others.length + 1)
        throw new ValidationError([violation("currency", "invalid")], 400);
    }
    return { currency: requested, convert: others.length > 0 };
  }
  if (currencies.length <= 1) return { currency: currencies[0] ?? "EUR", convert: false };
  return { currency: "EUR", convert: true };
}

/**
 * `fx(currency, date, factor)`: per profile currency and day of `span`, the factor to the target
 * currency from the euro reference rates in force that day (the newest on or before it, else the
 * oldest known).
 */
export function factorsCte(conversion: Conversion, span: Period, profileIds: SQL): SQL {
  return conversionFactorsCte(
    conversion.currency,
    span,
    sql`select distinct currency from advertising_profiles where id in (${profileIds})`,
  );
}

/**
 * `fx(currency, date, factor)` for every currency `currencies` selects and every day of `span`:
 * the factor from that currency to `target` (1 for the target itself; null where no rate is known
 * for one of the two, so a caller can tell unconverted money from none).
 */
export function conversionFactorsCte(target: string, span: Period, currencies: SQL): SQL {
  const rate = (currency: SQL) =>
    sql`coalesce(
      (select r.conversion_rate from conversion_rates r where r.currency_code = ${currency} and r.date <= d.day order by r.date desc limit 1),
      (select r.conversion_rate from conversion_rates r where r.currency_code = ${currency} order by r.date limit 1))`;
  return sql`fx as (
    select c.currency, d.day as date,
      case when c.currency = ${target} then 1::numeric
        else ${rate(sql`${target}`)} / ${rate(sql`c.currency`)} end as factor
    from (${currencies}) c(currency)
    cross join (select g::date as day from generate_series(${span.from}::date, ${span.to}::date, interval '1 day') g) d
  )`;
}

/**
 * The sums per `keys` (select expressions over the facts aliased `alias`, default `f`) of the
 * facts matching `where` in the period. Money in major units of the conversion's currency; needs
 * the `fx` CTE when converting.
 */
export function summedFacts(options: {
  facts: SQL;
  alias?: string;
  where: SQL[];
  keys: readonly string[];
  period: Period;
  conversion: Conversion;
  /** Extra joins on the facts (e.g. the entities whose facts are summed). */
  join?: SQL;
}): SQL {
  const { conversion, period } = options;
  const f = options.alias ?? "f";
  const factor = conversion.convert ? sql.raw(" * fx.factor") : sql.raw("");
  const keys = sql.raw(options.keys.join(", "));
  const groups = sql.raw(options.keys.map((_k, i) => String(i + 1)).join(", "));
  const col = (name: string) => sql.raw(`"${f}".${name}`);
  return sql`select ${keys},
      sum(${col("impressions")})::bigint as impressions, sum(${col("clicks")})::bigint as clicks,
      sum(${col("cost_micros")}${factor}) / 1000000.0 as cost, sum(${col("orders")})::bigint as orders,
      sum(${col("units")})::bigint as units, sum(${col("sales_micros")}${factor}) / 1000000.0 as sales
    from ${options.facts} ${sql.identifier(f)}
    ${options.join ?? sql``}
    ${
      conversion.convert
        ? sql`join advertising_profiles fp on fp.id = ${col("advertising_profile_id")}
      join fx on fx.currency = fp.currency and fx.date = ${col("date")}`
        : sql``
    }
    where ${col("date")} between ${period.from}::date and ${period.to}::date
      ${options.where.length ? sql` and ${sql.join(options.where, sql` and `)}` : sql``}
    group by ${groups}`;
}

/** The span of days a request reads (current and previous period). */
export function spanOf(current: Period, previous: Period | null): Period {
  return previous ? { from: previous.from, to: current.to } : current;
}
