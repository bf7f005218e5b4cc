/**
 * One term per thing: a Hangar table's export writes the headers and coded values the screen
 * shows for the same column (issue 17 §13: "Ausrichtung" in the file beside "Targeting" on the
 * screen, "PAUSED" beside "Pausiert"). Reads the web's resources, so a renamed column or value
 * fails here until the export says the same.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ColumnDef, TABLES } from "../../web/app/components/hangar/tables.ts";
import { exportHeader } from "../src/hydra/export.ts";
import { VALUE_LABELS } from "../src/hydra/export-labels.ts";

type Tree = { [key: string]: string | Tree };
const resources = {
  de: JSON.parse(readFileSync(new URL("../../web/app/i18n/de.json", import.meta.url), "utf8")),
  en: JSON.parse(readFileSync(new URL("../../web/app/i18n/en.json", import.meta.url), "utf8")),
} as Record<"de" | "en", Tree>;

function text(locale: "de" | "en", key: string): string | undefined {
  let node: string | Tree | undefined = resources[locale];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

describe.each(["de", "en"] as const)("export terms in %s", (locale) => {
  it("heads every exported Hangar column as the table does", () => {
    for (const table of Object.values(TABLES)) {
      const resourcePath = table.path.replace("/api/", "");
      for (const column of table.columns as ColumnDef[]) {
        const fields = column.exportAs ?? [column.key];
        // Several fields of one column (placements, flags) each name their part.
        if (fields.length !== 1) continue;
        const field = column.metric ? column.metric : fields[0]!;
        expect(exportHeader(field, locale, resourcePath), `${table.key}.${column.key}`).toBe(
          text(locale, column.label),
        );
      }
    }
  });

  it("words every coded value as the screens do", () => {
    for (const [code, words] of Object.entries(VALUE_LABELS)) {
      const shown =
        text(locale, `hangar.state.${code}`) ??
        text(locale, `hangar.enum.${code}`) ??
        text(locale, `hangar.placement.${code}`);
      expect(words[locale], code).toBe(shown);
    }
  });
});
