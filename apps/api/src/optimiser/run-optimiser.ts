import { type Database, schema } from "@starport/db";
import { type Decision, type OptimiserOutput, optimise } from "@starport/optimiser";
import { and, eq, inArray, sql } from "drizzle-orm";
import { insertChanges, type NewChange } from "../changes/insert-changes.ts";
import type { ChangeJobs } from "../changes/jobs.ts";
import { recount } from "../changes/tray.ts";
import {
  changeOf,
  labelled,
  modeOf,
  type NewRecommendation,
  recommendationOf,
  subjectOf,
  uniqueRecommendations,
} from "./decision-rows.ts";
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
