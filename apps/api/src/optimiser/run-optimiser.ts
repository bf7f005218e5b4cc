import { validateChangeValue } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { type Decision, decisionImpact, type OptimiserOutput, optimise } from "@starport/optimiser";
import { and, eq, inArray, sql } from "drizzle-orm";
import { insertChanges, type NewChange } from "../changes/insert-changes.ts";
import type { ChangeJobs } from "../changes/jobs.ts";
import { recount } from "../changes/tray.ts";
import { type LoadedOptimiserInput, loadOptimiserInput } from "./load-optimiser-input.ts";

/**
 * An optimiser run of one seller profile (issue 19 §3): per marketplace it loads the input, calls
 * the pure optimiser and acts per the resolved automation mode — off: nothing but the run's
 * record; suggest: open recommendations (superseding the open ones of the same entity and kind);
 * automatic: bid, state and budget changes, and harvested keywords and negative keywords as
 * creations, authored `optimiser` with the run's id, in one batch, pushed through the apply job
 * (which looks a creation up on Amazon first, so a retried batch never makes one twice). ASIN
 * targets stay recommendations: Starport does not create product targets yet. A dry run writes only its record
 * and answers the decisions.
 *
 * Two runs of one profile never overlap: a partial unique index admits one running run per
 * profile, and a second is failed with `alreadyRunning`. Everything a run writes is one
 * transaction, so a run killed mid-way leaves its record `running` and nothing else; its lease
 * expires and it runs again from the start (jobs.ts), or the next start-up takes it over.
 */

export type OptimiserRunRow = typeof schema.optimiserRuns.$inferSelect;
type Trigger = schema.OptimiserRunTrigger;

export interface RunDependencies {
  /** Queues the automatic run's change batch; absent: the batch waits for the next start-up. */
  changes?: ChangeJobs | undefined;
  /** The run's day (YYYY-MM-DD); default: the UTC date. */
  today?: string;
}

export interface DecisionPreview {
  marketplace: string;
  decision: Decision;
  mode: string;
  /** The name of what it is about (keyword text, target, campaign), as the run saw it. */
  entityLabel: string | null;
}

export interface RunResult {
  run: OptimiserRunRow;
  decisions: DecisionPreview[];
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const r = schema.optimiserRuns;

/** Who asked for a manual run: the user, and the administrator acting as them (impersonation). */
export interface RunRequester {
  userId: string;
  actorId?: string | null | undefined;
  actorName?: string | null | undefined;
}

/** A queued run; a scheduled one is made once per profile and day (the unique index decides). */
export async function queueOptimiserRun(
  db: Database,
  input: {
    sellerProfileId: string;
    trigger: Trigger;
    dryRun?: boolean;
    runDate?: string;
    requestedBy?: RunRequester;
  },
): Promise<OptimiserRunRow | undefined> {
  const [row] = await db
    .insert(r)
    .values({
      sellerProfileId: input.sellerProfileId,
      trigger: input.trigger,
      dryRun: input.dryRun ?? false,
      runDate: input.runDate ?? todayUtc(),
      requestedByUserId: input.requestedBy?.userId ?? null,
      requestedByActorUserId: input.requestedBy?.actorId ?? null,
      requestedByActorName: input.requestedBy?.actorName ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Marks the run running; false when another run of the profile is (the run is then failed). */
async function claim(db: Database, run: OptimiserRunRow): Promise<boolean> {
  try {
    const [claimed] = await db
      .update(r)
      .set({ status: "running", startedAt: new Date(), error: null })
      .where(and(eq(r.id, run.id), inArray(r.status, ["queued", "running"])))
      .returning({ id: r.id });
    return Boolean(claimed);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db
      .update(r)
      .set({ status: "failed", error: "alreadyRunning", finishedAt: new Date() })
      .where(eq(r.id, run.id));
    return false;
  }
}

/** Executes a queued (or interrupted) run. Answers undefined when there is nothing to do. */
export async function runOptimiser(
  db: Database,
  runId: string,
  deps: RunDependencies = {},
): Promise<RunResult | undefined> {
  const [run] = await db.select().from(r).where(eq(r.id, runId));
  if (!run || (run.status !== "queued" && run.status !== "running")) return undefined;
  if (!(await claim(db, run))) {
    const [failed] = await db.select().from(r).where(eq(r.id, runId));
    return failed ? { run: failed, decisions: [] } : undefined;
  }
  const started = Date.now();
  const today = deps.today ?? todayUtc();
  try {
    const profiles = await db
      .select({ id: schema.advertisingProfiles.id })
      .from(schema.advertisingProfiles)
      .where(
        and(
          eq(schema.advertisingProfiles.sellerProfileId, run.sellerProfileId),
          eq(schema.advertisingProfiles.active, true),
        ),
      );
    const results: {
      loaded: LoadedOptimiserInput;
      output: OptimiserOutput;
      id: string;
      previews: DecisionPreview[];
    }[] = [];
    for (const profile of profiles) {
      const loaded = await loadOptimiserInput(db, profile.id, today);
      if (!loaded) continue;
      const output = optimise(loaded.input);
      const previews = output.decisions.map((decision) => ({
        marketplace: loaded.input.countryCode,
        decision,
        mode: modeOf(loaded, decision),
        entityLabel: loaded.labels.get(subjectOf(decision)) ?? null,
      }));
      results.push({ loaded, output, id: profile.id, previews });
    }
    const decisions = results.flatMap((x) => x.previews);
    const summary = {
      windowFrom: results[0]?.loaded.window.from ?? null,
      windowTo: results[0]?.loaded.window.to ?? null,
      settings: Object.fromEntries(
        results.map(({ loaded }) => [
          loaded.input.countryCode,
          {
            automationMode: loaded.profileMode,
            values: Object.fromEntries(
              Object.entries(loaded.input.profileSettings.values).map(([k, v]) => [k, v.value]),
            ),
          },
        ]),
      ),
      warnings: results.flatMap(({ loaded, output }) =>
        output.warnings.map((w) => ({ ...w, marketplace: loaded.input.countryCode })),
      ),
    };
    const counts: Record<string, number> = { bid: 0, keyword: 0, negative: 0, budget: 0, state: 0 };
    for (const d of decisions) counts[d.decision.kind] = (counts[d.decision.kind] ?? 0) + 1;

    if (run.dryRun) {
      const [done] = await db
        .update(r)
        .set({
          ...summary,
          status: "succeeded",
          counts,
          durationMs: Date.now() - started,
          finishedAt: new Date(),
        })
        .where(eq(r.id, run.id))
        .returning();
      return { run: done as OptimiserRunRow, decisions };
    }

    const { batchId, written } = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      // A run taken over by another worker meanwhile is theirs: write nothing twice.
      const [still] = await t.select().from(r).where(eq(r.id, run.id)).for("update");
      if (still?.status !== "running") return { batchId: null, written: null };
      const written = { recommendations: 0, changes: 0, superseded: 0 };
      let batchId: string | null = null;
      for (const { loaded, id, previews } of results) {
        // Each decision once: a change where automatic mode can make one, else a proposal.
        const changes: Omit<NewChange, "batchId">[] = [];
        const suggested: DecisionPreview[] = [];
        for (const d of previews) {
          const change = d.mode === "automatic" ? changeOf(run, id, loaded, d.decision) : null;
          if (change) changes.push(change);
          else suggested.push(d);
        }
        const recs = uniqueRecommendations(
          suggested.map((d) => labelled(recommendationOf(run, id, loaded, d.decision), loaded)),
        );
        written.superseded += await supersede(t, run.sellerProfileId, recs);
        await insertRecommendations(t, recs);
        written.recommendations += recs.length;
        if (changes.length) {
          if (!batchId) {
            const [batch] = await t
              .insert(schema.changeBatches)
              .values({
                sellerProfileId: run.sellerProfileId,
                authorKind: "optimiser",
                authorUserId: null,
                status: "pending",
                pushedAt: new Date(),
              })
              .returning();
            batchId = batch!.id;
          }
          await insertChanges(
            t,
            changes.map((c) => ({ ...c, batchId: batchId! })),
          );
          written.changes += changes.length;
        }
      }
      if (batchId) await recount(t, batchId);
      await t
        .update(r)
        .set({
          ...summary,
          status: "succeeded",
          counts: { ...counts, ...written },
          changeBatchId: batchId,
          durationMs: Date.now() - started,
          finishedAt: new Date(),
        })
        .where(eq(r.id, run.id));
      return { batchId, written };
    });
    if (batchId) await deps.changes?.enqueue(batchId);
    const [done] = await db.select().from(r).where(eq(r.id, run.id));
    return written ? { run: done as OptimiserRunRow, decisions } : undefined;
  } catch (error) {
    await db
      .update(r)
      .set({
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        durationMs: Date.now() - started,
        finishedAt: new Date(),
      })
      .where(and(eq(r.id, run.id), eq(r.status, "running")));
    throw error;
  }
}

/** The entity a decision is about: the keyword/target/ad, else its ad group, else its campaign. */
function subjectOf(d: Decision): string {
  if (d.kind === "bid" || d.kind === "state") return d.entityId;
  if (d.kind === "budget") return d.campaignId;
  if (d.kind === "negative") return d.adGroupId;
  return d.adGroupId ?? d.sourceAdGroupId;
}

/** The automation mode a decision falls under: its ad group's products', else the profile's. */
function modeOf(loaded: LoadedOptimiserInput, d: Decision): string {
  const group = d.kind === "budget" ? null : d.kind === "keyword" ? d.sourceAdGroupId : d.adGroupId;
  return (group && loaded.modeOfAdGroup.get(group)) || loaded.profileMode;
}

const ENTITY_TYPES = { keyword: "keywords", target: "targets", productAd: "product_ads" } as const;

type NewRecommendation = typeof schema.recommendations.$inferInsert;

function recommendationOf(
  run: OptimiserRunRow,
  advertisingProfileId: string,
  loaded: LoadedOptimiserInput,
  d: Decision,
): NewRecommendation {
  const base = {
    runId: run.id,
    sellerProfileId: run.sellerProfileId,
    advertisingProfileId,
    kind: d.kind,
    reasonCode: d.reason,
    reasonParams: d.params,
    campaignId: d.campaignId,
  };
  switch (d.kind) {
    case "bid": {
      const breakEvenAcos = breakEvenOf(loaded, d.adGroupId);
      const impact = decisionImpact(d, breakEvenAcos);
      return {
        ...base,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        adGroupId: d.adGroupId,
        currentValue: d.oldBid,
        proposedValue: d.newBid,
        // the margin share the projection used: the measured effect uses the same (measured-effect.ts)
        inputs: { ...d.inputs, breakEvenAcos },
        impact: impact?.monthly ?? null,
        impactLow: impact?.low ?? null,
        impactHigh: impact?.high ?? null,
      };
    }
    case "state":
      return {
        ...base,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        adGroupId: d.adGroupId,
        currentValue: d.state === "PAUSED" ? "ENABLED" : "PAUSED",
        proposedValue: d.state,
        // the margin share its measured effect weighs sales with (measured-effect.ts)
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId) },
      };
    case "negative":
      return {
        ...base,
        entityType: "ad_groups",
        entityId: d.adGroupId,
        subject: d.text,
        adGroupId: d.adGroupId,
        currentValue: null,
        proposedValue: { text: d.text, negativeKind: d.negativeKind, matchType: "NEGATIVE_EXACT" },
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId) },
      };
    case "keyword":
      return {
        ...base,
        entityType: "ad_groups",
        entityId: d.adGroupId ?? d.sourceAdGroupId,
        subject: d.text,
        campaignId: d.campaignId,
        adGroupId: d.adGroupId,
        currentValue: null,
        proposedValue: { text: d.text, keywordKind: d.keywordKind, bid: d.bid },
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId ?? d.sourceAdGroupId) },
      };
    case "budget":
      return {
        ...base,
        entityType: "campaigns",
        entityId: d.campaignId,
        currentValue: d.oldBudget,
        proposedValue: d.newBudget,
        impact: decisionImpact(d, null)?.monthly ?? null,
        inputs: { breakEvenAcos: breakEvenOfCampaign(loaded, d.campaignId) },
      };
  }
}

/**
 * The entity's name as the run saw it (keyword text, target expression, campaign or ad group
 * name) in the reason's parameters: the log names what a proposal is about without a lookup, as
 * a change's `entityLabel` does.
 */
function labelled(rec: NewRecommendation, loaded: LoadedOptimiserInput): NewRecommendation {
  const label = loaded.labels.get(rec.entityId);
  if (!label) return rec;
  return { ...rec, reasonParams: { ...(rec.reasonParams ?? {}), entityLabel: label } };
}

/** A campaign's break-even ACoS: that of its first ad group with one. */
function breakEvenOfCampaign(loaded: LoadedOptimiserInput, campaignId: string): number | null {
  const campaign = loaded.input.campaigns.find((c) => c.id === campaignId);
  for (const g of campaign?.adGroups ?? []) {
    const be = breakEvenOf(loaded, g.id);
    if (be !== null) return be;
  }
  return null;
}

/**
 * Each ad group's break-even ACoS: its first product's with one. Built once per loaded input (a
 * search per decision walked every ad group and product: quadratic, 9 s at 100,000 bids).
 */
const breakEvenOfAdGroups = new WeakMap<LoadedOptimiserInput, Map<string, number | null>>();
function breakEvenOf(loaded: LoadedOptimiserInput, adGroupId: string): number | null {
  let byGroup = breakEvenOfAdGroups.get(loaded);
  if (!byGroup) {
    const products = new Map(loaded.input.products.map((p) => [p.id, p.breakEvenAcos]));
    byGroup = new Map();
    for (const c of loaded.input.campaigns)
      for (const g of c.adGroups) {
        if (byGroup.has(g.id)) continue;
        let found: number | null = null;
        for (const ad of g.products) {
          const breakEven = products.get(ad.productId);
          if (breakEven != null) {
            found = breakEven;
            break;
          }
        }
        byGroup.set(g.id, found);
      }
    breakEvenOfAdGroups.set(loaded, byGroup);
  }
  return byGroup.get(adGroupId) ?? null;
}

/** A bid, state or budget decision as a change authored by the optimiser, validated as a user's. */
function changeOf(
  run: OptimiserRunRow,
  advertisingProfileId: string,
  loaded: LoadedOptimiserInput,
  d: Decision,
): Omit<NewChange, "batchId"> | null {
  const common = {
    sellerProfileId: run.sellerProfileId,
    advertisingProfileId,
    operation: "update" as const,
    reasonCode: d.reason,
    reasonParams: d.params,
    authorKind: "optimiser" as const,
    authorUserId: null,
    // A run an administrator started while viewing as the seller: its changes are theirs too,
    // as the changes they make by hand are.
    actorUserId: run.requestedByActorUserId,
    actorName: run.requestedByActorName,
    optimiserRunId: run.id,
    status: "pending" as const,
  };
  const check = (field: string, value: unknown, current: Record<string, string | number | null>) =>
    validateChangeValue({ field, value, countryCode: loaded.input.countryCode, current }) === null;
  switch (d.kind) {
    case "bid":
      if (!check("bid", d.newBid, { bid: d.oldBid, state: "ENABLED" })) return null;
      return {
        ...common,
        // The figures the bid was made from, as a recommendation keeps them: the log shows both.
        reasonParams: { ...d.params, inputs: d.inputs },
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        entityLabel: loaded.labels.get(d.entityId) ?? null,
        field: "bid",
        oldValue: d.oldBid,
        newValue: d.newBid,
      };
    case "state":
      return {
        ...common,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        entityLabel: loaded.labels.get(d.entityId) ?? null,
        field: "state",
        oldValue: d.state === "PAUSED" ? "ENABLED" : "PAUSED",
        newValue: d.state,
      };
    case "budget":
      if (!check("budget", d.newBudget, { budget: d.oldBudget })) return null;
      return {
        ...common,
        entityType: "campaigns",
        entityId: d.campaignId,
        entityLabel: loaded.labels.get(d.campaignId) ?? null,
        field: "budget",
        oldValue: d.oldBudget,
        newValue: d.newBudget,
      };
    case "keyword":
    case "negative":
      return creationOf(common, loaded, d);
    default:
      return null;
  }
}

/**
 * A harvested exact keyword or a negative exact keyword as a creation in its ad group, as the
 * tray stages one (Amazon's ids of its campaign and ad group, the text, match type, bid); null
 * where it cannot be one (an ASIN target, no ad group, a bid Amazon would refuse).
 */
function creationOf(
  common: Omit<NewChange, "batchId" | "entityType">,
  loaded: LoadedOptimiserInput,
  d: Extract<Decision, { kind: "keyword" | "negative" }>,
): Omit<NewChange, "batchId"> | null {
  const textual = d.kind === "keyword" ? d.keywordKind === "keyword" : d.negativeKind === "keyword";
  const ids = d.adGroupId ? loaded.amazonIdsOfAdGroup.get(d.adGroupId) : undefined;
  // Amazon's keyword rules (at most 10 words, 80 characters): a longer term stays a proposal.
  const words = d.text.trim().split(/\s+/);
  if (!textual || !ids || d.text.length > 80 || words.length > 10) return null;
  const item: Record<string, unknown> = {
    campaignId: ids.campaignId,
    adGroupId: ids.adGroupId,
    keywordText: d.text,
    matchType: d.kind === "keyword" ? "EXACT" : "NEGATIVE_EXACT",
    state: "ENABLED",
  };
  if (d.kind === "keyword") {
    const violation = validateChangeValue({
      field: "bid",
      value: d.bid,
      countryCode: loaded.input.countryCode,
      current: {},
    });
    if (violation) return null;
    item.bid = d.bid;
  }
  return {
    ...common,
    operation: "create",
    entityType: d.kind === "keyword" ? "keywords" : "negative_keywords",
    entityLabel: d.text,
    newValue: item,
  };
}

/** One recommendation per entity, kind and subject (two sources may propose one negative). */
function uniqueRecommendations(recs: NewRecommendation[]): NewRecommendation[] {
  const seen = new Set<string>();
  return recs.filter((x) => {
    const key = `${x.entityId}\u0001${x.kind}\u0001${x.subject ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Supersedes the open recommendations the new ones replace (same entity, kind and subject). */
async function supersede(
  db: Database,
  sellerProfileId: string,
  recs: readonly NewRecommendation[],
): Promise<number> {
  if (!recs.length) return 0;
  const keys = JSON.stringify(
    recs.map((x) => ({ entity_id: x.entityId, kind: x.kind, subject: x.subject ?? "" })),
  );
  const result = (await db.execute(sql`update recommendations o set status = 'superseded',
      updated_at = now()
    from json_to_recordset(${keys}::json) as k(entity_id uuid, kind text, subject text)
    where o.status = 'open' and o.seller_profile_id = ${sellerProfileId}
      and o.entity_id = k.entity_id and o.kind = k.kind and o.subject = k.subject`)) as {
    rowCount?: number;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** Inserts recommendations, 1,000 per statement (one JSON parameter each). */
async function insertRecommendations(db: Database, recs: readonly NewRecommendation[]) {
  for (let i = 0; i < recs.length; i += 1000) {
    const json = JSON.stringify(
      recs.slice(i, i + 1000).map((x) => ({
        run_id: x.runId,
        seller_profile_id: x.sellerProfileId,
        advertising_profile_id: x.advertisingProfileId,
        kind: x.kind,
        entity_type: x.entityType,
        entity_id: x.entityId,
        subject: x.subject ?? "",
        campaign_id: x.campaignId ?? null,
        ad_group_id: x.adGroupId ?? null,
        current_value: x.currentValue ?? null,
        proposed_value: x.proposedValue ?? null,
        reason_code: x.reasonCode,
        reason_params: x.reasonParams ?? null,
        inputs: x.inputs ?? null,
        impact: x.impact ?? null,
        impact_low: x.impactLow ?? null,
        impact_high: x.impactHigh ?? null,
      })),
    );
    await db.execute(sql`insert into recommendations (run_id, seller_profile_id,
        advertising_profile_id, kind, entity_type, entity_id, subject, campaign_id, ad_group_id,
        current_value, proposed_value, reason_code, reason_params, inputs, impact, impact_low,
        impact_high)
      select run_id, seller_profile_id, advertising_profile_id, kind, entity_type, entity_id,
        subject, campaign_id, ad_group_id, current_value, proposed_value, reason_code,
        reason_params, inputs, impact, impact_low, impact_high
      from json_to_recordset(${json}::json) as x(run_id uuid, seller_profile_id uuid,
        advertising_profile_id uuid, kind text, entity_type text, entity_id uuid, subject text,
        campaign_id uuid, ad_group_id uuid, current_value jsonb, proposed_value jsonb,
        reason_code text, reason_params jsonb, inputs jsonb, impact float8, impact_low float8,
        impact_high float8)`);
  }
}
