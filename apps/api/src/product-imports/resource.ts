import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { IMPORT_FIELD_NAMES } from "./fields.ts";
import { LISTING_FIELD_NAMES } from "./listing-fields.ts";

type Row = typeof schema.productImports.$inferSelect;
const t = schema.productImports;

const mappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELD_NAMES as [string, ...string[]]),
  z.number().int().min(0).max(1000),
);

/** The field → column mapping of a preview or run: each column at most once, a key column. */
export const importMapping = mappingSchema
  .refine((m) => m.sku !== undefined || m.asin !== undefined, {
    message: "map a SKU or ASIN column",
    path: ["sku"],
  })
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, {
    message: "each column at most once",
  });

export const previewCell = z.object({
  field: z.string(),
  value: z.string().describe("the cell as the file holds it"),
  parsed: z
    .union([z.number(), z.string(), z.array(z.string())])
    .nullable()
    .describe(
      "the value as read: a number, a date YYYY-MM-DD, a list of tags, a code; null if empty or wrong",
    ),
  error: z.string().nullable().describe("reason key, productImports.reason.<key>"),
});
export const previewRow = z.object({ row: z.number().int(), cells: z.array(previewCell) });

export const uploadResult = z.object({
  import: z.string().describe("IRI of the new ProductImport"),
  fileName: z.string(),
  format: z.enum(["csv", "xlsx"]),
  headerRow: z
    .number()
    .int()
    .describe("file row naming the columns (title rows above are skipped)"),
  headers: z.array(z.string()),
  mapping: mappingSchema,
  unmapped: z
    .array(z.number().int())
    .describe(
      "columns no field is mapped to (unknown or ignored): the seller maps or ignores them",
    ),
  fields: z.array(z.string()),
  preview: z.array(previewRow),
});

/** A run's mapping: a file's own fields, or an Amazon import's listing fields. */
const storedMapping = z.partialRecord(
  z.enum([...new Set([...IMPORT_FIELD_NAMES, ...LISTING_FIELD_NAMES])] as [string, ...string[]]),
  z.number().int().min(0).max(1000),
);

export const amazonImportBody = z.object({
  sellerProfile: z.string().describe("IRI or id of the seller profile"),
  marketplace: z.string().min(2).max(2).describe("marketplace code, e.g. DE"),
});

const ITEM_OUTPUT = z.object({
  id: z.uuid(),
  sellerProfile: z.string(),
  author: z.string(),
  source: z.enum(schema.PRODUCT_IMPORT_SOURCES),
  marketplace: z.string().nullable(),
  fileName: z.string(),
  format: z.string(),
  fileSize: z.number().int(),
  headers: z.array(z.string()),
  mapping: storedMapping.nullable(),
  status: z.enum(schema.PRODUCT_IMPORT_STATUSES),
  totalRows: z.number().int().nullable(),
  rowsDone: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  warnings: z.number().int().describe("rows applied with a plausibility warning"),
  headerRow: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/**
 * Product imports (issue 11 §4): the history and live status of each import of a seller profile.
 * Created by the upload, started by run; read here (the web polls the item for progress).
 */
export const productImports = defineResource<Row, z.ZodObject>({
  shortName: "ProductImport",
  path: "product_imports",
  description: "An upload of Starport's own product fields (cost, tags, …) and its run.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: ITEM_OUTPUT,
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    author: row.authorName,
    source: row.source,
    marketplace: row.marketplace,
    fileName: row.fileName,
    format: row.format,
    fileSize: row.fileSize,
    headers: row.headers,
    mapping: row.mapping,
    status: row.status,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    warnings: row.warnings,
    headerRow: row.headerRow,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }),
  relations: { sellerProfile: () => sellerProfiles },
  operations: { create: false, update: false, delete: false },
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "status", column: t.status },
  ],
  order: { createdAt: t.createdAt },
  defaultOrder: [["createdAt", "desc"]],
  pagination: { itemsPerPage: 30, maxItemsPerPage: 100, clientEnabled: false },
});
