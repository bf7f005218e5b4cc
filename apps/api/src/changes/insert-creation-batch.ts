import { type Database, schema } from "@starport/db";
import { recount } from "./tray.ts";

/** One entity to create: its type, what the tray shows, its payload and its parent's index. */
export interface PlannedCreation {
  entityType: string;
  label: string;
  value: Record<string, unknown>;
  /** Index in the plan of the creation this one waits for (null: none). */
  parent: number | null;
}

/**
 * Writes a batch of `create` changes, already pushed (status pending, not a tray draft), in one
 * transaction: each row points at its parent's change (`parent_change_id`), so the apply job
 * creates parents first and fills the children's parent ids from Amazon's answer.
 */
export async function insertCreationBatch(
  db: Database,
  input: {
    sellerProfileId: string;
    advertisingProfileId: string;
    authorUserId: string;
    creations: readonly PlannedCreation[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [batch] = await tx
      .insert(schema.changeBatches)
      .values({
        sellerProfileId: input.sellerProfileId,
        authorKind: "user",
        authorUserId: input.authorUserId,
        status: "pending",
        pushedAt: now,
      })
      .returning({ id: schema.changeBatches.id });
    const batchId = batch!.id;
    const ids: string[] = [];
    const row = (c: PlannedCreation) => ({
      batchId,
      sellerProfileId: input.sellerProfileId,
      advertisingProfileId: input.advertisingProfileId,
      entityType: c.entityType,
      entityLabel: c.label.slice(0, 500),
      operation: "create" as const,
      newValue: c.value,
      parentChangeId: c.parent === null ? null : (ids[c.parent] ?? null),
      reasonCode: "campaign_creation",
      authorKind: "user" as const,
      authorUserId: input.authorUserId,
      status: "pending" as const,
    });
    // Parents one by one (their ids are needed), then each level's children together.
    let i = 0;
    const { creations } = input;
    while (i < creations.length) {
      const isParent = creations.some((c) => c.parent === i);
      if (isParent) {
        const [made] = await tx
          .insert(schema.changes)
          .values(row(creations[i]!))
          .returning({ id: schema.changes.id });
        ids[i] = made!.id;
        i++;
        continue;
      }
      let end = i;
      while (end < creations.length && !creations.some((c) => c.parent === end)) end++;
      const chunk = creations.slice(i, end);
      for (let from = 0; from < chunk.length; from += 500) {
        const made = await tx
          .insert(schema.changes)
          .values(chunk.slice(from, from + 500).map(row))
          .returning({ id: schema.changes.id });
        made.forEach((m, k) => {
          ids[i + from + k] = m.id;
        });
      }
      i = end;
    }
    await recount(tx as unknown as Database, batchId);
    return batchId;
  });
}
