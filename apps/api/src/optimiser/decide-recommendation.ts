import { type Database, schema } from "@starport/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { addChange, currentValues, violationError } from "../changes/add-change.ts";
import { addCreation } from "../changes/add-creation.ts";
import { loadEntity } from "../changes/load-entity.ts";
import type { ChangeRow } from "../changes/tray.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";

export type RecommendationRow = typeof schema.recommendations.$inferSelect;

export interface Decision {
  status: string;
  snoozedUntil?: string | null | undefined;
  /** Accept with another value than proposed (a bid, a budget; a keyword's bid and match type). */
  acceptedValue?: Record<string, unknown> | number | string | null | undefined;
}

/** The edit of a new keyword or negative: its bid and match type, nothing else. */
const creationEdit = z.strictObject({
  bid: z.number().optional(),
  matchType: z.string().max(40).optional(),
});

/**
 * A seller's answer to a recommendation (issue 19 §5): accept, reject or snooze an open (or
 * snoozed) one. Accepting stages the change in the caller's tray through the change use cases
 * (the same validation as an edit by hand) and links it; the push sends it to Amazon. The row
 * keeps what was accepted beside what was proposed (issue 21 §1: edit then accept), and who
 * decided: the user, and the administrator acting as them while impersonating.
 */
export async function decideRecommendation(
  db: Database,
  principal: Principal,
  row: RecommendationRow,
  document: Decision,
): Promise<RecommendationRow> {
  const edited = document.acceptedValue !== undefined && document.acceptedValue !== null;
  if (edited && document.status !== "accepted")
    throw new ValidationError([
      {
        propertyPath: "acceptedValue",
        message: "A value is accepted only with the status accepted.",
        code: "invalid",
      },
    ]);
  if (
    !edited &&
    document.status === row.status &&
    (document.snoozedUntil ?? null) === row.snoozedUntil
  )
    return row;
  if (row.status !== "open" && row.status !== "snoozed")
    throw new ConflictError(`A recommendation that is ${row.status} cannot be decided again.`);
  if (document.status === "snoozed" && !document.snoozedUntil)
    throw new ValidationError([violation("snoozedUntil", "required")]);
  let staged: { change: ChangeRow; value: unknown } | undefined;
  if (document.status === "accepted")
    staged = await stageChange(db, principal, row, edited ? document.acceptedValue : undefined);
  const [saved] = await db
    .update(schema.recommendations)
    .set({
      status: document.status as RecommendationRow["status"],
      snoozedUntil: document.status === "snoozed" ? (document.snoozedUntil ?? null) : null,
      changeId: staged?.change.id ?? row.changeId,
      ...(staged ? { acceptedValue: staged.value } : {}),
      decidedByUserId: principal.userId,
      decidedByActorUserId: principal.actorId ?? null,
      decidedByActorName: principal.actorName ?? null,
      updatedAt: new Date(),
    })
    .where(eq(schema.recommendations.id, row.id))
    .returning();
  return saved as RecommendationRow;
}

/** The change use cases name the value `value`; the seller sent it as `acceptedValue`. */
async function asAcceptedValue<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      error.violations.map((v) => ({
        ...v,
        propertyPath: v.propertyPath.replace(/^value(?=\.|$)/, "acceptedValue"),
      })),
      error.status,
    );
  }
}

async function stageChange(
  db: Database,
  principal: Principal,
  row: RecommendationRow,
  edit: Decision["acceptedValue"],
): Promise<{ change: ChangeRow; value: unknown }> {
  const reason = { reasonCode: row.reasonCode, reasonParams: row.reasonParams ?? null };
  const proposed = row.proposedValue as Record<string, unknown> | number | string | null;
  switch (row.kind) {
    case "bid":
    case "budget":
    case "state": {
      await checkUnchanged(db, principal, row);
      // Pausing what is paused stages nothing Amazon would do: that choice is a rejection.
      if (row.kind === "state" && edit !== undefined && edit === row.currentValue)
        throw violationError("acceptedValue", { code: "stateUnchanged" });
      const value = edit ?? proposed;
      const change = await asAcceptedValue(() =>
        addChange(db, principal, {
          entityType: row.entityType,
          entity: row.entityId,
          field: row.kind,
          value,
          ...reason,
        }),
      );
      return { change, value };
    }
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
      const parsed = edit === undefined ? undefined : creationEdit.safeParse(edit);
      if (parsed && !parsed.success)
        throw new ValidationError([violation("acceptedValue", "invalid")]);
      const matchType =
        parsed?.data?.matchType ?? (row.kind === "negative" ? "NEGATIVE_EXACT" : "EXACT");
      const bid = row.kind === "keyword" ? (parsed?.data?.bid ?? value.bid) : undefined;
      const change = await asAcceptedValue(() =>
        addCreation(db, principal, {
          entityType: row.kind === "negative" ? "negative_keywords" : "keywords",
          adGroup: row.adGroupId,
          value: { keywordText: value.text, matchType, ...(bid !== undefined ? { bid } : {}) },
          reasonCode: row.reasonCode,
          reasonParams: row.reasonParams ?? null,
        }),
      );
      return {
        change,
        value: { text: value.text, matchType, ...(bid !== undefined ? { bid } : {}) },
      };
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
