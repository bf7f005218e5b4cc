import type { Readable } from "node:stream";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { stringify } from "csv-stringify";
import { asc, count, eq } from "drizzle-orm";
import { IMPORT_FIELDS, type ImportReason } from "./fields.ts";
import { CSV_HEADERS, REASON_TEXTS } from "./reason-texts.ts";

const PAGE = 100;

/** One page of an import's row errors, in file order. */
export async function listImportErrors(db: Database, importId: string, page: number) {
  const t = schema.productImportErrors;
  const [total] = await db.select({ n: count() }).from(t).where(eq(t.importId, importId));
  const member = await db
    .select({ row: t.row, column: t.column, value: t.value, reason: t.reason })
    .from(t)
    .where(eq(t.importId, importId))
    .orderBy(asc(t.row), asc(t.seq))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { totalItems: Number(total?.n ?? 0), member };
}

/** Every row error as CSV (`;`, BOM for spreadsheets), streamed page by page from the database. */
export function importErrorsCsv(db: Database, importId: string, lang: "de" | "en"): Readable {
  const csv = stringify({ delimiter: lang === "de" ? ";" : ",", bom: true });
  void (async () => {
    try {
      csv.write([...CSV_HEADERS[lang]]);
      for (let page = 1; ; page += 1) {
        const { member } = await listImportErrors(db, importId, page);
        for (const e of member)
          csv.write([
            e.row,
            e.column,
            e.value,
            REASON_TEXTS[lang][e.reason as ImportReason] ?? e.reason,
          ]);
        if (member.length < PAGE) break;
      }
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
