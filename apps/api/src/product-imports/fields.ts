import type { schema } from "@starport/db";
import { normalizeMarketplaceCode } from "@starport/marketplaces";
import { parseLocaleDate, parseLocaleNumber } from "./locale-values.ts";

/**
 * The one declaration of what a product import can set (issue 11 §4): each field's name, the
 * headers it is recognised by (German and English, compared normalised), the template headers and
 * how a cell becomes a value or a row error (a reason key the web translates under
 * `productImports.reason.<key>`). Later issues add their per-product fields here.
 */

export type CellValue = string | number | Date | null | undefined;
export type CellResult<T> = { value: T } | { error: ImportReason } | null;

export const IMPORT_REASONS = [
  "missingKey",
  "unknownProduct",
  "notANumber",
  "negative",
  "tooLarge",
  "tooManyDecimals",
  "invalidDate",
  "invalidCurrency",
  "invalidMarketplace",
  "invalidLifecycle",
  "tagTooLong",
  "tooManyTags",
  "tooLong",
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

interface FieldSpec<T> {
  name: string;
  /** Header in the template, per language. */
  template: { de: string; en: string };
  /** Further headers that map to this field (normalised: lower case, letters and digits only). */
  aliases: string[];
  /** Identifies the product (sku, asin, marketplace) rather than setting a value. */
  key?: boolean;
  /** Example cell of the template. */
  example: { de: string; en: string };
  parse(cell: Exclude<CellValue, null | undefined>): CellResult<T>;
}

export const text = (cell: Exclude<CellValue, null | undefined>) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();

export const money = (cell: Exclude<CellValue, null | undefined>): CellResult<number> => {
  const parsed = parseLocaleNumber(typeof cell === "number" ? cell : text(cell));
  if (!parsed || parsed.percent) return { error: "notANumber" };
  if (parsed.value < 0) return { error: "negative" };
  if (parsed.value > 1_000_000) return { error: "tooLarge" };
  if (Math.abs(Math.round(parsed.value * 100) - parsed.value * 100) > 1e-6)
    return { error: "tooManyDecimals" };
  return { value: Math.round(parsed.value * 100) / 100 };
};

const LIFECYCLE_WORDS: Record<string, schema.LifecycleStage> = {
  launch: "launch",
  einfuhrung: "launch",
  einführung: "launch",
  markteinfuhrung: "launch",
  markteinführung: "launch",
  growth: "growth",
  wachstum: "growth",
  profit: "profit",
  ertrag: "profit",
  clearance: "clearance",
  abverkauf: "clearance",
};

export const TAG_MAX_LENGTH = 64;
export const TAGS_PER_ROW = 50;

export const IMPORT_FIELDS = [
  {
    name: "sku",
    key: true,
    template: { de: "SKU", en: "SKU" },
    aliases: ["sku", "sellersku", "artikelnummer", "merchantsku", "händlersku", "handlersku"],
    example: { de: "SKU-0001", en: "SKU-0001" },
    parse: (cell) => {
      const value = text(cell);
      return value.length > 200 ? { error: "tooLong" } : { value };
    },
  } satisfies FieldSpec<string>,
  {
    name: "asin",
    key: true,
    template: { de: "ASIN", en: "ASIN" },
    aliases: ["asin"],
    example: { de: "B00EXAMPLE", en: "B00EXAMPLE" },
    parse: (cell) => {
      const value = text(cell).toUpperCase();
      return value.length > 20 ? { error: "tooLong" } : { value };
    },
  } satisfies FieldSpec<string>,
  {
    name: "marketplace",
    key: true,
    template: { de: "Marktplatz", en: "Marketplace" },
    aliases: ["marketplace", "marktplatz", "land", "country"],
    example: { de: "DE", en: "DE" },
    parse: (cell) => {
      const code = normalizeMarketplaceCode(text(cell));
      return code ? { value: code } : { error: "invalidMarketplace" };
    },
  } satisfies FieldSpec<string>,
  {
    name: "cost",
    template: { de: "Einkaufspreis", en: "Cost" },
    aliases: [
      "cost",
      "costofgoods",
      "unitcost",
      "einkaufspreis",
      "kosten",
      "ek",
      "ekpreis",
      "warenkosten",
      "stückkosten",
    ],
    example: { de: "1.234,56", en: "1,234.56" },
    parse: money,
  } satisfies FieldSpec<number>,
  {
    name: "costCurrency",
    template: { de: "Währung", en: "Currency" },
    aliases: ["currency", "costcurrency", "währung", "wahrung", "waehrung"],
    example: { de: "EUR", en: "EUR" },
    parse: (cell) => {
      const value = text(cell).toUpperCase().replace("€", "EUR");
      return /^[A-Z]{3}$/.test(value) ? { value } : { error: "invalidCurrency" };
    },
  } satisfies FieldSpec<string>,
  {
    name: "costValidFrom",
    template: { de: "Gültig ab", en: "Valid from" },
    aliases: ["validfrom", "costvalidfrom", "gültigab", "gultigab", "gueltigab"],
    example: { de: "31.12.2026", en: "2026-12-31" },
    parse: (cell) => {
      const value = parseLocaleDate(typeof cell === "number" ? String(cell) : cell);
      return value ? { value } : { error: "invalidDate" };
    },
  } satisfies FieldSpec<string>,
  {
    name: "shippingCost",
    template: { de: "Versandkosten", en: "Shipping cost" },
    aliases: ["shippingcost", "shipping", "versandkosten", "versand"],
    example: { de: "3,50", en: "3.50" },
    parse: money,
  } satisfies FieldSpec<number>,
  {
    name: "tags",
    template: { de: "Tags", en: "Tags" },
    aliases: ["tags", "tag", "schlagworte", "labels"],
    example: { de: "bestseller, sommer", en: "bestseller, summer" },
    parse: (cell) => {
      const list = [
        ...new Set(
          text(cell)
            .split(/[,|]/)
            .map((tag) => tag.trim())
            .filter(Boolean),
        ),
      ];
      if (list.some((tag) => tag.length > TAG_MAX_LENGTH)) return { error: "tagTooLong" };
      if (list.length > TAGS_PER_ROW) return { error: "tooManyTags" };
      return { value: list.sort() };
    },
  } satisfies FieldSpec<string[]>,
  {
    name: "lifecycle",
    template: { de: "Lebenszyklus", en: "Lifecycle" },
    aliases: ["lifecycle", "lifecyclestage", "lebenszyklus", "phase"],
    example: { de: "Wachstum", en: "growth" },
    parse: (cell) => {
      const stage =
        LIFECYCLE_WORDS[
          text(cell)
            .toLowerCase()
            .replace(/[^a-zäöüß]/g, "")
        ];
      return stage ? { value: stage } : { error: "invalidLifecycle" };
    },
  } satisfies FieldSpec<schema.LifecycleStage>,
  {
    name: "notes",
    template: { de: "Notizen", en: "Notes" },
    aliases: [
      "notes",
      "note",
      "notiz",
      "notizen",
      "bemerkung",
      "bemerkungen",
      "kommentar",
      "comment",
    ],
    example: { de: "Neue Verpackung ab März", en: "New packaging from March" },
    parse: (cell) => {
      const value = text(cell).replace(/\r\n?/g, "\n");
      return value.length > 5000 ? { error: "tooLong" } : { value };
    },
  } satisfies FieldSpec<string>,
] as const;

export type ImportFieldName = (typeof IMPORT_FIELDS)[number]["name"];
export const IMPORT_FIELD_NAMES = IMPORT_FIELDS.map((f) => f.name) as ImportFieldName[];

export const normaliseHeader = (header: string) =>
  header
    .toLowerCase()
    .replace(/^\ufeff/, "")
    .replace(/[^a-z0-9äöüß]/g, "");

const BY_HEADER = new Map<string, ImportFieldName>(
  IMPORT_FIELDS.flatMap((field) =>
    [field.name, field.template.de, field.template.en, ...field.aliases].map(
      (header) => [normaliseHeader(header), field.name] as const,
    ),
  ),
);

/** The field a header names, if any. */
export const fieldOfHeader = (header: string): ImportFieldName | undefined =>
  BY_HEADER.get(normaliseHeader(header));

export type ParsedRow = Partial<{
  sku: string;
  asin: string;
  marketplace: string;
  cost: number;
  costCurrency: string;
  costValidFrom: string;
  shippingCost: number;
  tags: string[];
  lifecycle: schema.LifecycleStage;
  notes: string;
}>;

export interface CellError {
  column: string;
  value: string;
  reason: ImportReason;
}

/** Parses one data row under a mapping (field → column index); empty cells leave a field as it is. */
export function parseRow(
  cells: readonly CellValue[],
  mapping: Partial<Record<ImportFieldName, number>>,
  headers: readonly string[],
): { row: ParsedRow; errors: CellError[] } {
  const row: Record<string, unknown> = {};
  const errors: CellError[] = [];
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field.name];
    if (index === undefined) continue;
    const cell = cells[index];
    if (cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === ""))
      continue;
    const result = (field.parse as (c: typeof cell) => CellResult<unknown>)(cell);
    if (!result) continue;
    if ("error" in result)
      errors.push({
        column: headers[index] ?? field.name,
        value: displayCell(cell),
        reason: result.error,
      });
    else row[field.name] = result.value;
  }
  if (!row.sku && !row.asin && !errors.some((e) => e.column === headers[mapping.sku ?? -1]))
    errors.push({
      column: headers[mapping.sku ?? mapping.asin ?? 0] ?? "sku",
      value: "",
      reason: "missingKey",
    });
  return { row: row as ParsedRow, errors };
}

export const displayCell = (cell: CellValue): string =>
  cell === null || cell === undefined
    ? ""
    : cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : String(cell).slice(0, 500);
