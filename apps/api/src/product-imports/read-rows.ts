import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { parse } from "csv-parse";
import type { CellValue } from "./fields.ts";
import { readXlsxInWorker } from "./read-xlsx-in-worker.ts";

/**
 * Streams the rows of an uploaded spreadsheet without holding the file in memory: csv-parse for
 * CSV (BOM, `;` `,` or tab sniffed from the header line, quoted newlines), exceljs' streaming
 * WorkbookReader in a worker thread for XLSX (first worksheet). Row numbers are the file's (the header is row 1).
 */

export type ImportFormat = "csv" | "xlsx";

export interface SheetRow {
  row: number;
  cells: CellValue[];
}

/** What the first bytes say: xlsx (a zip), csv (UTF-8 text), empty, or neither. */
export async function sniffFormat(path: string): Promise<ImportFormat | "empty" | "unsupported"> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "xlsx";
    const text = head.toString("utf8").replace(/^\ufeff/, "");
    if (text.trim() === "") return "empty";
    if (head.includes(0)) return "unsupported";
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    } catch {
      return "unsupported";
    }
    return "csv";
  } finally {
    await handle.close();
  }
}

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes. */
export async function sniffDelimiter(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const counts: Record<string, number> = { ";": 0, ",": 0, "\t": 0 };
    let quoted = false;
    for (const char of buffer.subarray(0, bytesRead).toString("utf8")) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && (char === "\n" || char === "\r")) break;
      else if (!quoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
    }
    return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
  } finally {
    await handle.close();
  }
}

/** Rows between two turns of the event loop: a large file never holds up other requests long. */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every row of the file, header first. For XLSX, `onLastRow` gets the last row of the sheet's
 * declared range (`<dimension>`) when the reader reaches it, before the first rows.
 */
export async function* readRows(
  path: string,
  format: ImportFormat,
  onLastRow?: (lastRow: number) => void,
): AsyncGenerator<SheetRow> {
  if (format === "csv") {
    const delimiter = await sniffDelimiter(path);
    const parser = createReadStream(path).pipe(
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        relax_quotes: true,
        info: true,
      }),
    );
    let count = 0;
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        count += 1;
        if (count % ROWS_PER_TURN === 0) await nextTurn();
        // The line the record starts on, as a spreadsheet numbers it (empty lines skipped
        // count; a quoted line break inside a cell does not start a row).
        let breaks = 0;
        for (const cell of record) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
        yield { row: info.lines - breaks, cells: record };
      }
    } finally {
      parser.destroy();
    }
    return;
  }
  // exceljs' streaming reader has timing races under load: its unzipper can end a pull early
  // ("FILE_ENDED": the zip stream finished while an entry was still being read), and a worksheet
  // can be parsed before the workbook part (exceljs#3064); valid files were refused on a busy
  // machine with more than one message. The file on disk does not change, so a failed read starts
  // again, past the rows already given; a broken file fails the same way every time and stays
  // unreadable (its last error is the one thrown).
  let given = 0;
  for (let attempt = 1; ; attempt++) {
    let seen = 0;
    try {
      for await (const sheetRow of readXlsxInWorker(path, onLastRow)) {
        seen += 1;
        if (seen <= given) continue;
        given = seen;
        yield sheetRow;
      }
      return;
    } catch (error) {
      if (attempt >= XLSX_READ_ATTEMPTS) throw error;
    }
  }
}

const XLSX_READ_ATTEMPTS = 3;

/**
 * Counts the data rows (every row after the header row), streaming: for CSV the non-empty lines
 * outside quotes, read as bytes (a twentieth of a full parse; a line of empty cells counts, so
 * the job sets the exact total when it ends), for XLSX the rows the reader yields.
 */
export async function countDataRows(
  path: string,
  format: ImportFormat,
  headerRow = 1,
): Promise<number> {
  if (format === "csv") return Math.max(0, (await countCsvLines(path)) + 1 - headerRow);
  let count = 0;
  for await (const { row } of readRows(path, format)) if (row > headerRow) count += 1;
  return count;
}

async function countCsvLines(path: string): Promise<number> {
  const QUOTE = 0x22;
  const LF = 0x0a;
  const CR = 0x0d;
  let lines = 0;
  let quoted = false;
  let content = false;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === QUOTE) {
        quoted = !quoted;
        content = true;
      } else if (byte === LF && !quoted) {
        if (content) lines += 1;
        content = false;
      } else if (byte !== CR) content = true;
    }
  }
  if (content) lines += 1;
  return Math.max(0, lines - 1);
}
