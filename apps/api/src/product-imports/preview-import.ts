import { join } from "node:path";
import type { Database } from "@starport/db";
import { ValidationError } from "../errors.ts";
import { importViolation } from "../violation-catalogue.ts";
import {
  type CellResult,
  displayCell,
  IMPORT_FIELDS,
  type ImportFieldName,
  parseRow,
} from "./fields.ts";
import type { findImport } from "./find-import.ts";
import { type ImportFormat, readRows, type SheetRow } from "./read-rows.ts";

export const PREVIEW_ROWS = 20;

export interface PreviewCell {
  field: string;
  /** The cell as the file holds it. */
  value: string;
  /** The value as the import reads it (number, YYYY-MM-DD, list, stage); null if empty or wrong. */
  parsed: number | string | string[] | null;
  error: string | null;
}

/** The first data rows (after the header row) under a mapping, each mapped cell as read. */
export async function previewRows(
  path: string,
  format: ImportFormat,
  headers: string[],
  mapping: Partial<Record<ImportFieldName, number>>,
  headerRow = 1,
) {
  return previewOf(readRows(path, format), headers, mapping, headerRow);
}

/** The preview from rows at hand (the upload keeps its first rows: no second pass over a file). */
export async function previewOf(
  source: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  headers: string[],
  mapping: Partial<Record<ImportFieldName, number>>,
  headerRow = 1,
) {
  const rows: { row: number; cells: PreviewCell[] }[] = [];
  for await (const sheetRow of source) {
    if (sheetRow.row <= headerRow) continue;
    const { errors } = parseRow(sheetRow.cells, mapping, headers);
    rows.push({
      row: sheetRow.row,
      cells: IMPORT_FIELDS.filter((f) => mapping[f.name] !== undefined).map((f) => {
        const index = mapping[f.name]!;
        const cell = sheetRow.cells[index];
        const error = errors.find((e) => e.column === (headers[index] ?? f.name));
        const empty =
          cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
        const result = empty
          ? null
          : (f.parse as (c: NonNullable<typeof cell>) => CellResult<unknown>)(cell!);
        return {
          field: f.name,
          value: displayCell(cell),
          parsed: result && "value" in result ? (result.value as number | string | string[]) : null,
          error: error?.reason ?? null,
        };
      }),
    });
    if (rows.length >= PREVIEW_ROWS) break;
  }
  return rows;
}

/** The preview of an uploaded import under the mapping the user is choosing. */
export async function previewProductImport(
  _db: Database,
  imp: Awaited<ReturnType<typeof findImport>>,
  mapping: Partial<Record<ImportFieldName, number>>,
  dataDir: string,
) {
  // Only an upload not yet started has its file (a done import's file is deleted).
  if (imp.status !== "uploaded" || imp.fileDeletedAt)
    throw new ValidationError([importViolation("status", "alreadyStarted")]);
  return {
    rows: await previewRows(
      join(dataDir, imp.storagePath),
      imp.format as ImportFormat,
      imp.headers,
      mapping,
      imp.headerRow,
    ),
  };
}
