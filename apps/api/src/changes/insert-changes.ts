import { type Database, schema } from "@starport/db";
import { sql } from "drizzle-orm";

export type NewChange = typeof schema.changes.$inferInsert;

/**
 * Inserts many changes, 1,000 per statement as one JSON parameter (`json_to_recordset`): a
 * multi-row VALUES with twenty parameters per row is slow to plan for thousands of rows.
 */
export async function insertChanges(db: Database, rows: readonly NewChange[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const json = JSON.stringify(
      rows.slice(i, i + 1000).map((r) => ({
        batch_id: r.batchId,
        seller_profile_id: r.sellerProfileId,
        advertising_profile_id: r.advertisingProfileId,
        entity_type: r.entityType,
        entity_id: r.entityId ?? null,
        entity_label: r.entityLabel ?? null,
        operation: r.operation ?? "update",
        field: r.field ?? null,
        old_value: r.oldValue ?? null,
        new_value: r.newValue ?? null,
        reason_code: r.reasonCode ?? "manual",
        reason_params: r.reasonParams ?? null,
        reason_text: r.reasonText ?? null,
        author_kind: r.authorKind ?? "user",
        author_user_id: r.authorUserId ?? null,
        actor_user_id: r.actorUserId ?? null,
        actor_name: r.actorName ?? null,
        optimiser_run_id: r.optimiserRunId ?? null,
        status: r.status ?? "pending",
        undo_of_change_id: r.undoOfChangeId ?? null,
      })),
    );
    await db.execute(sql`
      insert into ${schema.changes} (batch_id, seller_profile_id, advertising_profile_id, entity_type,
        entity_id, entity_label, operation, field, old_value, new_value, reason_code, reason_params,
        reason_text, author_kind, author_user_id, actor_user_id, actor_name, optimiser_run_id,
        status, undo_of_change_id)
      select batch_id, seller_profile_id, advertising_profile_id, entity_type, entity_id,
        entity_label, operation, field, old_value, new_value, reason_code, reason_params,
        reason_text, author_kind, author_user_id, actor_user_id, actor_name, optimiser_run_id,
        status, undo_of_change_id
      from json_to_recordset(${json}::json) as r(batch_id uuid, seller_profile_id uuid,
        advertising_profile_id uuid, entity_type text, entity_id uuid, entity_label text,
        operation text, field text, old_value jsonb, new_value jsonb, reason_code text,
        reason_params jsonb, reason_text text, author_kind text, author_user_id uuid,
        actor_user_id uuid, actor_name text, optimiser_run_id uuid, status text,
        undo_of_change_id uuid)`);
  }
}
