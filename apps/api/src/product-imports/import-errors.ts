import type { Readable } from "node:stream";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { stringify } from "csv-stringify";
import { asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { IMPORT_FIELDS, type ImportReason } from "./fields.ts";
import { CSV_HEADERS, REASON_TEXTS } from "./reason-texts.ts";

const PAGE = 100;

/** A page of row errors as GET /api/product_imports/{id}/errors answers it. */
export const importErrorsPage = z.object({
  totalItems: z.number().int(),
  member: z.array(
    z.object({
      row: z.number().int(),
      column: z.string(),
      value: z.string(),
      reason: z.string(),
      severity: z.enum(["error", "warning"]),
      relatedRow: z.number().int().nullable().describe("the other row of a duplicate"),
    }),
  ),
});

/** One page of an import's row errors and warnings, in file order. */
export async function listImportErrors(db: Database, importId: string, page: number) {
  const t = schema.productImportErrors;
  const [total] = await db.select({ n: count() }).from(t).where(eq(t.importId, importId));
  const member = await db
    .select({
      row: t.row,
      column: t.column,
      value: t.value,
      reason: t.reason,
      severity: t.severity,
      relatedRow: t.relatedRow,
    })
    .from(t)
    .where(eq(t.importId, importId))
    .orderBy(asc(t.row), asc(t.seq))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { totalItems: Number(total?.n ?? 0), member };
}

export const reasonText = (lang: "de" | "en", reason: string, relatedRow: number | null) =>
  (REASON_TEXTS[lang][reason as ImportReason] ?? reason).replaceAll(
    "{{row}}",
    String(relatedRow ?? ""),
  );

/**
 * The rows with errors or warnings as CSV (`;` in German, `,` in English, BOM for spreadsheets),
 * one line per row: the row's original cells under the file's own headers, then row, columns,
 * values and reasons. Corrected, it uploads again as it is (the four added columns are ignored).
 * Streamed page by page from the database.
 */
export function importErrorsCsv(
  db: Database,
  imp: { id: string; headers: string[] },
  lang: "de" | "en",
): Readable {
  const csv = stringify({ delimiter: lang === "de" ? ";" : ",", bom: true });
  const t = schema.productImportErrors;
  const width = imp.headers.length;
  void (async () => {
    try {
      csv.write([...imp.headers, ...CSV_HEADERS[lang]]);
      type Line = { row: number; cells: string[]; parts: [string, string, string][] };
      let current: Line | undefined;
      const flush = (line: Line | undefined) => {
        if (!line) return;
        const cells = Array.from({ length: width }, (_, i) => line.cells[i] ?? "");
        const join = (i: 0 | 1 | 2) => line.parts.map((part) => part[i]).join(" | ");
        csv.write([...cells, line.row, join(0), join(1), join(2)]);
      };
      for (let offset = 0; ; offset += PAGE) {
        const member = await db
          .select({
            row: t.row,
            column: t.column,
            value: t.value,
            reason: t.reason,
            relatedRow: t.relatedRow,
            cells: t.cells,
          })
          .from(t)
          .where(eq(t.importId, imp.id))
          .orderBy(asc(t.row), asc(t.seq))
          .limit(PAGE)
          .offset(offset);
        for (const e of member) {
          if (current?.row !== e.row) {
            flush(current);
            current = { row: e.row, cells: e.cells ?? [], parts: [] };
          }
          current.parts.push([e.column, e.value, reasonText(lang, e.reason, e.relatedRow)]);
        }
        if (member.length < PAGE) break;
      }
      flush(current);
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

/** The template: every field's header in the language and one example row. */
export function importTemplateCsv(lang: "de" | "en"): string {
  const sep = lang === "de" ? ";" : ",";
  const quote = (v: string) => (/[;,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\ufeff${[
    IMPORT_FIELDS.map((f) => quote(f.template[lang])).join(sep),
    IMPORT_FIELDS.map((f) => quote(f.example[lang])).join(sep),
  ].join("\r\n")}\r\n`;
}
