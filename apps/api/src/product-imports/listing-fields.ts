import type { CellError, CellResult, CellValue } from "./fields.ts";
import { displayCell, IMPORT_FIELDS, money, text } from "./fields.ts";

/**
 * What an import from Amazon carries (issue 11 §4, "import from Amazon"): the columns of the
 * SP-API merchant listings report (GET_MERCHANT_LISTINGS_ALL_DATA) that make Amazon's view of a
 * listing, keyed by the report's header. The job keeps these columns, in this order, in the file
 * it stores, so the mapping is the field list itself.
 */
const sku = IMPORT_FIELDS.find((f) => f.name === "sku")!;
const asin = IMPORT_FIELDS.find((f) => f.name === "asin")!;

type Cell = Exclude<CellValue, null | undefined>;
const limited =
  (max: number) =>
  (cell: Cell): CellResult<string> => {
    const value = text(cell);
    return value.length > max ? { error: "tooLong" } : { value };
  };

export const LISTING_FIELDS = [
  { name: "sku", column: "seller-sku", parse: sku.parse },
  { name: "asin", column: "asin1", parse: asin.parse },
  { name: "title", column: "item-name", parse: limited(2000) },
  { name: "price", column: "price", parse: money },
  {
    name: "quantity",
    column: "quantity",
    parse: (cell: Cell): CellResult<number> => {
      const value = Number(text(cell));
      return Number.isInteger(value) && value >= 0 && value <= 10_000_000
        ? { value }
        : { error: "notANumber" };
    },
  },
  { name: "status", column: "status", parse: limited(50) },
  { name: "fulfillmentChannel", column: "fulfillment-channel", parse: limited(50) },
  { name: "openDate", column: "open-date", parse: limited(50) },
] as const;

export type ListingFieldName = (typeof LISTING_FIELDS)[number]["name"];
export const LISTING_FIELD_NAMES = LISTING_FIELDS.map((f) => f.name) as ListingFieldName[];
/** The stored file's header and the mapping that goes with it. */
export const LISTING_HEADERS = LISTING_FIELDS.map((f) => f.column);
export const LISTING_MAPPING = Object.fromEntries(
  LISTING_FIELDS.map((f, index) => [f.name, index]),
) as Record<ListingFieldName, number>;

export type ListingRow = Partial<{
  sku: string;
  asin: string;
  title: string;
  price: number;
  quantity: number;
  status: string;
  fulfillmentChannel: string;
  openDate: string;
}>;

/** One report row's cells (in LISTING_HEADERS order) → values or cell errors; a SKU is required. */
export function parseListingRow(cells: readonly CellValue[]): {
  row: ListingRow;
  errors: CellError[];
} {
  const row: Record<string, unknown> = {};
  const errors: CellError[] = [];
  LISTING_FIELDS.forEach((field, index) => {
    const cell = cells[index];
    if (cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === ""))
      return;
    const result = (field.parse as (c: Cell) => CellResult<unknown>)(cell);
    if (!result) return;
    if ("error" in result)
      errors.push({ column: field.column, value: displayCell(cell), reason: result.error });
    else row[field.name] = result.value;
  });
  if (!row.sku && !errors.some((e) => e.column === "seller-sku"))
    errors.push({ column: "seller-sku", value: "", reason: "missingKey" });
  return { row: row as ListingRow, errors };
}

/** A report value as one TSV cell: tabs and line breaks would split it. */
export const tsvCell = (value: string | undefined) => (value ?? "").replace(/[\t\r\n]+/g, " ");
