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
  "duplicateKey",
  "costAbovePrice",
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

/**
 * Lifecycle stages by the words a seller types: the keys, the app's own German and English labels
 * (catalogue and goal settings: Einführung, Markteinführung, Wachstum, Gewinn, Abverkauf) and
 * common synonyms; compared lower case, letters only (umlauts folded too).
 */
const LIFECYCLE_WORDS: Record<string, schema.LifecycleStage> = Object.fromEntries(
  (
    [
      [
        "launch",
        ["launch", "einführung", "markteinführung", "neueinführung", "introduction", "new"],
      ],
      ["growth", ["growth", "wachstum", "scale", "skalierung"]],
      [
        "profit",
        ["profit", "gewinn", "ertrag", "profitabilität", "rentabilität", "maturity", "reife"],
      ],
      ["clearance", ["clearance", "abverkauf", "ausverkauf", "auslauf", "liquidation", "sell-off"]],
    ] as const
  ).flatMap(([stage, words]) => words.map((word) => [lifecycleWord(word), stage] as const)),
);

function lifecycleWord(input: string): string {
  return input
    .toLowerCase()
    .replace(/ä/g, "a")
    .replace(/ö/g, "o")
    .replace(/ü/g, "u")
    .replace(/ß/g, "ss")
    .replace(/[^a-z]/g, "");
}

/** Excel's day number (1900 system, 25569 = 1970-01-01) as YYYY-MM-DD; null outside 1990–2200. */
function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 32874 || serial > 109575) return null;
  return new Date(Math.round((Math.floor(serial) - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

export const TAG_MAX_LENGTH = 64;
export const TAGS_PER_ROW = 50;

export const IMPORT_FIELDS = [
  {
    name: "sku",
    key: true,
    template: { de: "SKU", en: "SKU" },
    aliases: [
      "sku",
      "sellersku",
      "artikelnummer",
      "artikelnr",
      "artnr",
      "merchantsku",
      "händlersku",
      "handlersku",
      "verkäufersku",
      "itemsku",
    ],
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
    // What ERPs and spreadsheets call a unit's cost, German and English ("Einkaufspreis
    // (netto)", "EK netto", "COGS", "Unit cost" …), compared normalised.
    aliases: [
      "cost",
      "costs",
      "costofgoods",
      "costofgoodssold",
      "cogs",
      "unitcost",
      "costperunit",
      "purchaseprice",
      "purchasecost",
      "buyingprice",
      "landedcost",
      "netcost",
      "einkaufspreis",
      "einkaufspreisnetto",
      "nettoeinkaufspreis",
      "einstandspreis",
      "einstandspreisnetto",
      "kosten",
      "ek",
      "eknetto",
      "ekpreis",
      "ekpreisnetto",
      "warenkosten",
      "wareneinsatz",
      "stückkosten",
      "stückpreis",
      "selbstkosten",
      "herstellkosten",
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
    aliases: [
      "validfrom",
      "costvalidfrom",
      "effectivefrom",
      "effectivedate",
      "gültigab",
      "gultigab",
      "gueltigab",
      "gültigkeitab",
      "abdatum",
    ],
    example: { de: "31.12.2026", en: "2026-12-31" },
    parse: (cell) => {
      // A number from a spreadsheet is a date serial (a formula's date result comes as one).
      const value = typeof cell === "number" ? excelSerialDate(cell) : parseLocaleDate(cell);
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
      const stage = LIFECYCLE_WORDS[lifecycleWord(text(cell).normalize("NFC"))];
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

/** Qualifiers a header may carry beside a field's name: "Einkaufspreis (netto)", "Cost EUR". */
const QUALIFIERS =
  /\b(netto|net|brutto|gross|eur|usd|gbp|chf|sek|pln|in|je|pro|per|stück|stk|unit)\b|[€$£]/gi;

/**
 * The field a header names, if any: the header as it is, without what stands in brackets, or
 * without qualifiers such as currencies and "netto".
 */
export function fieldOfHeader(header: string): ImportFieldName | undefined {
  const withoutBrackets = header.replace(/[([{].*?[)\]}]/g, " ");
  for (const candidate of [header, withoutBrackets, withoutBrackets.replace(QUALIFIERS, " ")]) {
    const normalised = normaliseHeader(candidate);
    const field = normalised ? BY_HEADER.get(normalised) : undefined;
    if (field) return field;
  }
  return undefined;
}

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
