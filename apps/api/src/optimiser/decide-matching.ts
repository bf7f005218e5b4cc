import { type Database, schema } from "@starport/db";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { requireVisibleSellerProfile } from "../catalogue/seller-profile-access.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";
import { idFromIriOrId, isUuid } from "../hydra/iri.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { isoDate } from "../resources/shared.ts";
import { violation } from "../validation.ts";
import { decideRecommendation } from "./decide-recommendation.ts";
import { marketplaceFilter, queueCondition } from "./recommendation-queue.ts";

/** At most this many recommendations are decided by one call; `remaining` says how many wait. */
export const DECIDE_MATCHING_LIMIT = 2000;

export const decideMatchingBody = z.strictObject({
  sellerProfile: z.string().max(200),
  status: z.enum(["accepted", "rejected", "snoozed"]),
  snoozedUntil: isoDate.optional(),
  /** The queue's filters: every open recommendation that matches is decided. */
  kind: z.enum(schema.RECOMMENDATION_KINDS).optional(),
  /** A marketplace by its country code (DE, FR …). */
  marketplace: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  campaign: z.uuid().optional(),
});
export type DecideMatchingInput = z.infer<typeof decideMatchingBody>;
/** What a client sends to POST /api/recommendation_decisions. */
export type RecommendationDecisionRequest = z.input<typeof decideMatchingBody>;

export interface DecideMatchingResult {
  matched: number;
  decided: string[];
  /** Refused one by one (entity changed since, archived …), with the reason; nothing written. */
  conflicts: { id: string; subject: string; status: number; message: string }[];
  remaining: number;
}

/**
 * Bulk decision over every match (issue 21 §1): the open recommendations of one seller profile
 * the caller may see that match the queue's filters (a snoozed one is open again on its day),
 * highest impact first. Each is decided in its own transaction through `decideRecommendation`
 * (accepting stages its change), so one that is refused leaves nothing half-written and does
 * not hold the others back.
 */
export async function decideMatching(
  db: Database,
  principal: Principal,
  input: DecideMatchingInput,
  today = new Date().toISOString().slice(0, 10),
): Promise<DecideMatchingResult> {
  const sellerProfileId = idFromIriOrId(sellerProfiles, input.sellerProfile);
  if (!sellerProfileId || !isUuid(sellerProfileId)) throw new NotFoundError();
  await requireVisibleSellerProfile(db, principal, sellerProfileId);
  if (input.status === "snoozed" && !input.snoozedUntil)
    throw new ValidationError([violation("snoozedUntil", "required")]);
  const rec = schema.recommendations;
  // The queue's open tab, as its list and summary read it (recommendation-queue.ts).
  const conditions: SQL[] = [
    eq(rec.sellerProfileId, sellerProfileId),
    queueCondition("open", today),
  ];
  if (input.kind) conditions.push(eq(rec.kind, input.kind));
  if (input.campaign) conditions.push(eq(rec.campaignId, input.campaign));
  if (input.marketplace) conditions.push(marketplaceFilter([input.marketplace]));
  const rows = await db
    .select()
    .from(rec)
    .where(and(...conditions))
    .orderBy(sql`${rec.impact} desc nulls last`, desc(rec.createdAt))
    .limit(DECIDE_MATCHING_LIMIT + 1);
  const batch = rows.slice(0, DECIDE_MATCHING_LIMIT);
  const result: DecideMatchingResult = {
    matched: batch.length,
    decided: [],
    conflicts: [],
    remaining: rows.length - batch.length,
  };
  for (const row of batch) {
    try {
      await db.transaction((tx) =>
        decideRecommendation(tx as unknown as Database, principal, row, {
          status: input.status,
          snoozedUntil: input.snoozedUntil ?? null,
        }),
      );
      result.decided.push(row.id);
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      result.conflicts.push({
        id: row.id,
        subject: row.subject,
        status: error.status,
        message: error.message,
      });
    }
  }
  return result;
}
