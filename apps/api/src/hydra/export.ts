import { PassThrough } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { excerpt } from "../errors.ts";
import { loadExcelJS } from "../xlsx/load-exceljs.ts";
import {
  CODED_FIELDS,
  type ColumnSpec,
  LABELS,
  type Locale,
  NAME_LABELS,
  RESOURCE_COLUMNS,
  VALUE_LABELS,
} from "./export-labels.ts";
import { BadRequestError } from "./http-errors.ts";
import { type CollectionRequest, listCollection, type OperationContext } from "./operations.ts";
import { DEFAULT_MAX_ITEMS_PER_PAGE } from "./pagination.ts";
import type { AnyResource } from "./resource.ts";

export type { ColumnSpec, Locale } from "./export-labels.ts";

/**
 * Every collection exports what it lists as CSV or XLSX (`Accept: text/csv`, the XLSX media type,
 * or `?format=csv|xlsx`): all pages of the current filters and order, the columns named by
 * `columns[]` (default: every scalar field, nested objects such as `metrics` flattened), headers
 * and numbers in the `locale` (de, en). Rows are read a page at a time and streamed out, so a
 * large list never sits in memory; a bad request still fails before the first byte.
 */

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export type ExportFormat = "csv" | "xlsx";

const EXPORT_PARAMETERS = ["format", "columns[]", "columns", "locale"];

/** The export parameters of a hand-written route's querystring schema. */
export const EXPORT_QUERY = {
  format: z.enum(["jsonld", "csv", "xlsx"]).optional().describe("A file instead of JSON"),
  locale: z.enum(["de", "en"]).optional().describe("The export's headers and numbers"),
  "columns[]": z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("The export's columns (default: the screen's)"),
};

/** A hand-written route's 200 answer: `schema` as JSON, or the same rows as CSV or XLSX. */
export function exportableResponse(description: string, schema: z.ZodType) {
  return {
    description,
    content: {
      "application/json": { schema },
      "text/csv": { schema: z.string() },
      [XLSX]: { schema: z.string() },
    },
  };
}

/** The export the request asks for, or null for JSON-LD. */
export function exportFormat(request: FastifyRequest, query: URLSearchParams): ExportFormat | null {
  const format = query.get("format");
  if (format !== null) {
    if (format === "csv" || format === "xlsx") return format;
    if (format === "jsonld" || format === "") return null;
    throw new BadRequestError(`Invalid value "${excerpt(format)}" for "format" (csv, xlsx).`);
  }
  const accept = request.headers.accept ?? "";
  if (accept.includes("text/csv")) return "csv";
  if (accept.includes(XLSX)) return "xlsx";
  return null;
}

const PREVIOUS: Record<Locale, string> = { de: "Vorperiode", en: "previous period" };
const MONEY = new Set(["cost", "sales", "cpc", "budget", "bid", "defaultBid", "price", "roas"]);
const PERCENT = new Set(["acos", "ctr", "cvr"]);

function leaf(column: string): string {
  return column.split(".").pop() ?? column;
}

type Specs = Record<string, ColumnSpec>;

function label(column: string, locale: Locale, specs: Specs = {}): string {
  const own = specs[column]?.label[locale] ?? LABELS[column]?.[locale];
  if (own) return own;
  const parts = column.split(".");
  const name = LABELS[leaf(column)]?.[locale] ?? leaf(column);
  if (parts[0] === "previousMetrics") return `${name} (${PREVIOUS[locale]})`;
  if (parts.length > 1 && parts[0] !== "metrics") return `${parts.slice(0, -1).join(".")}.${name}`;
  return name;
}

/** The header a resource's export writes for a field (`name` of campaigns: "Kampagne"). */
export function exportHeader(column: string, locale: Locale, resourcePath?: string): string {
  const nameLabel = resourcePath ? NAME_LABELS[resourcePath] : undefined;
  return label(column, locale, nameLabel ? { name: { label: nameLabel } } : {});
}

/** A JSON-LD member flattened to dotted scalar fields (`metrics.acos`); links keep their IRI. */
function flatten(node: Record<string, unknown>, prefix = "", out: Record<string, unknown> = {}) {
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const object = value as Record<string, unknown>;
      if (typeof object["@id"] === "string") out[path] = object["@id"];
      else flatten(object, path, out);
    } else if (!Array.isArray(value)) {
      out[path] = value;
    }
  }
  return out;
}

/** Requested columns resolved against a member's fields (`acos` finds `metrics.acos`). */
function resolveColumns(
  requested: string[],
  sample: Record<string, unknown> | undefined,
  specs: Specs,
) {
  if (requested.length === 0) return sample ? Object.keys(sample) : [];
  return requested.map((name) => {
    // A column of the source's own (a change's value is an object for a creation) is known.
    if (!sample || name in sample || name in specs) return name;
    if (`metrics.${name}` in sample) return `metrics.${name}`;
    throw new BadRequestError(`Unknown column "${excerpt(name)}".`);
  });
}

/** The number kind of a column: its source's spec first, then the usual field names. */
function kindOf(column: string, specs: Specs): ColumnSpec["kind"] {
  const own = specs[column]?.kind;
  if (own) return own;
  const name = leaf(column);
  if (PERCENT.has(name)) return "percent";
  if (MONEY.has(name)) return "money";
  return "number";
}

/** A coded value in the export's language ("PAUSED" → "Pausiert"); other values as they are. */
function worded(value: unknown, column: string, locale: Locale, specs: Specs): unknown {
  if (typeof value !== "string") return value;
  const own = specs[column]?.values;
  if (own) return own[value]?.[locale] ?? value;
  if (!CODED_FIELDS.has(leaf(column))) return value;
  return VALUE_LABELS[value]?.[locale] ?? value;
}

/**
 * A money or percent column's value as a number: some sources hand decimals over as strings
 * ("12.50"), which a spreadsheet would keep as text and not sum. (Other columns stay as they are:
 * a SKU "0012" is text.)
 */
function numeric(value: unknown, column: string, specs: Specs): unknown {
  const kind = kindOf(column, specs);
  if (typeof value !== "string" || value.trim() === "" || (kind !== "money" && kind !== "percent"))
    return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

function cellValue(value: unknown, column: string, locale: Locale, specs: Specs): unknown {
  return numeric(worded(value, column, locale, specs), column, specs);
}

function csvValue(raw: unknown, column: string, locale: Locale, specs: Specs): string {
  const value = cellValue(raw, column, locale, specs);
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value !== "number") return String(value);
  const kind = kindOf(column, specs);
  const tag = locale === "de" ? "de-DE" : "en-GB";
  // One decimal, as every screen shows a percentage ("4,0 %" beside "27,5 %").
  if (kind === "percent")
    return new Intl.NumberFormat(tag, {
      style: "percent",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    }).format(value);
  return new Intl.NumberFormat(tag, {
    minimumFractionDigits: kind === "money" ? 2 : 0,
    maximumFractionDigits: kind === "money" ? 2 : 6,
    useGrouping: false,
  }).format(value);
}

function numberFormat(column: string, specs: Specs): string | undefined {
  const kind = kindOf(column, specs);
  if (kind === "percent") return "0.0%";
  if (kind === "money") return "#,##0.00";
  return undefined;
}

/**
 * A money cell's number format with its currency's symbol where the locale writes it
 * (`#,##0.00 "€"` in German, `"£"#,##0.00` in English), so the spreadsheet shows "12,50 €"
 * and still sums the number.
 */
function moneyFormat(currency: string, locale: Locale): string {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", {
      style: "currency",
      currency,
    }).formatToParts(1);
  } catch {
    return "#,##0.00";
  }
  const index = parts.findIndex((p) => p.type === "currency");
  if (index < 0) return "#,##0.00";
  const symbol = `"${parts[index]!.value.replaceAll('"', "")}"`;
  const spaced = parts.some((p) => p.type === "literal" && p.value.trim() === "");
  const gap = spaced ? " " : "";
  return index === 0 ? `${symbol}${gap}#,##0.00` : `#,##0.00${gap}${symbol}`;
}

/** The currency of a row's money: its own `currency`, else its metrics', else the totals'. */
function currencyOf(values: Record<string, unknown>, fallback: unknown): string | null {
  for (const candidate of [values.currency, values["metrics.currency"], fallback])
    if (typeof candidate === "string" && /^[A-Z]{3}$/.test(candidate)) return candidate;
  return null;
}

interface Sink {
  row(values: Record<string, unknown>): Promise<void>;
  end(): Promise<void>;
}

function csvSink(out: PassThrough, columns: string[], locale: Locale, specs: Specs): Sink {
  const csv = stringify({ delimiter: locale === "de" ? ";" : ",", bom: true });
  csv.pipe(out);
  csv.write(columns.map((c) => label(c, locale, specs)));
  return {
    async row(values) {
      if (!csv.write(columns.map((c) => csvValue(values[c], c, locale, specs))))
        await new Promise((resolve) => csv.once("drain", resolve));
    },
    async end() {
      csv.end();
    },
  };
}

function xlsxSink(
  out: PassThrough,
  columns: string[],
  locale: Locale,
  title: string,
  specs: Specs,
  fallbackCurrency: unknown,
): Sink {
  const moneyColumns = columns.filter((c) => kindOf(c, specs) === "money");
  const workbook = new (loadExcelJS().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c) => {
    const format = numberFormat(c, specs);
    const header = label(c, locale, specs);
    return {
      header,
      key: c,
      width: Math.max(12, header.length + 2),
      ...(format ? { style: { numFmt: format } } : {}),
    };
  });
  return {
    async row(values) {
      const row = sheet.addRow(
        Object.fromEntries(columns.map((c) => [c, cellValue(values[c], c, locale, specs) ?? null])),
      );
      const currency = currencyOf(values, fallbackCurrency);
      if (currency)
        for (const column of moneyColumns)
          row.getCell(column).numFmt = moneyFormat(currency, locale);
      row.commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** One page of rows for an export, read in order until every page is written. */
export interface ExportPage {
  members: Record<string, unknown>[];
  total: number;
  totals?: Record<string, unknown> | undefined;
}

/**
 * What a list other than a Hydra resource collection (a computed read such as the product list)
 * gives the exporter: its pages, its page size, the file's name and, for its own field names,
 * labels and number kinds that take precedence over the usual ones.
 */
export interface ExportSource {
  fileName: string;
  sheetTitle: string;
  pageSize: number;
  page(n: number): Promise<ExportPage>;
  columns?: Record<string, ColumnSpec>;
}

/** The export's own parameters (`columns[]`, `locale`), read and removed from the query. */
export function takeExportParameters(query: URLSearchParams): {
  requested: string[];
  locale: Locale;
} {
  const requested = [...query.getAll("columns[]"), ...query.getAll("columns")].filter(Boolean);
  const localeParam = query.get("locale") ?? "de";
  if (localeParam !== "de" && localeParam !== "en")
    throw new BadRequestError(`Invalid value "${excerpt(localeParam)}" for "locale" (de, en).`);
  for (const parameter of EXPORT_PARAMETERS) query.delete(parameter);
  return { requested, locale: localeParam };
}

/**
 * A list with its own closed set of columns (not a Hydra resource: the product list, the
 * administration's users and audit log, the collections' summaries): its file in either language.
 */
export interface ListExport {
  columns: Record<string, ColumnSpec>;
  /** The columns of a file that names none (default: every column). */
  defaultColumns?: string[];
  fileName: Record<Locale, string>;
  sheetTitle: Record<Locale, string>;
  pageSize: number;
  /** Page n (from 1) of the list, its members in the export's language where they hold words. */
  page(n: number, locale: Locale): Promise<ExportPage>;
}

/**
 * Streams every page of a list with the columns asked for (`columns[]`; all of them by default) in
 * the language asked for (`locale`); a column the list does not have is a 400 before anything is
 * read, whether or not the list has rows.
 */
export async function exportList(
  reply: FastifyReply,
  format: ExportFormat,
  query: URLSearchParams,
  list: ListExport,
) {
  const { requested, locale } = takeExportParameters(new URLSearchParams(query));
  const unknown = requested.find((column) => !(column in list.columns));
  if (unknown) throw new BadRequestError(`Unknown column "${excerpt(unknown)}".`);
  return streamExport(
    reply,
    format,
    requested.length ? requested : (list.defaultColumns ?? Object.keys(list.columns)),
    locale,
    {
      fileName: list.fileName[locale],
      sheetTitle: list.sheetTitle[locale],
      pageSize: list.pageSize,
      columns: list.columns,
      page: (n) => list.page(n, locale),
    },
  );
}

/** Streams the whole collection (every page) in the format asked for. */
export async function exportCollection(
  reply: FastifyReply,
  format: ExportFormat,
  ctx: OperationContext,
  resource: AnyResource,
  request: CollectionRequest,
) {
  const query = new URLSearchParams(request.query);
  const { requested, locale } = takeExportParameters(query);
  query.delete("pagination");
  const pageSize = resource.pagination?.maxItemsPerPage ?? DEFAULT_MAX_ITEMS_PER_PAGE;
  query.set("itemsPerPage", String(pageSize));
  const h = ctx.serializer.settings.prefix ? "hydra:" : "";
  const nameLabel = NAME_LABELS[resource.path];
  return streamExport(reply, format, requested, locale, {
    fileName: resource.path,
    sheetTitle: resource.shortName,
    pageSize,
    columns: {
      ...RESOURCE_COLUMNS[resource.path],
      ...(nameLabel ? { name: { label: nameLabel, kind: "text" as const } } : {}),
    },
    async page(n) {
      query.set("page", String(n));
      const body = (await listCollection(ctx, resource, { ...request, query })) as Record<
        string,
        unknown
      >;
      return {
        members: body[`${h}member`] as Record<string, unknown>[],
        total: Number(body[`${h}totalItems`]),
        totals: body.totals as Record<string, unknown> | undefined,
      };
    },
  });
}

/**
 * Streams every page of a source as CSV or XLSX. The first page is read before anything is sent,
 * so bad filters still answer 400/404; members are flattened (`metrics.acos`).
 */
export async function streamExport(
  reply: FastifyReply,
  format: ExportFormat,
  requested: string[],
  locale: Locale,
  source: ExportSource,
) {
  const specs = source.columns ?? {};
  const computed = Object.entries(specs).filter(([, spec]) => spec.compute);
  const withComputed = (member: Record<string, unknown>) =>
    computed.length === 0
      ? member
      : {
          ...member,
          ...Object.fromEntries(
            computed.map(([name, spec]) => [name, spec.compute!(member, locale)]),
          ),
        };
  const page = async (n: number) => {
    const result = await source.page(n);
    return { ...result, members: result.members.map((m) => flatten(withComputed(m))) };
  };
  const first = await page(1);
  const columns = resolveColumns(requested, first.members[0], specs);
  const out = new PassThrough();
  const stamp = new Date().toISOString().slice(0, 10);
  reply
    .header("content-disposition", `attachment; filename="${source.fileName}-${stamp}.${format}"`)
    .type(format === "csv" ? "text/csv; charset=utf-8" : XLSX);
  const sink =
    format === "csv"
      ? csvSink(out, columns, locale, specs)
      : xlsxSink(out, columns, locale, source.sheetTitle, specs, first.totals?.currency);
  const write = async () => {
    const pages = Math.max(1, Math.ceil(first.total / source.pageSize));
    for (const member of first.members) await sink.row(member);
    for (let n = 2; n <= pages; n++) {
      for (const member of (await page(n)).members) await sink.row(member);
    }
    if (first.totals && columns.length > 0) {
      // A totals row: the label in the first column, the sums under their metrics.
      const totals = flatten({ metrics: first.totals, ...first.totals });
      await sink.row({ ...totals, [columns[0]!]: LABELS.total![locale] });
    }
    await sink.end();
  };
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, "export failed while streaming");
    out.destroy(error as Error);
  });
  return reply.send(out);
}
