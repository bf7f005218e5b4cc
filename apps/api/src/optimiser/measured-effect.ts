import { type Database, schema } from "@starport/db";
import { SETTING_DEFAULTS } from "@starport/settings";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { inUuids } from "../changes/uuid-list.ts";
import type { RecommendationRow } from "./decide-recommendation.ts";
import {
  addDays,
  type DayFacts,
  EFFECT_WINDOW_DAYS,
  MEASURES,
  type MeasuredKind,
  marginShare,
} from "./effect-measures.ts";

/**
 * The measured effect of an accepted recommendation (issue 21 §1, the action center's done tab),
 * every kind: for a change Amazon applied on day D, the monthly contribution-profit change of
 * what it touched, 14 days after against 14 days before (effect-measures.ts says what each kind
 * measures). It is measured from D+15, once the 14th day's facts are in; until then `monthly`
 * is null and `measuredFrom` says when. Open, rejected and not (yet) applied ones have none.
 * Reads: the changes, the Amazon ids of what they touched, then the facts of the due ones.
 */
export { EFFECT_WINDOW_DAYS };

export interface MeasuredEffect {
  /** The day the change was applied (UTC). */
  appliedOn: string;
  /** The first day the effect is measured on. */
  measuredFrom: string;
  /** Monthly contribution-profit change; null until `measuredFrom`. */
  monthly: number | null;
  /** Monthly contribution profit in the 14 days before and after (null until measured). */
  before: number | null;
  after: number | null;
  /** A negative's monthly spend saved and sales lost (null otherwise, or until measured). */
  spendSaved: number | null;
  salesLost: number | null;
}

export type RecommendationWithEffect = RecommendationRow & {
  measuredEffect: MeasuredEffect | null;
};

/** The facts' entity type of what a bid or state change touched. */
const FACT_TYPES: Record<string, string> = {
  keywords: "keyword",
  targets: "target",
  product_ads: "product_ad",
};
/** The share when the run stored none (older runs): the default target ACoS (30 %). */
const DEFAULT_SHARE = (SETTING_DEFAULTS.targetAcos ?? 30) / 100;

const dateOf = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Where a due recommendation's facts are: an entity's daily facts, or a search term's. */
type Source =
  | { table: "entity"; type: string; amazonId: string }
  | { table: "term"; amazonAdGroupId: string; term: string };

const keyOf = (profile: string, s: Source) =>
  s.table === "entity"
    ? `${profile}|${s.type}|${s.amazonId}`
    : `${profile}|term|${s.amazonAdGroupId}|${s.term.toLowerCase()}`;

/** The rows with `measuredEffect`: a few queries for the whole page, none without candidates. */
export async function withMeasuredEffects(
  db: Database,
  rows: RecommendationRow[],
  today = new Date().toISOString().slice(0, 10),
): Promise<RecommendationWithEffect[]> {
  const candidates = rows.filter(
    (r) => (r.status === "accepted" || r.status === "applied") && r.changeId !== null,
  );
  const none = rows.map((r) => ({ ...r, measuredEffect: null }));
  if (!candidates.length) return none;
  const c = schema.changes;
  const changeOf = new Map<string, { appliedOn: string; amazonId: string | null }>();
  for (const change of await db
    .select({ id: c.id, appliedAt: c.appliedAt, amazonId: c.amazonId })
    .from(c)
    .where(
      inUuids(
        c.id,
        candidates.map((r) => r.changeId as string),
      ),
    ))
    if (change.appliedAt)
      changeOf.set(change.id, { appliedOn: dateOf(change.appliedAt), amazonId: change.amazonId });
  const applied = candidates.filter((r) => changeOf.has(r.changeId as string));
  const appliedOn = (r: RecommendationRow) => changeOf.get(r.changeId as string)?.appliedOn ?? "";
  const due = applied.filter((r) => addDays(appliedOn(r), EFFECT_WINDOW_DAYS + 1) <= today);
  const sources = await sourcesOf(db, due, changeOf);
  const facts = await factsOf(db, due, sources, appliedOn);

  const measured = new Map<string, MeasuredEffect>();
  for (const r of applied) {
    const day = appliedOn(r);
    const effect: MeasuredEffect = {
      appliedOn: day,
      measuredFrom: addDays(day, EFFECT_WINDOW_DAYS + 1),
      monthly: null,
      before: null,
      after: null,
      spendSaved: null,
      salesLost: null,
    };
    const source = sources.get(r.id);
    if (effect.measuredFrom <= today && source) {
      const share = marginShare(r.inputs, r.reasonParams) ?? DEFAULT_SHARE;
      const list = facts.get(keyOf(r.advertisingProfileId, source)) ?? [];
      Object.assign(effect, MEASURES[r.kind as MeasuredKind](list, day, share));
    }
    measured.set(r.id, effect);
  }
  return rows.map((r) => ({ ...r, measuredEffect: measured.get(r.id) ?? null }));
}

/**
 * Where each due recommendation's facts are: a bid's or state's entity (keyword, target, product
 * ad) and a budget's campaign by their Amazon ids, a new keyword by the id Amazon gave it (the
 * change's), a negative by its ad group's Amazon id and its term.
 */
async function sourcesOf(
  db: Database,
  due: RecommendationRow[],
  changeOf: Map<string, { amazonId: string | null }>,
): Promise<Map<string, Source>> {
  const ids = (type: string, pick: (r: RecommendationRow) => string | null = (r) => r.entityId) =>
    due
      .filter(
        (r) =>
          (type === "campaigns"
            ? r.kind === "budget"
            : type === "ad_groups"
              ? r.kind === "negative"
              : (r.kind === "bid" || r.kind === "state") && r.entityType === type) && pick(r),
      )
      .map((r) => pick(r) as string);
  const amazonIdOf = new Map<string, string>();
  const read = async (
    table:
      | typeof schema.keywords
      | typeof schema.targets
      | typeof schema.productAds
      | typeof schema.campaigns
      | typeof schema.adGroups,
    column: Parameters<typeof inUuids>[0],
    amazon: Parameters<typeof inUuids>[0],
    list: string[],
  ) => {
    if (!list.length) return;
    for (const row of await db
      .select({ id: column, amazonId: amazon })
      .from(table as typeof schema.keywords)
      .where(inUuids(column, list)))
      amazonIdOf.set(String(row.id), String(row.amazonId));
  };
  const k = schema.keywords;
  const t = schema.targets;
  const pa = schema.productAds;
  const cp = schema.campaigns;
  const ag = schema.adGroups;
  await read(k, k.id, k.amazonKeywordId, ids("keywords"));
  await read(t, t.id, t.amazonTargetId, ids("targets"));
  await read(pa, pa.id, pa.amazonAdId, ids("product_ads"));
  await read(cp, cp.id, cp.amazonCampaignId, ids("campaigns"));
  await read(
    ag,
    ag.id,
    ag.amazonAdGroupId,
    ids("ad_groups", (r) => r.adGroupId),
  );

  const sources = new Map<string, Source>();
  for (const r of due) {
    let source: Source | undefined;
    const type = FACT_TYPES[r.entityType];
    if (r.kind === "bid" || r.kind === "state") {
      const amazonId = amazonIdOf.get(r.entityId);
      if (amazonId && type) source = { table: "entity", type, amazonId };
    } else if (r.kind === "budget") {
      const amazonId = amazonIdOf.get(r.entityId);
      if (amazonId) source = { table: "entity", type: "campaign", amazonId };
    } else if (r.kind === "keyword") {
      const amazonId = changeOf.get(r.changeId as string)?.amazonId;
      if (amazonId) source = { table: "entity", type: "keyword", amazonId };
    } else if (r.kind === "negative" && r.adGroupId) {
      const amazonAdGroupId = amazonIdOf.get(r.adGroupId);
      const term = (r.proposedValue as { text?: unknown } | null)?.text;
      if (amazonAdGroupId && typeof term === "string")
        source = { table: "term", amazonAdGroupId, term };
    }
    if (source) sources.set(r.id, source);
  }
  return sources;
}

/** The due ones' daily facts by source (keyOf): one query per table over their windows. */
async function factsOf(
  db: Database,
  due: RecommendationRow[],
  sources: Map<string, Source>,
  appliedOn: (r: RecommendationRow) => string,
): Promise<Map<string, DayFacts[]>> {
  const facts = new Map<string, DayFacts[]>();
  const days = due.map(appliedOn).sort();
  if (!days.length || !sources.size) return facts;
  const from = addDays(days[0] as string, -EFFECT_WINDOW_DAYS);
  const to = addDays(days.at(-1) as string, EFFECT_WINDOW_DAYS);
  const add = (key: string, date: unknown, salesMicros: number, costMicros: number) => {
    const list = facts.get(key) ?? [];
    list.push({ date: dateOf(date), sales: salesMicros / 1e6, cost: costMicros / 1e6 });
    facts.set(key, list);
  };
  const all = [...sources.values()];
  const entities = all.filter((s) => s.table === "entity");
  if (entities.length) {
    const f = schema.adPerformanceDaily;
    for (const row of await db
      .select({
        profile: f.advertisingProfileId,
        type: f.entityType,
        amazonId: f.amazonId,
        date: f.date,
        salesMicros: f.salesMicros,
        costMicros: f.costMicros,
      })
      .from(f)
      .where(
        and(
          inArray(f.entityType, [...new Set(entities.map((s) => s.type))]),
          inArray(f.amazonId, [...new Set(entities.map((s) => s.amazonId))]),
          gte(f.date, from),
          lte(f.date, to),
        ),
      ))
      add(
        keyOf(row.profile, { table: "entity", type: row.type, amazonId: row.amazonId }),
        row.date,
        row.salesMicros,
        row.costMicros,
      );
  }
  const terms = all.filter((s) => s.table === "term");
  if (terms.length) {
    // a term's facts in its ad group, summed over the keywords/targets it matched
    const f = schema.searchTermDaily;
    const term = sql<string>`lower(${f.searchTerm})`;
    for (const row of await db
      .select({
        profile: f.advertisingProfileId,
        amazonAdGroupId: f.amazonAdGroupId,
        term,
        date: f.date,
        salesMicros: sql<number>`sum(${f.salesMicros})::float8`,
        costMicros: sql<number>`sum(${f.costMicros})::float8`,
      })
      .from(f)
      .where(
        and(
          inArray(f.amazonAdGroupId, [...new Set(terms.map((s) => s.amazonAdGroupId))]),
          inArray(term, [...new Set(terms.map((s) => s.term.toLowerCase()))]),
          gte(f.date, from),
          lte(f.date, to),
        ),
      )
      .groupBy(f.advertisingProfileId, f.amazonAdGroupId, term, f.date))
      add(
        keyOf(row.profile, {
          table: "term",
          amazonAdGroupId: row.amazonAdGroupId,
          term: row.term,
        }),
        row.date,
        Number(row.salesMicros),
        Number(row.costMicros),
      );
  }
  return facts;
}
