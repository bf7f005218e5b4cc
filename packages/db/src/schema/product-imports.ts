import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { sellerProfiles } from "./sellers.ts";

/**
 * Product imports (issue 11 §4): a seller's spreadsheet of Starport's own fields, uploaded to
 * DATA_DIR, mapped, previewed and run as a job. rowsDone is the checkpoint: it moves in the same
 * transaction as each batch's writes, so a run killed mid-way resumes exactly after the last batch.
 */
export const PRODUCT_IMPORT_STATUSES = [
  "uploaded",
  "queued",
  "running",
  "completed",
  "failed",
  /** Uploaded but never started: after a day its file is deleted and it can no longer run. */
  "abandoned",
] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

export const PRODUCT_IMPORT_SOURCES = ["file", "amazon"] as const;
export type ProductImportSource = (typeof PRODUCT_IMPORT_SOURCES)[number];

/** Column index (0-based) → field name of the import's field list. */
export type ProductImportMapping = Record<string, number>;

export const productImports = pgTable(
  "product_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when they uploaded (the history shows it even after the user is gone). */
    authorName: text("author_name").notNull().default(""),
    fileName: text("file_name").notNull(),
    /**
     * Where the rows come from: "file" (an upload of Starport's own fields) or "amazon" (the
     * SP-API merchant listings report of `marketplace`, downloaded by the job).
     */
    source: text("source").$type<ProductImportSource>().notNull().default("file"),
    /** Marketplace code of an Amazon import (DE, FR, …); null for a file. */
    marketplace: text("marketplace"),
    /** csv or xlsx (sniffed from the content, not the name). */
    format: text("format").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    /** Path of the stored upload relative to DATA_DIR. */
    storagePath: text("storage_path").notNull(),
    headers: jsonb("headers").$type<string[]>().notNull(),
    /** field → column index; set when the run starts. */
    mapping: jsonb("mapping").$type<ProductImportMapping>(),
    status: text("status").$type<ProductImportStatus>().notNull().default("uploaded"),
    totalRows: integer("total_rows"),
    rowsDone: integer("rows_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Rows applied with a plausibility warning (e.g. a cost above the price). */
    warnings: integer("warnings").notNull().default(0),
    /** File row (1-based) that names the columns; rows above it are titles and are skipped. */
    headerRow: integer("header_row").notNull().default(1),
    /** When the stored file was deleted (done, abandoned): it can be neither previewed nor run. */
    fileDeletedAt: timestamp("file_deleted_at", { withTimezone: true }),
    /** Reason key when the whole run failed (file unreadable). */
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The job execution running the import; another takes over once the lease has expired. */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (table) => [index("product_imports_profile").on(table.sellerProfileId, table.createdAt)],
);

/** A row the import could not apply: row number in the file, column header, value, reason key. */
export const productImportErrors = pgTable(
  "product_import_errors",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    column: text("column").notNull(),
    value: text("value").notNull(),
    reason: text("reason").notNull(),
    seq: integer("seq").notNull(),
    /** "error" (the row was not applied) or "warning" (applied, but implausible). */
    severity: text("severity").$type<"error" | "warning">().notNull().default("error"),
    /** The other row of a duplicate (same SKU/ASIN and marketplace), else null. */
    relatedRow: integer("related_row"),
    /** The row's original cells, so the error file can be corrected and uploaded again. */
    cells: jsonb("cells").$type<string[]>(),
  },
  (table) => [
    primaryKey({
      name: "product_import_errors_pk",
      columns: [table.importId, table.row, table.seq],
    }),
  ],
);

/** The column mapping a user last chose for a seller profile: normalised header → field. */
export const productImportMappings = pgTable(
  "product_import_mappings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "product_import_mappings_pk",
      columns: [table.userId, table.sellerProfileId],
    }),
  ],
);
