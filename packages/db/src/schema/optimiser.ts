import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { advertisingProfiles, sellerProfiles } from "./sellers.ts";

/**
 * The bid optimiser's data (issue 19 §2): the bid history it reads, its runs and the
 * recommendations a run in suggest mode leaves for the seller.
 */

/**
 * The bid in force per keyword/target and day, written by a trigger on keywords and targets
 * (migration 0022), so the sync's upserts and the applied changes both record it. A row exists
 * for the days the bid was set or changed; the bid in force on any day is the newest row on or
 * before it. Today's row is overwritten by a later write the same day.
 */
export const bidHistory = pgTable(
  "bid_history",
  {
    advertisingProfileId: uuid("advertising_profile_id")
      .notNull()
      .references(() => advertisingProfiles.id, { onDelete: "cascade" }),
    /** "keyword" or "target". */
    entityKind: text("entity_kind").notNull(),
    /** The keywords/targets row; no foreign key: history outlives rows. */
    entityId: uuid("entity_id").notNull(),
    date: date("date").notNull(),
    /** Null: the ad group's default bid applied. */
    bidMicros: bigint("bid_micros", { mode: "number" }),
  },
  (table) => [
    primaryKey({ name: "bid_history_pk", columns: [table.entityId, table.date] }),
    index("bid_history_profile_date").on(table.advertisingProfileId, table.date),
  ],
);

export const OPTIMISER_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type OptimiserRunStatus = (typeof OPTIMISER_RUN_STATUSES)[number];
/** What started a run: the daily hook after the report sync, or a user's "run now". */
export const OPTIMISER_RUN_TRIGGERS = ["scheduled", "manual"] as const;
export type OptimiserRunTrigger = (typeof OPTIMISER_RUN_TRIGGERS)[number];

export interface OptimiserRunWarning {
  code: string;
  productId?: string;
  marketplace?: string;
  params?: Record<string, string | number>;
}

export const optimiserRuns = pgTable(
  "optimiser_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<OptimiserRunTrigger>().notNull().default("manual"),
    /** The day the run is for (YYYY-MM-DD): one scheduled run per profile and day. */
    runDate: date("run_date").notNull(),
    dryRun: boolean("dry_run").notNull().default(false),
    status: text("status").$type<OptimiserRunStatus>().notNull().default("queued"),
    /** The facts window read (first and last day). */
    windowFrom: date("window_from"),
    windowTo: date("window_to"),
    /** Per marketplace: the automation mode and the profile's resolved settings the run used. */
    settings: jsonb("settings").$type<Record<string, unknown>>(),
    /** Decisions per kind (bid, keyword, negative, budget, state) and what the run wrote. */
    counts: jsonb("counts").$type<Record<string, number>>(),
    warnings: jsonb("warnings").$type<OptimiserRunWarning[]>().notNull().default(sql`'[]'::jsonb`),
    durationMs: integer("duration_ms"),
    error: text("error"),
    /** The batch of changes an automatic run wrote. */
    changeBatchId: uuid("change_batch_id"),
    /** Who asked for a manual run ("run now"); null for a scheduled one. */
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * The administrator who asked for it while viewing Starport as that user (impersonation), and
     * their name then: the changes an automatic run writes carry them as actor.
     */
    requestedByActorUserId: uuid("requested_by_actor_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    requestedByActorName: text("requested_by_actor_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The job execution working on the run (jobs/leased-queue.ts). */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (table) => [
    index("optimiser_runs_profile_created").on(table.sellerProfileId, table.createdAt),
    // Two runs of one profile never overlap (a dry run writes nothing and may run beside one).
    uniqueIndex("optimiser_runs_one_running")
      .on(table.sellerProfileId)
      .where(sql`status = 'running' and not dry_run`),
    // The daily hook may fire more than once a day: one scheduled run per profile and day.
    uniqueIndex("optimiser_runs_one_scheduled_per_day")
      .on(table.sellerProfileId, table.runDate)
      .where(sql`trigger = 'scheduled'`),
  ],
);

export const RECOMMENDATION_KINDS = ["bid", "keyword", "negative", "budget", "state"] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];
export const RECOMMENDATION_STATUSES = [
  "open",
  "accepted",
  "rejected",
  "snoozed",
  "applied",
  "superseded",
] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const recommendations = pgTable(
  "recommendations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => optimiserRuns.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    advertisingProfileId: uuid("advertising_profile_id")
      .notNull()
      .references(() => advertisingProfiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RecommendationKind>().notNull(),
    /** A SYNCED_ENTITIES name (keywords, targets, product_ads, campaigns, ad_groups). */
    entityType: text("entity_type").notNull(),
    /** The synced row; for a new keyword or negative, the ad group it goes into. */
    entityId: uuid("entity_id").notNull(),
    /** The keyword or term text of a new keyword or negative (part of what it is about). */
    subject: text("subject").notNull().default(""),
    campaignId: uuid("campaign_id"),
    adGroupId: uuid("ad_group_id"),
    currentValue: jsonb("current_value"),
    proposedValue: jsonb("proposed_value"),
    /** What the seller accepted: the proposed value, or the one they edited it to (issue 21 §1). */
    acceptedValue: jsonb("accepted_value"),
    reasonCode: text("reason_code").notNull(),
    reasonParams: jsonb("reason_params").$type<Record<string, unknown>>(),
    inputs: jsonb("inputs").$type<Record<string, unknown>>(),
    /** Projected monthly contribution-profit impact, currency units, with its range. */
    impact: doublePrecision("impact"),
    impactLow: doublePrecision("impact_low"),
    impactHigh: doublePrecision("impact_high"),
    status: text("status").$type<RecommendationStatus>().notNull().default("open"),
    snoozedUntil: date("snoozed_until"),
    /** The change that applies it (accepted bid recommendations). */
    changeId: uuid("change_id"),
    /** Who accepted, rejected or snoozed it last. */
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The administrator who decided while viewing Starport as that user, and their name then. */
    decidedByActorUserId: uuid("decided_by_actor_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    decidedByActorName: text("decided_by_actor_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A profile's recommendations by status, with what the action center's summary groups and
    // sums (and the snoozed day the open tab checks): counted from the index alone, not the rows.
    index("recommendations_profile_status").on(
      table.sellerProfileId,
      table.status,
      table.kind,
      table.advertisingProfileId,
      table.snoozedUntil,
      table.impact,
    ),
    index("recommendations_run").on(table.runId),
    // The action center's queue: a profile's open (and snoozed) ones by impact, a page at a time
    // without sorting them all (scripts/bench/action-center-queue.ts).
    index("recommendations_queue")
      .on(table.sellerProfileId, sql`${table.impact} desc nulls last`, table.id)
      .where(sql`status in ('open', 'snoozed')`),
    // A newer run supersedes the open one of the same entity and kind: at most one is open.
    uniqueIndex("recommendations_one_open")
      .on(table.entityId, table.kind, table.subject)
      .where(sql`status = 'open'`),
  ],
);
