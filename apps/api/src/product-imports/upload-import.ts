import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { ValidationError } from "../errors.ts";
import {
  fieldOfHeader,
  IMPORT_FIELD_NAMES,
  type ImportFieldName,
  normaliseHeader,
} from "./fields.ts";
import { previewRows } from "./preview-import.ts";
import { type ImportFormat, readRows, sniffFormat } from "./read-rows.ts";

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Refusals before any job starts: a status and a code the web translates (productImports.error). */
export const UPLOAD_ERRORS = {
  noFile: [400, "No file was uploaded."],
  tooLarge: [413, "The file is larger than 50 MB."],
  unsupportedType: [415, "The file is neither CSV nor XLSX."],
  empty: [422, "The file is empty."],
  unreadable: [422, "The file cannot be read."],
  noHeader: [422, "The first row names no known column."],
  noRows: [422, "The file has a header but no rows."],
  unknownColumns: [422, "The file has columns Starport does not know."],
} as const;
export type UploadErrorCode = keyof typeof UPLOAD_ERRORS;

export function uploadError(code: UploadErrorCode, detail?: string): ValidationError {
  const [status, message] = UPLOAD_ERRORS[code];
  return new ValidationError(
    [{ propertyPath: "file", message: detail ? `${message} ${detail}` : message, code } as never],
    status,
  );
}

export interface Upload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

/**
 * Stores an upload under DATA_DIR/imports, checks it (type, size, header, known columns) and
 * records the import as "uploaded" with a suggested mapping: the user's remembered choice for a
 * header first, then the German and English header names of the field list.
 */
export async function uploadProductImport(
  db: Database,
  actor: { userId: string; sellerProfileId: string },
  upload: Upload,
  dataDir: string,
) {
  const folder = join(dataDir, "imports");
  await mkdir(folder, { recursive: true });
  const id = randomUUID();
  const storagePath = join("imports", `${id}.upload`);
  const path = join(dataDir, storagePath);
  let keep = false;
  try {
    await pipeline(upload.stream, createWriteStream(path));
    if (upload.stream.truncated) throw uploadError("tooLarge");
    const size = (await stat(path)).size;
    if (size === 0) throw uploadError("empty");
    const sniffed = await sniffFormat(path);
    if (sniffed === "empty") throw uploadError("empty");
    if (sniffed === "unsupported") throw uploadError("unsupportedType");
    const format: ImportFormat = sniffed;

    let headers: string[] | null = null;
    let hasRows = false;
    try {
      for await (const { cells } of readRows(path, format)) {
        if (!headers) {
          headers = cells.map((cell) =>
            cell === null || cell === undefined ? "" : String(cell).trim(),
          );
          continue;
        }
        hasRows = true;
        break;
      }
    } catch {
      throw uploadError(format === "xlsx" ? "unreadable" : "unsupportedType");
    }
    if (!headers || headers.every((h) => h === "")) throw uploadError("empty");

    const [remembered] = await db
      .select({ mapping: schema.productImportMappings.mapping })
      .from(schema.productImportMappings)
      .where(
        and(
          eq(schema.productImportMappings.userId, actor.userId),
          eq(schema.productImportMappings.sellerProfileId, actor.sellerProfileId),
        ),
      );
    const mapping: Partial<Record<ImportFieldName, number>> = {};
    const unknown: string[] = [];
    headers.forEach((header, index) => {
      if (header === "") return;
      const memo = remembered?.mapping[normaliseHeader(header)];
      const field =
        memo && (IMPORT_FIELD_NAMES as string[]).includes(memo)
          ? (memo as ImportFieldName)
          : fieldOfHeader(header);
      if (memo === "") return; // remembered as ignored
      if (!field) unknown.push(header);
      else if (mapping[field] === undefined) mapping[field] = index;
    });
    if (Object.keys(mapping).length === 0) throw uploadError("noHeader");
    if (unknown.length) throw uploadError("unknownColumns", unknown.slice(0, 10).join(", "));
    if (!hasRows) throw uploadError("noRows");

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
      })
      .returning();
    keep = true;
    return {
      import: `/api/product_imports/${row!.id}`,
      fileName: row!.fileName,
      format,
      headers,
      mapping,
      fields: IMPORT_FIELD_NAMES,
      preview: await previewRows(path, format, headers, mapping),
    };
  } finally {
    if (!keep) await rm(path, { force: true });
  }
}
