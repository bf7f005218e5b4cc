import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { ValidationError } from "../errors.ts";
import { readRows, type SheetRow, sniffFormat } from "../product-imports/read-rows.ts";
import { KEYWORD_LIST_VIOLATIONS, type KeywordListViolationCode } from "../violation-catalogue.ts";

/**
 * A keyword list uploaded for an ad group's keyword recommendations (issue 21 §2, the "own
 * ideas" tab): CSV or XLSX read with the product import's reader, one keyword a row — the first
 * column, or the column headed keyword / Keyword-Text — with optional match type and bid columns.
 * Answers the lines only: the web checks each as it checks pasted text (duplicates, existing
 * keywords and negatives, length, characters). At most 1 MB and 5,000 lines.
 */

export const MAX_KEYWORD_LIST_BYTES = 1024 * 1024;
export const MAX_KEYWORD_LIST_LINES = 5000;

/** Refusals with a status and a code the web translates (keywordRecs.user.import.error). */
export type KeywordListErrorCode = KeywordListViolationCode;

export function keywordListError(code: KeywordListErrorCode): ValidationError {
  const [status, message] = KEYWORD_LIST_VIOLATIONS[code];
  return new ValidationError([{ propertyPath: "file", message, code }], status);
}

export const keywordListLine = z.object({
  /** The row in the file (the header is row 1). */
  row: z.number().int(),
  keywordText: z.string(),
  matchType: z.enum(["EXACT", "PHRASE", "BROAD"]).nullable(),
  bid: z.number().nullable(),
});
export type KeywordListLine = z.infer<typeof keywordListLine>;
export const keywordListResult = z.object({ lines: z.array(keywordListLine) });

const normalise = (cell: unknown) =>
  String(cell ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

const KEYWORD_HEADERS = new Set([
  "keyword",
  "keywords",
  "keyword text",
  "keywordtext",
  "suchbegriff",
]);
const MATCH_HEADERS = new Set([
  "match type",
  "matchtype",
  "match",
  "übereinstimmungstyp",
  "passungstyp",
]);
const BID_HEADERS = new Set(["bid", "gebot", "keyword bid", "max bid", "cpc"]);
const MATCH_VALUES: Record<string, KeywordListLine["matchType"]> = {
  exact: "EXACT",
  genau: "EXACT",
  phrase: "PHRASE",
  wortgruppe: "PHRASE",
  broad: "BROAD",
  weitgehend: "BROAD",
};

const text = (cell: unknown) =>
  cell === null || cell === undefined
    ? ""
    : cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : String(cell);

/** A bid cell: a number, or text with a decimal comma or point (thousands not expected). */
function bidOf(cell: unknown): number | null {
  if (typeof cell === "number") return Number.isFinite(cell) && cell > 0 ? cell : null;
  const raw = text(cell)
    .trim()
    .replace(/[€$£\s]/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(raw)) return null;
  const bid = Number.parseFloat(raw);
  return bid > 0 ? bid : null;
}

/**
 * Pure: the keyword lines of the rows read. A first row naming a keyword column is the header
 * (then match type and bid columns are read too); otherwise every row is a keyword in its first
 * column. A cell's line breaks and runs of spaces become one space (a cell is one keyword).
 */
export function keywordLinesOf(rows: readonly SheetRow[]): KeywordListLine[] {
  const first = rows[0];
  const headers = first ? first.cells.map(normalise) : [];
  const keywordColumn = headers.findIndex((h) => KEYWORD_HEADERS.has(h));
  const hasHeader = keywordColumn >= 0;
  const column = hasHeader ? keywordColumn : 0;
  const matchColumn = hasHeader ? headers.findIndex((h) => MATCH_HEADERS.has(h)) : -1;
  const bidColumn = hasHeader ? headers.findIndex((h) => BID_HEADERS.has(h)) : -1;
  return (hasHeader ? rows.slice(1) : rows).map((sheetRow) => ({
    row: sheetRow.row,
    keywordText: text(sheetRow.cells[column]).trim().replace(/\s+/g, " "),
    matchType:
      matchColumn >= 0 ? (MATCH_VALUES[normalise(sheetRow.cells[matchColumn])] ?? null) : null,
    bid: bidColumn >= 0 ? bidOf(sheetRow.cells[bidColumn]) : null,
  }));
}

/**
 * Reads an uploaded keyword list: stored in a temporary folder for the reader (deleted after),
 * checked (complete, at most 1 MB, CSV or XLSX, at most 5,000 lines) and answered as lines.
 */
export async function readKeywordList(upload: {
  stream: Readable & { truncated?: boolean };
}): Promise<{ lines: KeywordListLine[] }> {
  const folder = await mkdtemp(join(tmpdir(), "starport-keywords-"));
  const path = join(folder, "list.upload");
  try {
    try {
      await pipeline(upload.stream, createWriteStream(path));
    } catch {
      throw keywordListError("malformed");
    }
    if (upload.stream.truncated) throw keywordListError("tooLarge");
    const format = await sniffFormat(path);
    if (format === "empty") throw keywordListError("empty");
    if (format === "unsupported") throw keywordListError("unsupportedType");
    const rows: SheetRow[] = [];
    try {
      for await (const row of readRows(path, format)) {
        rows.push(row);
        // One more than the limit: a header row is not a line.
        if (rows.length > MAX_KEYWORD_LIST_LINES + 1) throw keywordListError("tooManyLines");
      }
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      throw keywordListError("unreadable");
    }
    const lines = keywordLinesOf(rows);
    if (lines.length > MAX_KEYWORD_LIST_LINES) throw keywordListError("tooManyLines");
    if (lines.length === 0) throw keywordListError("empty");
    return { lines };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
