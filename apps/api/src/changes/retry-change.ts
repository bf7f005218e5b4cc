import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { ConflictError } from "../errors.ts";
import { addChange } from "./add-change.ts";
import { CONFLICT } from "./apply-batch.ts";
import { findChange } from "./find-visible.ts";
import type { ChangeRow } from "./tray.ts";

/**
 * Retries a failed change (issue 10 §2/§4): a new draft change in the caller's tray for the same
 * entity and field, with the entity's current value as old value — after a conflict this is
 * "re-apply on the current value". Validated again (the limits may refuse it now).
 */
export async function retryChange(
  db: Database,
  principal: Principal,
  changeId: string,
): Promise<ChangeRow> {
  const failed = await findChange(db, principal, changeId);
  if (
    failed.status !== "failed" ||
    failed.operation !== "update" ||
    !failed.entityId ||
    !failed.field
  )
    throw new ConflictError("Only a failed update can be retried.");
  return addChange(db, principal, {
    entityType: failed.entityType,
    entity: failed.entityId,
    field: failed.field,
    value: failed.newValue,
    reasonCode: failed.errorCode === CONFLICT ? "conflict_reapply" : "retry",
    reasonParams: { change: failed.id },
    ...(failed.reasonText ? { reasonText: failed.reasonText } : {}),
  });
}
