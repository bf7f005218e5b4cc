import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { violation } from "../validation.ts";
import type { CREATION_ORDER } from "./apply-creations.ts";
import type { ChangeJobs } from "./jobs.ts";
import { type ChangeBatchRow, recount } from "./tray.ts";

/** One entity to create: its Amazon v3 create item, without the ids of parents made in the same batch. */
export interface NewEntity {
  /** The caller's name for it, for `parent` references (e.g. "campaign", "adGroup"). */
  key: string;
  entityType: (typeof CREATION_ORDER)[number];
  /**
   * The key of the NewEntity it belongs to (campaign for an ad group or a campaign-level negative,
   * ad group for ads, keywords, targets, ad-group negatives). Omitted when the item names existing
   * parents itself (`campaignId`, `adGroupId` as Amazon ids).
   */
  parent?: string;
  /**
   * Amazon's create item, e.g. campaign `{ name, targetingType, state, budget: { budget, budgetType:
   * "DAILY" }, startDate, endDate?, dynamicBidding: { strategy, placementBidding } }`, ad group
   * `{ name, defaultBid, state }`, ad `{ sku, asin? }`, keyword `{ keywordText, matchType, bid }`,
   * target `{ expression: [{ type, value }], expressionType: "MANUAL", bid }`, negative keyword
   * `{ keywordText, matchType: "NEGATIVE_EXACT" | "NEGATIVE_PHRASE" }`. `state` defaults to ENABLED.
   */
  item: Record<string, unknown>;
  /** What the tray and history show (defaults to the name, keyword text or SKU). */
  label?: string;
}

export interface PushCreationsInput {
  /** The advertising profile (marketplace) the entities are created in: uuid. */
  profile: string;
  entities: NewEntity[];
  reasonCode?: string;
  reasonText?: string;
}

const labelOfItem = (item: Record<string, unknown>) =>
  String(
    item.name ?? item.keywordText ?? item.sku ?? item.asin ?? JSON.stringify(item.expression ?? ""),
  );

/**
 * Creates a batch of `create` changes (parents linked through parent_change_id) and pushes it:
 * the apply job creates campaign → ad group → ads, keywords, targets → negatives, taking what
 * already exists on Amazon (by natural key) instead of creating it twice. A failed or partly
 * applied creation batch is retried with `pushBatch` (POST /api/change_batches/{id}/push), which
 * re-sends only what is not applied. Validation of the items is the caller's (422 on its paths).
 */
export async function pushCreations(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  input: PushCreationsInput,
): Promise<ChangeBatchRow> {
  if (!isUuid(input.profile)) throw new NotFoundError();
  const p = schema.advertisingProfiles;
  const s = schema.sellerProfiles;
  const [found] = await db
    .select({ profile: p })
    .from(p)
    .innerJoin(s, eq(s.id, p.sellerProfileId))
    .where(and(eq(p.id, input.profile), eq(s.customerId, principal.customerId)));
  if (!found) throw new NotFoundError();
  const profile = found.profile;
  const keys = new Set<string>();
  input.entities.forEach((e, index) => {
    if (keys.has(e.key)) throw new ValidationError([violation(`entities[${index}].key`, "unique")]);
    if (e.parent !== undefined && !keys.has(e.parent))
      throw new ValidationError([
        {
          propertyPath: `entities[${index}].parent`,
          message: "The parent must come before its children.",
          code: "invalid",
        },
      ]);
    keys.add(e.key);
  });
  if (!input.entities.length) throw new ValidationError([violation("entities", "required")]);
  const batch = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(schema.changeBatches)
      .values({
        sellerProfileId: profile.sellerProfileId,
        authorKind: "user",
        authorUserId: principal.userId,
        status: "pending",
        pushedAt: new Date(),
      })
      .returning();
    const changeOf = new Map<string, string>();
    for (const e of input.entities) {
      const [row] = await tx
        .insert(schema.changes)
        .values({
          batchId: made!.id,
          sellerProfileId: profile.sellerProfileId,
          advertisingProfileId: profile.id,
          entityType: e.entityType,
          entityLabel: e.label ?? labelOfItem(e.item),
          operation: "create",
          newValue: e.item,
          parentChangeId: e.parent === undefined ? null : (changeOf.get(e.parent) ?? null),
          reasonCode: input.reasonCode ?? "campaign_creation",
          reasonText: input.reasonText ?? null,
          authorKind: "user",
          authorUserId: principal.userId,
          actorUserId: principal.actorId ?? null,
          actorName: principal.actorName ?? null,
          status: "pending",
        })
        .returning({ id: schema.changes.id });
      changeOf.set(e.key, row!.id);
    }
    return recount(tx as unknown as Database, made!.id);
  });
  await jobs.enqueue(batch.id);
  return batch;
}
