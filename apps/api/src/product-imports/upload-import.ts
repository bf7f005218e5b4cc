import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq, sql } from "drizzle-orm";
import { ValidationError } from "../errors.ts";
import {
  PRODUCT_IMPORT_VIOLATIONS,
  type ProductImportViolationCode,
} from "../violation-catalogue.ts";
import {
  fieldOfHeader,
  IMPORT_FIELD_NAMES,
  type ImportFieldName,
  normaliseHeader,
} from "./fields.ts";
import { PREVIEW_ROWS, previewOf } from "./preview-import.ts";
import { type ImportFormat, readRows, type SheetRow, sniffFormat } from "./read-rows.ts";
import { CSV_HEADERS } from "./reason-texts.ts";

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Stored upload bytes a customer may hold at once (files of imports not yet done), by default. */
export const DEFAULT_IMPORT_QUOTA_BYTES = 500 * 1024 * 1024;
/** Rows searched for the header: title rows above it ("Preisliste Q4") are skipped. */
export const HEADER_SEARCH_ROWS = 10;

/** Refusals before any job starts: a status and a code the web translates (productImports.error). */
export type UploadErrorCode = ProductImportViolationCode;

export function uploadError(code: UploadErrorCode, detail?: string): ValidationError {
  const [status, message] = PRODUCT_IMPORT_VIOLATIONS[code];
  return new ValidationError(
    [{ propertyPath: "file", message: detail ? `${message} ${detail}` : message, code }],
    status,
  );
}

export interface Upload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

type Mapping = Partial<Record<ImportFieldName, number>>;

/** The key under which a whole header set's mapping is remembered (beside each header's). */
export function headerSetKey(headers: readonly string[]): string {
  const digest = createHash("sha256")
    .update(JSON.stringify(headers.map(normaliseHeader)))
    .digest("base64url");
  return `${HEADER_SET_PREFIX}${digest}`;
}
export const HEADER_SET_PREFIX = "#set:";

/** Headers of Starport's own error file: ignored, so a corrected error file uploads again. */
const ANNOTATION_HEADERS = new Set(
  [...CSV_HEADERS.de, ...CSV_HEADERS.en].map((header) => normaliseHeader(header)),
);

/**
 * The suggested mapping of a header row: the mapping remembered for exactly this header set,
 * else per header the remembered choice ("" = ignored), else the field whose German or English
 * name or synonym the header is. Columns nothing maps stay for the seller to map or ignore.
 */
export function suggestMapping(
  headers: readonly string[],
  remembered: Record<string, string> | undefined,
): { mapping: Mapping; unmapped: number[] } {
  const exact = remembered?.[headerSetKey(headers)];
  if (exact) {
    try {
      const mapping = JSON.parse(exact) as Mapping;
      const valid = Object.entries(mapping).every(
        ([field, index]) =>
          (IMPORT_FIELD_NAMES as string[]).includes(field) &&
          Number.isInteger(index) &&
          index! >= 0 &&
          index! < headers.length,
      );
      if (valid) {
        const used = new Set(Object.values(mapping));
        return {
          mapping,
          unmapped: headers.flatMap((h, i) => (h !== "" && !used.has(i) ? [i] : [])),
        };
      }
    } catch {
      // A damaged memory is no memory: fall back to the headers.
    }
  }
  const mapping: Mapping = {};
  const unmapped: number[] = [];
  headers.forEach((header, index) => {
    if (header === "") return;
    const normalised = normaliseHeader(header);
    const memo = remembered?.[normalised];
    if (memo === "" || ANNOTATION_HEADERS.has(normalised)) {
      unmapped.push(index);
      return;
    }
    const field =
      memo && (IMPORT_FIELD_NAMES as string[]).includes(memo)
        ? (memo as ImportFieldName)
        : fieldOfHeader(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
    else unmapped.push(index);
  });
  return { mapping, unmapped };
}

const headerCells = (cells: readonly unknown[]) =>
  cells.map((cell) =>
    cell === null || cell === undefined
      ? ""
      : cell instanceof Date
        ? cell.toISOString().slice(0, 10)
        : String(cell).trim(),
  );

/**
 * The header among the first rows: the first that names a key column (SKU or ASIN), else the one
 * naming the most known columns. Title rows above it are skipped; null when none names any.
 */
export function detectHeaderRow(
  rows: readonly SheetRow[],
  remembered: Record<string, string> | undefined,
): { row: number; headers: string[] } | null {
  let best: { row: number; headers: string[]; score: number } | null = null;
  for (const sheetRow of rows) {
    const headers = headerCells(sheetRow.cells);
    const fields = headers.map((header) => {
      if (header === "") return undefined;
      const memo = remembered?.[normaliseHeader(header)];
      return memo && (IMPORT_FIELD_NAMES as string[]).includes(memo) ? memo : fieldOfHeader(header);
    });
    if (fields.includes("sku") || fields.includes("asin")) return { row: sheetRow.row, headers };
    const score = fields.filter(Boolean).length;
    if (score > 0 && (!best || score > best.score)) best = { row: sheetRow.row, headers, score };
  }
  return best && { row: best.row, headers: best.headers };
}

/** Bytes of stored uploads a customer holds now: files of imports not yet done. */
async function storedBytesOf(db: Database, sellerProfileId: string): Promise<number> {
  const rows = (await db.execute(sql`
    select coalesce(sum(i.file_size), 0)::bigint as bytes
    from product_imports i
    join seller_profiles sp on sp.id = i.seller_profile_id
    where sp.customer_id = (select customer_id from seller_profiles where id = ${sellerProfileId})
      and i.file_deleted_at is null and i.status in ('uploaded', 'queued', 'running')`)) as unknown as {
    rows: { bytes: string | number }[];
  };
  return Number(rows.rows[0]?.bytes ?? 0);
}

/**
 * Stores an upload under DATA_DIR/imports, checks it (complete, type, size, the customer's
 * quota, a header among the first rows) and records the import as "uploaded" with a suggested
 * mapping. Columns Starport does not know are listed for the mapping step, never refused.
 */
export async function uploadProductImport(
  db: Database,
  actor: { userId: string; sellerProfileId: string },
  upload: Upload,
  dataDir: string,
  quotaBytes = DEFAULT_IMPORT_QUOTA_BYTES,
) {
  const folder = join(dataDir, "imports");
  await mkdir(folder, { recursive: true });
  const id = randomUUID();
  const storagePath = join("imports", `${id}.upload`);
  const path = join(dataDir, storagePath);
  let keep = false;
  try {
    try {
      await pipeline(upload.stream, createWriteStream(path));
    } catch {
      // Busboy ends the file stream with an error on a body cut short (no closing boundary).
      throw uploadError("malformed");
    }
    if (upload.stream.truncated) throw uploadError("tooLarge");
    const size = (await stat(path)).size;
    if (size === 0) throw uploadError("empty");
    if ((await storedBytesOf(db, actor.sellerProfileId)) + size > quotaBytes)
      throw uploadError("quotaExceeded");
    const sniffed = await sniffFormat(path);
    if (sniffed === "empty") throw uploadError("empty");
    if (sniffed === "unsupported") throw uploadError("unsupportedType");
    const format: ImportFormat = sniffed;

    const [remembered] = await db
      .select({ mapping: schema.productImportMappings.mapping })
      .from(schema.productImportMappings)
      .where(
        and(
          eq(schema.productImportMappings.userId, actor.userId),
          eq(schema.productImportMappings.sellerProfileId, actor.sellerProfileId),
        ),
      );
    const firstRows: SheetRow[] = [];
    try {
      for await (const sheetRow of readRows(path, format)) {
        firstRows.push(sheetRow);
        // Enough for the header search and the preview below it: the file is read once here.
        if (firstRows.length > HEADER_SEARCH_ROWS + PREVIEW_ROWS) break;
      }
    } catch (cause) {
      // The reader's own message stays with the error for the server log, never for the user.
      throw Object.assign(uploadError(format === "xlsx" ? "unreadable" : "unsupportedType"), {
        cause,
      });
    }
    if (firstRows.length === 0 || firstRows.every((r) => headerCells(r.cells).every((h) => !h)))
      throw uploadError("empty");
    const header = detectHeaderRow(firstRows.slice(0, HEADER_SEARCH_ROWS), remembered?.mapping);
    if (!header) throw uploadError("noHeader");
    const { headers } = header;
    if (!firstRows.some((r) => r.row > header.row)) throw uploadError("noRows");
    const { mapping, unmapped } = suggestMapping(headers, remembered?.mapping);

    const [author] = await db
      .select({ name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.id, actor.userId));
    const [row] = await db
      .insert(schema.productImports)
      .values({
        id,
        sellerProfileId: actor.sellerProfileId,
        userId: actor.userId,
        authorName: author?.name ?? "",
        fileName: upload.fileName.slice(0, 255) || "upload",
        format,
        fileSize: size,
        storagePath,
        headers,
        headerRow: header.row,
      })
      .returning();
    keep = true;
    return {
      import: `/api/product_imports/${row!.id}`,
      fileName: row!.fileName,
      format,
      headerRow: header.row,
      headers,
      mapping,
      unmapped,
      fields: IMPORT_FIELD_NAMES,
      preview: await previewOf(firstRows, headers, mapping, header.row),
    };
  } finally {
    if (!keep) await rm(path, { force: true });
  }
}
