/** A run's end: its status recorded, and what depends on its fresh data told or queued. */
import { schema } from "@starport/db";
import { getTableName } from "drizzle-orm";
import { STOCK_UPSERT } from "../catalogue.ts";
import { FEES_UPSERT, SALES_UPSERT } from "../economics.ts";
import { ECONOMICS_SYNC_KIND } from "../kinds.ts";
import { PRODUCT_UPSERT } from "../specs.ts";
import type { SyncRun } from "./deps.ts";
import { ADVERTISING_TABLES } from "./execute.ts";
import { type RunState, saveRun } from "./run-step.ts";

/** Every table runs fill in bulk: their statistics are refreshed when a run wrote rows. */
const SYNCED_TABLES = [
  ...new Set([
    ...ADVERTISING_TABLES,
    PRODUCT_UPSERT.table,
    STOCK_UPSERT.table,
    FEES_UPSERT.table,
    SALES_UPSERT.table,
    getTableName(schema.productCompetitors),
    getTableName(schema.competitorSnapshots),
  ]),
];

/** Runs whose reports feed the daily work after them (not a one-off entity or listing sync). */
const REPORT_SYNC_KINDS = ["initial", "daily", "reports"];

/** Fresh reports: what depends on them (the optimiser) is told, without the engine knowing it. */
async function tellAfterReportHooks(st: RunState): Promise<void> {
  const { run, steps } = st;
  if (
    !REPORT_SYNC_KINDS.includes(run.kind) ||
    !steps.some((s) => s.key.startsWith("report:") && s.status === "done")
  )
    return;
  const day = await st.deps.today();
  for (const hook of st.parts.afterReportHooks)
    await hook({ sellerProfileId: run.sellerProfileId, kind: run.kind, today: day }).catch(
      (error) => st.deps.log.error({ err: error, syncRun: st.runId }, "after-report hook failed"),
    );
}

/** Records the run's status after its last step and tells what follows it. */
export async function finishRun(st: RunState): Promise<SyncRun["status"]> {
  const { deps, parts, runId, steps } = st;
  if (st.rowsWritten > 0) await parts.executor.analyse(SYNCED_TABLES, runId);
  const failed = steps.filter((s) => s.status === "failed");
  const status =
    failed.length === 0
      ? "succeeded"
      : st.authFailure || st.run.attempts >= parts.maxAttempts
        ? "failed"
        : "retrying";
  await saveRun(st, {
    status,
    error: failed.length ? `${failed.length} step(s) failed: ${failed[0]?.error}` : null,
    finishedAt: status === "retrying" ? null : new Date(),
    leaseOwner: null,
    leaseExpiresAt: null,
  });
  deps.log.info(
    {
      syncRun: runId,
      worker: parts.workerId,
      status,
      attempt: st.run.attempts,
      rows: st.rowsWritten,
    },
    "sync run ended",
  );
  if (status === "succeeded") await tellAfterReportHooks(st);
  // Fresh listings: their fees and total sales follow in a run of their own (own queue).
  if (
    status !== "retrying" &&
    steps.some((s) => s.key.startsWith("listings:") && s.status === "done")
  ) {
    await parts
      .requestSync(st.run.sellerProfileId, ECONOMICS_SYNC_KIND)
      .catch((error) =>
        deps.log.error({ err: error, syncRun: runId }, "economics sync could not be queued"),
      );
  }
  return status;
}
