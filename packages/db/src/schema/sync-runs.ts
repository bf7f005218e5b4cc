import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sellerProfiles } from "./sellers.ts";

/** One step of a sync run's plan; the plan is also the checkpoint a restarted run resumes from. */
export interface SyncStep {
  key: string;
  /** For logs; people see `what` and the counts, translated by the web. */
  label: string;
  /** skipped: a Seller Central step whose access Amazon refused (`error` says why). */
  status: "pending" | "done" | "failed" | "skipped";
  /** Rows inserted or changed (0 when a sync finds nothing new). */
  rows: number;
  error?: string;
  /**
   * What the step fetches: "profiles", "participations", "products" (listings), a synced entity
   * ("campaigns", "ad_groups", "keywords" …) or a report ("report_campaigns", "report_placements" …).
   */
  what?: string;
  /** Country code of the marketplace the step is for. */
  marketplace?: string;
  /** Report steps: the date range asked for. */
  from?: string;
  to?: string;
  /** What arrived from Amazon: entities listed, report rows or listings (whether new or not). */
  received?: number;
  /** Report steps: the days the report had rows for. */
  days?: number;
}

/**
 * One sync of a seller profile's Amazon data, run as a pg-boss job. `steps` is the plan and the
 * checkpoint: a job killed mid-way restarts at the first step not done.
 */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** initial, daily, profiles, entities, entities_incremental, reports, participations, listings, economics (older databases: write). */
    kind: text("kind").notNull(),
    /** queued, running, succeeded, failed. */
    status: text("status").notNull().default("queued"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    steps: jsonb("steps").$type<SyncStep[]>().notNull().default(sql`'[]'::jsonb`),
    stepsDone: integer("steps_done").notNull().default(0),
    stepsTotal: integer("steps_total").notNull().default(0),
    rowsWritten: bigint("rows_written", { mode: "number" }).notNull().default(0),
    /**
     * Write runs: the per-row outcome (`results`). Other runs: what arrived so far (`arrived`,
     * counts per kind and days of reports, see @starport/sync syncArrivals).
     */
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** The worker holding the run; another may take it over once the lease has expired. */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sync_runs_profile_created").on(table.sellerProfileId, table.createdAt)],
);
