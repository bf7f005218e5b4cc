import { type Database, schema } from "@starport/db";
import { eq } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { addChange, currentValues } from "../changes/add-change.ts";
import { addCreation } from "../changes/add-creation.ts";
import { loadEntity } from "../changes/load-entity.ts";
import type { ChangeRow } from "../changes/tray.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";

export type RecommendationRow = typeof schema.recommendations.$inferSelect;

/**
 * A seller's answer to a recommendation (issue 19 §5): accept, reject or snooze an open (or
 * snoozed) one. Accepting stages the change in the caller's tray through the change use cases
 * (the same validation as an edit by hand) and links it; the push sends it to Amazon.
 */
export async function decideRecommendation(
  db: Database,
  principal: Principal,
  row: RecommendationRow,
  document: { status: string; snoozedUntil?: string | null | undefined },
): Promise<RecommendationRow> {
  if (document.status === row.status && (document.snoozedUntil ?? null) === row.snoozedUntil)
    return row;
  if (row.status !== "open" && row.status !== "snoozed")
    throw new ConflictError(`A recommendation that is ${row.status} cannot be decided again.`);
  if (document.status === "snoozed" && !document.snoozedUntil)
    throw new ValidationError([violation("snoozedUntil", "required")]);
  let change: ChangeRow | undefined;
  if (document.status === "accepted") change = await stageChange(db, principal, row);
  const [saved] = await db
    .update(schema.recommendations)
    .set({
      status: document.status as RecommendationRow["status"],
      snoozedUntil: document.status === "snoozed" ? (document.snoozedUntil ?? null) : null,
      changeId: change?.id ?? row.changeId,
      updatedAt: new Date(),
    })
    .where(eq(schema.recommendations.id, row.id))
    .returning();
  return saved as RecommendationRow;
}

async function stageChange(
  db: Database,
  principal: Principal,
  row: RecommendationRow,
): Promise<ChangeRow> {
  const reason = { reasonCode: row.reasonCode, reasonParams: row.reasonParams ?? null };
  const proposed = row.proposedValue as Record<string, unknown> | number | string | null;
  switch (row.kind) {
    case "bid":
    case "budget":
    case "state":
      await checkUnchanged(db, principal, row);
      return addChange(db, principal, {
        entityType: row.entityType,
        entity: row.entityId,
        field: row.kind,
        value: proposed,
        ...reason,
      });
    case "negative":
    case "keyword": {
      const value = proposed as {
        text: string;
        bid?: number;
        negativeKind?: string;
        keywordKind?: string;
      };
      if (value.negativeKind === "asin" || value.keywordKind === "asin" || !row.adGroupId)
        throw new ConflictError("This recommendation cannot be staged as a change yet.");
      return addCreation(db, principal, {
        entityType: row.kind === "negative" ? "negative_keywords" : "keywords",
        adGroup: row.adGroupId,
        value: {
          keywordText: value.text,
          matchType: row.kind === "negative" ? "NEGATIVE_EXACT" : "EXACT",
          ...(value.bid !== undefined ? { bid: value.bid } : {}),
        },
        reasonCode: row.reasonCode,
        reasonParams: row.reasonParams ?? null,
      });
    }
  }
}

/**
 * A bid, budget or state proposed from a value that is no longer the entity's (edited by hand
 * since, or archived) is not accepted: a 409 that says what changed, nothing staged. The seller
 * decides again on the next run's proposal, made from the value in force.
 */
async function checkUnchanged(
  db: Database,
  principal: Principal,
  row: RecommendationRow,
): Promise<void> {
  if (!row.entityId) return;
  const entity = await loadEntity(db, principal, row.entityType, row.entityId);
  const current = currentValues(row.entityType, entity.row);
  if (current.state === "ARCHIVED")
    throw new ConflictError(
      `The ${row.entityType.replace(/s$/, "").replace("_", " ")} was archived since this recommendation.`,
    );
  const now = current[row.kind];
  if (row.currentValue !== null && now !== undefined && now !== row.currentValue)
    throw new ConflictError(
      `The ${row.kind} changed since this recommendation: it is ${String(now)} now, the recommendation was made from ${String(row.currentValue)}.`,
    );
}
