import { type Database, schema } from "@starport/db";
import { and, gte, inArray, lte } from "drizzle-orm";
import { inUuids } from "../changes/uuid-list.ts";
import type { RecommendationRow } from "./decide-recommendation.ts";

/**
 * The measured effect of a decided recommendation (issue 21 §1, the action center's done tab):
 * for a bid whose change Amazon applied on day D, the keyword's/target's contribution profit
 * (ad sales × the margin share the projection used − spend, from the synced daily facts) per day
 * over D+1…D+14 minus per day over D−14…D−1, × 30: the same quantity and period as the projected
 * monthly impact, and the measure the backtest checks the projection with (packages/backtest,
 * projection.ts). D itself is left out (the old and the new bid share it). It is measured from
 * D+15, once the 14th day's facts are in; until then `monthly` is null and `measuredFrom` says
 * when. Other kinds, and bids not (yet) applied, have no measured effect (null).
 */
export const EFFECT_WINDOW_DAYS = 14;

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
}

export type RecommendationWithEffect = RecommendationRow & {
  measuredEffect: MeasuredEffect | null;
};

const FACT_TYPES = { keywords: "keyword", targets: "target" } as const;
const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const dateOf = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
const cents = (x: number) => Math.round(x * 100) / 100;

/** The rows with `measuredEffect`: three queries for the whole page, none without candidates. */
export async function withMeasuredEffects(
  db: Database,
  rows: RecommendationRow[],
  today = new Date().toISOString().slice(0, 10),
): Promise<RecommendationWithEffect[]> {
  const candidates = rows.filter(
    (r) =>
      r.kind === "bid" &&
      (r.status === "accepted" || r.status === "applied") &&
      r.changeId !== null &&
      r.entityType in FACT_TYPES,
  );
  const none = rows.map((r) => ({ ...r, measuredEffect: null }));
  if (!candidates.length) return none;
  const c = schema.changes;
  const applied = new Map<string, string>();
  for (const change of await db
    .select({ id: c.id, appliedAt: c.appliedAt })
    .from(c)
    .where(
      inUuids(
        c.id,
        candidates.map((r) => r.changeId as string),
      ),
    ))
    if (change.appliedAt) applied.set(change.id, dateOf(change.appliedAt));
  const dayOf = (r: RecommendationRow) => (r.changeId ? applied.get(r.changeId) : undefined);
  const due = candidates.filter((r) => {
    const d = dayOf(r);
    return d !== undefined && addDays(d, EFFECT_WINDOW_DAYS + 1) <= today;
  });
  // Amazon's ids of the due keywords/targets (the facts are keyed by them)
  const amazonIdOf = new Map<string, string>();
  const ids = (type: keyof typeof FACT_TYPES) =>
    due.filter((r) => r.entityType === type).map((r) => r.entityId);
  const [kwIds, tIds] = [ids("keywords"), ids("targets")];
  const k = schema.keywords;
  const t = schema.targets;
  for (const row of kwIds.length
    ? await db.select({ id: k.id, amazonId: k.amazonKeywordId }).from(k).where(inUuids(k.id, kwIds))
    : [])
    amazonIdOf.set(row.id, row.amazonId);
  for (const row of tIds.length
    ? await db.select({ id: t.id, amazonId: t.amazonTargetId }).from(t).where(inUuids(t.id, tIds))
    : [])
    amazonIdOf.set(row.id, row.amazonId);
  const facts = new Map<string, { date: string; sales: number; cost: number }[]>();
  const days = due.map((r) => dayOf(r) as string).sort();
  const amazonIds = [...new Set(amazonIdOf.values())];
  if (days.length && amazonIds.length) {
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
          inArray(f.entityType, Object.values(FACT_TYPES)),
          inArray(f.amazonId, amazonIds),
          gte(f.date, addDays(days[0] as string, -EFFECT_WINDOW_DAYS)),
          lte(f.date, addDays(days.at(-1) as string, EFFECT_WINDOW_DAYS)),
        ),
      )) {
      const key = `${row.profile}|${row.type}|${row.amazonId}`;
      const list = facts.get(key) ?? [];
      list.push({
        date: dateOf(row.date),
        sales: row.salesMicros / 1e6,
        cost: row.costMicros / 1e6,
      });
      facts.set(key, list);
    }
  }
  const measured = new Map<string, MeasuredEffect>();
  for (const r of candidates) {
    const d = dayOf(r);
    if (d === undefined) continue;
    const effect: MeasuredEffect = {
      appliedOn: d,
      measuredFrom: addDays(d, EFFECT_WINDOW_DAYS + 1),
      monthly: null,
      before: null,
      after: null,
    };
    const amazonId = amazonIdOf.get(r.entityId);
    if (effect.measuredFrom <= today && amazonId !== undefined) {
      const type = FACT_TYPES[r.entityType as keyof typeof FACT_TYPES];
      const list = facts.get(`${r.advertisingProfileId}|${type}|${amazonId}`) ?? [];
      const share = marginShare(r.inputs);
      const monthly = (from: string, to: string) =>
        (30 / EFFECT_WINDOW_DAYS) *
        list
          .filter((x) => x.date >= from && x.date <= to)
          .reduce((s, x) => s + x.sales * share - x.cost, 0);
      const before = monthly(addDays(d, -EFFECT_WINDOW_DAYS), addDays(d, -1));
      const after = monthly(addDays(d, 1), addDays(d, EFFECT_WINDOW_DAYS));
      effect.before = cents(before);
      effect.after = cents(after);
      effect.monthly = cents(after - before);
    }
    measured.set(r.id, effect);
  }
  return rows.map((r) => ({ ...r, measuredEffect: measured.get(r.id) ?? null }));
}

/**
 * The margin share of ad sales the projection used: the product's break-even ACoS stored with
 * the recommendation's inputs, else its target ACoS (as `decisionImpact` falls back).
 */
function marginShare(inputs: Record<string, unknown> | null): number {
  const be = inputs?.breakEvenAcos;
  if (typeof be === "number" && be > 0) return be;
  const target = inputs?.targetAcos;
  return typeof target === "number" ? target : 0;
}
