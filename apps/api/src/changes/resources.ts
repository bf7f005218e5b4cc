import { schema } from "@starport/db";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ConflictError } from "../errors.ts";
import { iriOf } from "../hydra/fields.ts";
import {
  type AnyResource,
  defineResource,
  type ResourceDefinition,
  ref,
} from "../hydra/resource.ts";

const {
  CHANGE_AUTHOR_KINDS,
  CHANGE_BATCH_STATUSES,
  CHANGE_FIELDS,
  CHANGE_OPERATIONS,
  CHANGE_STATUSES,
  FAILURE_RESOLUTIONS,
} = schema;

import { adGroups, campaigns } from "../advertising/resources.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { users } from "../resources/users.ts";
import { addChange } from "./add-change.ts";
import { discardBatch } from "./discard-batch.ts";
import { CHANGE_ENTITY_TYPES } from "./fields.ts";
import { recount } from "./tray.ts";

/** Changes of the ad groups `ids` and of the entities in them (by Amazon's ad group id). */
function adGroupHistory(ids: readonly string[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const inGroup = (table: string) =>
    sql`select x.id from ${sql.raw(table)} x join ad_groups ag
      on ag.advertising_profile_id = x.advertising_profile_id
      and ag.amazon_ad_group_id = x.amazon_ad_group_id where ag.id in (${list})`;
  return sql`(${c.entityId} in (${list})
    or ${c.entityId} in (${inGroup("keywords")} union all ${inGroup("negative_keywords")}
      union all ${inGroup("targets")} union all ${inGroup("negative_targets")}
      union all ${inGroup("product_ads")})
    or (${c.operation} = 'create' and exists (select 1 from ad_groups ag where ag.id in (${list})
      and ag.advertising_profile_id = ${c.advertisingProfileId}
      and ag.amazon_ad_group_id = ${c.newValue}->>'adGroupId')))`;
}

/** Changes of the campaigns `ids` and of everything in them (by Amazon's campaign id). */
function campaignHistory(ids: readonly string[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const inCampaign = (table: string) =>
    sql`select x.id from ${sql.raw(table)} x join campaigns cp
      on cp.advertising_profile_id = x.advertising_profile_id
      and cp.amazon_campaign_id = x.amazon_campaign_id where cp.id in (${list})`;
  return sql`(${c.entityId} in (${list})
    or ${c.entityId} in (${inCampaign("ad_groups")} union all ${inCampaign("keywords")}
      union all ${inCampaign("negative_keywords")} union all ${inCampaign("targets")}
      union all ${inCampaign("negative_targets")} union all ${inCampaign("product_ads")}))`;
}

/**
 * Changes and change batches (issue 10 §1) as Hydra resources, tenant-scoped through their seller
 * profile. Writes with side effects (adding to the tray, removing from it, discarding a tray) go
 * through processors; push, undo, retry, dismiss, the tray, creations and bulk edits are custom
 * operations, declared with their schemas by their routes (routes.ts).
 */

type ChangeRow = typeof schema.changes.$inferSelect;
type BatchRow = typeof schema.changeBatches.$inferSelect;
const c = schema.changes;
const b = schema.changeBatches;

const optionalRef = (resource: () => AnyResource, id: string | null) =>
  id === null ? null : ref(resource, id);
const value = z.union([z.string(), z.number(), z.record(z.string(), z.unknown())]).nullable();

const changeInput = z.object({
  entityType: z.enum(CHANGE_ENTITY_TYPES as [string, ...string[]]),
  entity: z.string().min(1).max(200).describe("uuid or IRI of the synced entity"),
  field: z.enum(CHANGE_FIELDS),
  value: z.union([z.string().max(1000), z.number(), z.null()]),
  reasonText: z.string().max(1000).optional(),
});
/** What a client sends to POST /api/changes (one staged change). */
export type ChangeRequest = z.input<typeof changeInput>;

/** Another user's drafts are their tray: private until pushed, administrators' included. */
const ownDraftsOnly =
  (batchColumn: typeof b.id | typeof c.batchId) => (principal: { userId: string }) =>
    sql`${batchColumn} not in (select ${b.id} from ${b} where ${b.status} = 'draft' and ${b.authorUserId} is distinct from ${principal.userId})`;

const BATCH_OUTPUT = z.object({
  id: z.uuid(),
  sellerProfile: iriOf(() => sellerProfiles),
  status: z.enum(CHANGE_BATCH_STATUSES),
  authorKind: z.enum(CHANGE_AUTHOR_KINDS),
  author: iriOf(() => users).nullable(),
  total: z.number().int(),
  applied: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  pushedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  undoOf: iriOf(() => changeBatches).nullable(),
});

const CHANGE_OUTPUT = z.object({
  id: z.uuid(),
  batch: iriOf(() => changeBatches),
  sellerProfile: iriOf(() => sellerProfiles),
  profile: iriOf(() => advertisingProfiles),
  entityType: z.enum(CHANGE_ENTITY_TYPES as [string, ...string[]]),
  entity: z.uuid().nullable(),
  entityLabel: z.string().nullable(),
  operation: z.enum(CHANGE_OPERATIONS),
  field: z.enum(CHANGE_FIELDS).nullable(),
  oldValue: value,
  newValue: value,
  reasonCode: z.string(),
  reasonParams: z.record(z.string(), z.unknown()).nullable(),
  reasonText: z.string().nullable(),
  authorKind: z.enum(CHANGE_AUTHOR_KINDS),
  author: iriOf(() => users).nullable(),
  /** The administrator who made the change while viewing Starport as its author. */
  actor: iriOf(() => users).nullable(),
  /** Their name when they made it ("Admin X for Y" in the history). */
  actorName: z.string().nullable(),
  status: z.enum(CHANGE_STATUSES),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  amazonId: z.string().nullable(),
  parent: iriOf(() => changes).nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  undoOf: iriOf(() => changes).nullable(),
  failureResolution: z
    .enum(FAILURE_RESOLUTIONS)
    .nullable()
    .describe("What the author did with a failed change (null: it is still in their tray)"),
  failureResolvedAt: z.string().nullable(),
});

export const changeBatches: ResourceDefinition<BatchRow, z.ZodObject> = defineResource<
  BatchRow,
  z.ZodObject
>({
  shortName: "ChangeBatch",
  path: "change_batches",
  description:
    "A batch of changes: a user's tray (draft) until pushed, then applied to Amazon as a job.",
  table: b,
  id: b.id,
  owner: { kind: "parent", column: b.sellerProfileId, parent: () => sellerProfiles },
  output: BATCH_OUTPUT,
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    status: row.status,
    authorKind: row.authorKind,
    author: optionalRef(() => users, row.authorUserId),
    total: row.total,
    applied: row.applied,
    failed: row.failed,
    pending: Math.max(0, row.total - row.applied - row.failed),
    createdAt: row.createdAt.toISOString(),
    pushedAt: row.pushedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoOf: optionalRef(() => changeBatches, row.undoOfBatchId),
  }),
  operations: { create: false, update: false, delete: "owner" },
  processor: {
    delete: async ({ db }, row) => discardBatch(db, row),
  },
  restrict: ownDraftsOnly(b.id),
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: b.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "status", column: b.status },
    { type: "exact", parameter: "authorKind", column: b.authorKind },
    { type: "date", parameter: "createdAt", column: b.createdAt },
  ],
  order: { createdAt: b.createdAt },
  defaultOrder: [["createdAt", "desc"]],
  pagination: { itemsPerPage: 30, maxItemsPerPage: 200, clientEnabled: true },
});

export const changes: ResourceDefinition<ChangeRow, typeof changeInput> = defineResource<
  ChangeRow,
  typeof changeInput
>({
  shortName: "Change",
  path: "changes",
  description:
    "One intended edit of one Amazon entity field (or one creation): old and new value, author, reason, batch and Amazon's answer.",
  table: c,
  id: c.id,
  owner: { kind: "parent", column: c.sellerProfileId, parent: () => sellerProfiles },
  output: CHANGE_OUTPUT,
  toOutput: (row) => ({
    id: row.id,
    batch: ref(() => changeBatches, row.batchId),
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    profile: ref(() => advertisingProfiles, row.advertisingProfileId),
    entityType: row.entityType,
    entity: row.entityId,
    entityLabel: row.entityLabel,
    operation: row.operation,
    field: row.field,
    oldValue: row.oldValue ?? null,
    newValue: row.newValue ?? null,
    reasonCode: row.reasonCode,
    reasonParams: row.reasonParams ?? null,
    reasonText: row.reasonText,
    authorKind: row.authorKind,
    author: optionalRef(() => users, row.authorUserId),
    actor: optionalRef(() => users, row.actorUserId),
    actorName: row.actorName,
    status: row.status,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    amazonId: row.amazonId,
    parent: optionalRef(() => changes, row.parentChangeId),
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    undoOf: optionalRef(() => changes, row.undoOfChangeId),
    failureResolution: row.failureResolution,
    failureResolvedAt: row.failureResolvedAt?.toISOString() ?? null,
  }),
  input: changeInput,
  operations: { create: "owner", update: false, delete: "owner" },
  processor: {
    create: async ({ db, principal }, document) =>
      addChange(db, principal, document as z.infer<typeof changeInput>),
    delete: async ({ db }, row) => {
      const [batch] = await db.select().from(b).where(eq(b.id, row.batchId));
      if (batch?.status !== "draft")
        throw new ConflictError("Only a change in the tray (a draft batch) can be removed.");
      await db.delete(c).where(eq(c.id, row.id));
      await recount(db, row.batchId);
    },
  },
  restrict: ownDraftsOnly(c.batchId),
  filters: [
    { type: "relation", parameter: "batch", column: c.batchId, target: () => changeBatches },
    {
      type: "relation",
      parameter: "sellerProfile",
      column: c.sellerProfileId,
      target: () => sellerProfiles,
    },
    {
      type: "relation",
      parameter: "profile",
      column: c.advertisingProfileId,
      target: () => advertisingProfiles,
    },
    { type: "exact", parameter: "entityType", column: c.entityType },
    { type: "exact", parameter: "entity", column: c.entityId },
    {
      // An ad group's history: its own changes and those of what it holds (keywords, targets,
      // negatives, product ads), creations in it included.
      type: "relation",
      parameter: "adGroup",
      column: c.entityId,
      target: () => adGroups,
      condition: (ids) => adGroupHistory(ids),
    },
    {
      // A campaign's history: its own changes and those of its ad groups and what they hold.
      type: "relation",
      parameter: "campaign",
      column: c.entityId,
      target: () => campaigns,
      condition: (ids) => campaignHistory(ids),
    },
    { type: "exact", parameter: "field", column: c.field },
    { type: "exact", parameter: "authorKind", column: c.authorKind },
    { type: "exact", parameter: "reasonCode", column: c.reasonCode },
    // The changes one optimiser run made (its id).
    { type: "exact", parameter: "optimiserRun", column: c.optimiserRunId },
    { type: "relation", parameter: "author", column: c.authorUserId, target: () => users },
    { type: "exact", parameter: "status", column: c.status },
    { type: "date", parameter: "createdAt", column: c.createdAt },
  ],
  order: { createdAt: c.createdAt },
  defaultOrder: [["createdAt", "desc"]],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
});

export const CHANGE_RESOURCES = [changeBatches, changes] as const;
