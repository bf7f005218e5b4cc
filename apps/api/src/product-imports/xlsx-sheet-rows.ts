import type ExcelJS from "exceljs";
import { loadExcelJS } from "../xlsx/load-exceljs.ts";
import type { CellValue } from "./fields.ts";
import type { SheetRow } from "./read-rows.ts";

/**
 * The non-empty rows of an XLSX file's first worksheet, read by exceljs' streaming
 * WorkbookReader in the calling thread. It caches every shared string of the file and, when the
 * shared strings come after the sheet (as Excel writes them), parses the whole sheet into a
 * temporary file first, so the server runs it in a worker thread (xlsx-rows-worker.ts).
 */
export async function* readSheetRows(
  path: string,
  onLastRow?: (lastRow: number) => void,
): AsyncGenerator<SheetRow> {
  const reader = new (loadExcelJS().stream.xlsx.WorkbookReader)(path, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  for await (const worksheet of reader) {
    if (onLastRow) {
      const sheet = worksheet as unknown as { iterator: AsyncIterable<Buffer | string> };
      sheet.iterator = watchDimension(sheet.iterator, onLastRow);
    }
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells = values.slice(1).map(xlsxCell);
      if (cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === "")))
        continue;
      yield { row: row.number, cells };
    }
    break;
  }
}

/** How far into the sheet's XML its `<dimension>` is looked for (it comes before the rows). */
const DIMENSION_SCAN_BYTES = 64 * 1024;

/**
 * The sheet's XML passed on unchanged; the last row of its declared range
 * (`<dimension ref="A1:D400001"/>`, which Excel and exceljs write before the rows) goes to
 * `onLastRow` as soon as it is seen. A sheet without one (or with a single cell) reports nothing.
 */
export async function* watchDimension(
  chunks: AsyncIterable<Buffer | string>,
  onLastRow: (lastRow: number) => void,
): AsyncGenerator<Buffer | string> {
  let head = "";
  let looking = true;
  for await (const chunk of chunks) {
    if (looking) {
      head += typeof chunk === "string" ? chunk : chunk.toString("latin1");
      const found = /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]*\d*:?[A-Z]*(\d+)"/.exec(head);
      if (found) {
        looking = false;
        onLastRow(Number(found[1]));
      } else if (/<(?:\w+:)?sheetData\b/.test(head) || head.length > DIMENSION_SCAN_BYTES)
        looking = false;
      if (!looking) head = "";
    }
    yield chunk;
  }
}

/**
 * A cell as the sheet shows it: a formula's cached result (Excel stores it beside the formula;
 * the streaming reader gives a date result as its serial number), the formula itself when the
 * file holds no result (then the field reports what it got instead of "[object Object]"), an
 * error value as its text (#DIV/0!).
 */
export function xlsxCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string" || value instanceof Date) return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join("");
    if ("formula" in value || "sharedFormula" in value) {
      const formula = value as { formula?: string; sharedFormula?: string; result?: unknown };
      if (formula.result !== undefined && formula.result !== null)
        return xlsxCell(formula.result as ExcelJS.CellValue);
      const text = formula.formula || formula.sharedFormula;
      return text ? `=${text}` : null;
    }
    if ("result" in value) return xlsxCell(value.result as ExcelJS.CellValue);
    if ("error" in value) return String(value.error);
    if ("text" in value) return xlsxCell(value.text as ExcelJS.CellValue);
    if ("hyperlink" in value) return String(value.hyperlink);
    return null;
  }
  return String(value);
}
