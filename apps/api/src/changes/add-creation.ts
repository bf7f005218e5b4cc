import { KEYWORD_MAX_CHARS, KEYWORD_MAX_WORDS, validateChangeValue } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { violationError } from "./add-change.ts";
import { entityIdOf, type LoadedEntity, loadEntity } from "./load-entity.ts";
import { type ChangeRow, recount, trayOf } from "./tray.ts";

/**
 * A new keyword or negative keyword in an existing ad group or campaign, staged in the caller's
 * tray like an edit (issue 10 §4: a search term added as a keyword or as a negative). The push
 * creates it through the apply job, which looks it up on Amazon first, so a retry never makes it
 * twice.
 */
export const creationBody = z.object({
  entityType: z.enum(["keywords", "negative_keywords"]),
  /** The ad group (uuid or IRI): required for keywords and ad-group negatives. */
  adGroup: z.string().max(200).nullable().optional(),
  /** The campaign (uuid or IRI) of a campaign-level negative. */
  campaign: z.string().max(200).nullable().optional(),
  value: z.object({
    keywordText: z.string().max(1000),
    matchType: z.string().max(40),
    bid: z.number().optional(),
  }),
  reasonCode: z.string().max(64).optional(),
  reasonParams: z.record(z.string(), z.unknown()).nullable().optional(),
  reasonText: z.string().max(2000).optional(),
});
export type CreationInput = z.infer<typeof creationBody>;
/** The body a client sends to POST /api/changes/creations. */
export type ChangeCreationPayload = z.input<typeof creationBody>;

const MATCH_TYPES = {
  keywords: ["EXACT", "PHRASE", "BROAD"],
  negative_keywords: ["NEGATIVE_EXACT", "NEGATIVE_PHRASE"],
} as const;

/** Amazon's keyword rules: at most 10 words and 80 characters. */
function checkKeywordText(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (!trimmed) throw new ValidationError([violation("value.keywordText", "required")]);
  if (trimmed.length > KEYWORD_MAX_CHARS || trimmed.split(" ").length > KEYWORD_MAX_WORDS)
    throw violationError("value.keywordText", {
      code: "keywordTooLong",
      params: { max: KEYWORD_MAX_CHARS },
    });
  return trimmed;
}

async function parentOf(
  db: Database,
  principal: Principal,
  entityType: "ad_groups" | "campaigns",
  value: string,
  path: string,
): Promise<LoadedEntity> {
  const id = entityIdOf(entityType, value);
  if (!id) throw new ValidationError([violation(path, "invalid")]);
  return loadEntity(db, principal, entityType, id);
}

export async function addCreation(
  db: Database,
  principal: Principal,
  input: CreationInput,
): Promise<ChangeRow> {
  const matchTypes: readonly string[] = MATCH_TYPES[input.entityType];
  if (!matchTypes.includes(input.value.matchType))
    throw new ValidationError([violation("value.matchType", "choice")]);
  const keywordText = checkKeywordText(input.value.keywordText);
  const adGroup = input.adGroup
    ? await parentOf(db, principal, "ad_groups", input.adGroup, "adGroup")
    : undefined;
  const campaign =
    !adGroup && input.campaign
      ? await parentOf(db, principal, "campaigns", input.campaign, "campaign")
      : undefined;
  const parent = adGroup ?? campaign;
  if (!parent || (input.entityType === "keywords" && !adGroup))
    throw new ValidationError([violation("adGroup", "required")]);
  if (String(parent.row.state) === "ARCHIVED")
    throw violationError(adGroup ? "adGroup" : "campaign", { code: "archivedIsFinal" });
  const item: Record<string, unknown> = {
    campaignId: parent.row.amazonCampaignId,
    ...(adGroup ? { adGroupId: adGroup.row.amazonAdGroupId } : {}),
    keywordText,
    matchType: input.value.matchType,
    state: "ENABLED",
  };
  if (input.entityType === "keywords" && input.value.bid !== undefined) {
    const violation = validateChangeValue({
      field: "bid",
      value: input.value.bid,
      countryCode: parent.profile.countryCode,
      current: {},
    });
    if (violation) throw violationError("value.bid", violation);
    item.bid = input.value.bid;
  }
  const tray = await trayOf(db, parent.profile.sellerProfileId, principal.userId);
  // The same keyword (parent, text in any case, match type) staged again, e.g. a search term
  // harvested twice: one draft, the newer bid and reason, not two creations of one keyword.
  const staged = await sameCreationIn(db, tray.id, input.entityType, item);
  if (staged) {
    const [updated] = await db
      .update(schema.changes)
      .set({
        newValue: item,
        reasonCode: input.reasonCode ?? "manual",
        reasonParams: input.reasonParams ?? null,
        reasonText: input.reasonText ?? null,
      })
      .where(eq(schema.changes.id, staged))
      .returning();
    return updated as ChangeRow;
  }
  const [row] = await db
    .insert(schema.changes)
    .values({
      batchId: tray.id,
      sellerProfileId: parent.profile.sellerProfileId,
      advertisingProfileId: parent.profile.id,
      entityType: input.entityType,
      entityLabel: keywordText,
      operation: "create",
      newValue: item,
      reasonCode: input.reasonCode ?? "manual",
      reasonParams: input.reasonParams ?? null,
      reasonText: input.reasonText ?? null,
      authorKind: "user",
      authorUserId: principal.userId,
      actorUserId: principal.actorId ?? null,
      actorName: principal.actorName ?? null,
      status: "pending",
    })
    .returning();
  await recount(db, tray.id);
  return row as ChangeRow;
}

/** A pending creation of the same keyword in the tray (its id), if any. */
async function sameCreationIn(
  db: Database,
  trayId: string,
  entityType: CreationInput["entityType"],
  item: Record<string, unknown>,
): Promise<string | undefined> {
  const pending = await db
    .select({ id: schema.changes.id, newValue: schema.changes.newValue })
    .from(schema.changes)
    .where(
      and(
        eq(schema.changes.batchId, trayId),
        eq(schema.changes.entityType, entityType),
        eq(schema.changes.operation, "create"),
        eq(schema.changes.status, "pending"),
      ),
    );
  const text = String(item.keywordText).toLowerCase();
  return pending.find((p) => {
    const value = (p.newValue ?? {}) as Record<string, unknown>;
    return (
      value.campaignId === item.campaignId &&
      (value.adGroupId ?? null) === (item.adGroupId ?? null) &&
      value.matchType === item.matchType &&
      String(value.keywordText ?? "").toLowerCase() === text
    );
  })?.id;
}
