import { type Database, schema } from "@starport/db";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { ConflictError } from "../errors.ts";
import { addChange } from "./add-change.ts";
import { CONFLICT } from "./apply-updates.ts";
import { findChange } from "./find-visible.ts";
import type { ChangeRow } from "./tray.ts";

/** A retry may carry a corrected value (else the value that failed is sent again). */
export const retryBody = z.object({
  value: z.union([z.string().max(1000), z.number(), z.null()]).optional(),
});
/** What a client sends to POST /api/changes/{id}/retry. */
export type RetryRequest = z.input<typeof retryBody>;

/**
 * Retries a failed change (issue 10 §2/§4): a new draft change in the caller's tray for the same
 * entity and field, with the entity's current value as old value — after a conflict this is
 * "re-apply on the current value". `value` retries with a corrected value instead of the one
 * that failed. Validated again (the limits may refuse it now). The failed change leaves the
 * caller's tray, recorded as retried.
 */
export async function retryChange(
  db: Database,
  principal: Principal,
  changeId: string,
  value?: string | number | null,
): Promise<ChangeRow> {
  const failed = await findChange(db, principal, changeId);
  if (
    failed.status !== "failed" ||
    failed.operation !== "update" ||
    !failed.entityId ||
    !failed.field
  )
    throw new ConflictError("Only a failed update can be retried.");
  const retried = await addChange(db, principal, {
    entityType: failed.entityType,
    entity: failed.entityId,
    field: failed.field,
    value: value === undefined ? failed.newValue : value,
    reasonCode: failed.errorCode === CONFLICT ? "conflict_reapply" : "retry",
    reasonParams: { change: failed.id },
    ...(failed.reasonText ? { reasonText: failed.reasonText } : {}),
  });
  await resolveFailure(db, failed.id, "retried");
  return retried;
}

/**
 * Dismisses a failed change: it leaves its author's tray (recorded as dismissed; the history keeps
 * it as failed). Only a failed change still in the tray can be dismissed.
 */
export async function dismissChange(
  db: Database,
  principal: Principal,
  changeId: string,
): Promise<ChangeRow> {
  const failed = await findChange(db, principal, changeId);
  if (failed.status !== "failed" || failed.failureResolution)
    throw new ConflictError("Only a failed change still in the tray can be dismissed.");
  return (await resolveFailure(db, failed.id, "dismissed")) ?? failed;
}

async function resolveFailure(
  db: Database,
  changeId: string,
  resolution: schema.FailureResolution,
) {
  const c = schema.changes;
  const [row] = await db
    .update(c)
    .set({ failureResolution: resolution, failureResolvedAt: new Date() })
    .where(and(eq(c.id, changeId), isNull(c.failureResolution)))
    .returning();
  return row;
}
