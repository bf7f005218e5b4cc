import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { advertisingProfiles, sellerProfiles } from "./sellers.ts";

/**
 * Changes (issue 10): every intended edit of one Amazon entity field, or one creation, as data
 * with its old value, author, reason, batch and Amazon's answer. A user's tray is their one draft
 * batch per seller profile; pushing it queues the apply job, which records each row's outcome.
 */

export const CHANGE_AUTHOR_KINDS = ["user", "optimiser", "rule", "strategy", "undo"] as const;
export type ChangeAuthorKind = (typeof CHANGE_AUTHOR_KINDS)[number];

export const CHANGE_BATCH_STATUSES = [
  "draft",
  "pending",
  "applying",
  "applied",
  "partially_applied",
  "failed",
] as const;
export type ChangeBatchStatus = (typeof CHANGE_BATCH_STATUSES)[number];

export const CHANGE_STATUSES = ["pending", "applying", "applied", "failed", "superseded"] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
/** What the seller did with a failed change: it leaves their tray either way, and it is kept. */
export const FAILURE_RESOLUTIONS = ["dismissed", "retried"] as const;
export type FailureResolution = (typeof FAILURE_RESOLUTIONS)[number];

export const CHANGE_OPERATIONS = ["update", "create", "archive"] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

export const CHANGE_FIELDS = [
  "bid",
  "state",
  "budget",
  "biddingStrategy",
  "placementTopOfSearch",
  "placementProductPage",
  "placementRestOfSearch",
  "name",
  "startDate",
  "endDate",
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export const changeBatches = pgTable(
  "change_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    authorKind: text("author_kind").$type<ChangeAuthorKind>().notNull().default("user"),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    undoOfBatchId: uuid("undo_of_batch_id").references((): AnyPgColumn => changeBatches.id, {
      onDelete: "set null",
    }),
    status: text("status").$type<ChangeBatchStatus>().notNull().default("draft"),
    total: integer("total").notNull().default(0),
    applied: integer("applied").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The job execution applying the batch; another takes over once the lease has expired. */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (table) => [
    index("change_batches_profile_status").on(table.sellerProfileId, table.status),
    // One tray per user and seller profile.
    uniqueIndex("change_batches_one_draft")
      .on(table.sellerProfileId, table.authorUserId)
      .where(sql`status = 'draft'`),
  ],
);

export const changes = pgTable(
  "changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => changeBatches.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    advertisingProfileId: uuid("advertising_profile_id")
      .notNull()
      .references(() => advertisingProfiles.id, { onDelete: "cascade" }),
    /** A SYNCED_ENTITIES name: campaigns, ad_groups, keywords, … */
    entityType: text("entity_type").notNull(),
    /** The synced row; null for a creation until it is created. No foreign key: history outlives rows. */
    entityId: uuid("entity_id"),
    /** What the tray and history show: keyword text, campaign name, expression, SKU (kept when the row goes). */
    entityLabel: text("entity_label"),
    operation: text("operation").$type<ChangeOperation>().notNull().default("update"),
    field: text("field").$type<ChangeField>(),
    /** As Starport last knew it (the conflict guard compares it with the synced row). */
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    /** A creation waiting for its parent's creation (ad group → campaign …). */
    parentChangeId: uuid("parent_change_id").references((): AnyPgColumn => changes.id, {
      onDelete: "set null",
    }),
    reasonCode: text("reason_code").notNull().default("manual"),
    reasonParams: jsonb("reason_params").$type<Record<string, unknown>>(),
    reasonText: text("reason_text"),
    authorKind: text("author_kind").$type<ChangeAuthorKind>().notNull().default("user"),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The administrator who made the change while viewing Starport as its author (impersonation). */
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Their name then: the seller's history shows "Admin X for you" without reading X's account. */
    actorName: text("actor_name"),
    /** The optimiser run that made the change (author kind `optimiser`). */
    optimiserRunId: uuid("optimiser_run_id"),
    status: text("status").$type<ChangeStatus>().notNull().default("pending"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    attempts: integer("attempts").notNull().default(0),
    /** A failed change stays in its author's tray until dismissed or retried (null: still there). */
    failureResolution: text("failure_resolution").$type<FailureResolution>(),
    failureResolvedAt: timestamp("failure_resolved_at", { withTimezone: true }),
    /** Amazon's id of the created entity. */
    amazonId: text("amazon_id"),
    undoOfChangeId: uuid("undo_of_change_id").references((): AnyPgColumn => changes.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (table) => [
    index("changes_batch_status").on(table.batchId, table.status),
    index("changes_entity").on(table.entityId, table.createdAt),
    index("changes_profile_created").on(table.sellerProfileId, table.createdAt),
  ],
);
