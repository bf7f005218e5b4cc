import { join } from "node:path";
import type { Database } from "@starport/db";
import { displayCell, IMPORT_FIELDS, type ImportFieldName, parseRow } from "./fields.ts";
import type { findImport } from "./find-import.ts";
import { type ImportFormat, readRows } from "./read-rows.ts";

export const PREVIEW_ROWS = 20;

/** The first rows under a mapping, every mapped cell with its value and reason key (or null). */
export async function previewRows(
  path: string,
  format: ImportFormat,
  headers: string[],
  mapping: Partial<Record<ImportFieldName, number>>,
) {
  const rows: { row: number; cells: { field: string; value: string; error: string | null }[] }[] =
    [];
  let header = true;
  for await (const sheetRow of readRows(path, format)) {
    if (header) {
      header = false;
      continue;
    }
    const { errors } = parseRow(sheetRow.cells, mapping, headers);
    rows.push({
      row: sheetRow.row,
      cells: IMPORT_FIELDS.filter((f) => mapping[f.name] !== undefined).map((f) => {
        const index = mapping[f.name]!;
        const error = errors.find((e) => e.column === headers[index]);
        return {
          field: f.name,
          value: displayCell(sheetRow.cells[index]),
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
  return {
    rows: await previewRows(
      join(dataDir, imp.storagePath),
      imp.format as ImportFormat,
      imp.headers,
      mapping,
    ),
  };
}
