import type { RouterContextProvider } from "react-router";
import { getI18n } from "../../i18n/i18n.ts";
import type { HydraQuery } from "../../lib/api/hydra.ts";
import { serverHydra } from "../../lib/api/session-hydra.ts";
import { sessionContext, tokenFromRequest } from "../../session/server-session.ts";
import { throwNotFound } from "./hangar.server.ts";
import { formatMetric, METRIC_KIND, type Metrics } from "./metrics.ts";
import { type ColumnDef, cellValue, type HangarRow, tableDef } from "./tables.ts";

/** Our own parameters; everything else is the table's API query, passed on as it is. */
const OWN = new Set(["table", "format", "locale", "name", "columns"]);
const PAGE_SIZE = 1000;
/** A runaway export stops here rather than exhausting the server. */
const MAX_ROWS = 200_000;

type Cell = string | number | null;

function fileName(name: string, query: URLSearchParams, extension: string): string {
  const safe = name.replace(/[^\w.-]+/g, "-").slice(0, 80) || "export";
  const from = query.get("from");
  const to = query.get("to");
  return `${safe}${from && to ? `_${from}_${to}` : ""}.${extension}`;
}

/** A cell's value for a spreadsheet: numbers stay numbers; enums and states are translated. */
function rawValue(column: ColumnDef, row: HangarRow, t: (key: string, o?: object) => string): Cell {
  const value = cellValue(column, row);
  if (value === null || value === undefined) return null;
  if (
    column.format === "state" ||
    ["targetingType", "matchType", "level", "biddingStrategy"].includes(column.key)
  )
    return t(column.format === "state" ? `hangar.state.${value}` : `hangar.enum.${value}`, {
      defaultValue: String(value),
    });
  if (column.format === "flags")
    return String(value)
      .split(",")
      .filter(Boolean)
      .map((flag) => t(`hangar.flag.${flag}`))
      .join(", ");
  return value;
}

function csvText(column: ColumnDef, value: Cell, locale: string, currency: string): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (column.metric) {
    if (METRIC_KIND[column.metric] === "money" || METRIC_KIND[column.metric] === "multiple")
      return new Intl.NumberFormat(locale, {
        useGrouping: false,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value);
    if (METRIC_KIND[column.metric] === "ratio")
      return formatMetric(column.metric, value, locale, currency);
    return new Intl.NumberFormat(locale, { useGrouping: false }).format(value);
  }
  if (column.format === "money")
    return new Intl.NumberFormat(locale, {
      useGrouping: false,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  return new Intl.NumberFormat(locale, { useGrouping: false }).format(value);
}

function csvEscape(text: string, separator: string): string {
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function buildExport(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<Response> {
  // Not a screen, so no route middleware ran: the token cookie goes to the API as it is, which
  // scopes every read to its customer (a missing or expired session is the API's 401 → login).
  context.set(sessionContext, { ...context.get(sessionContext), token: tokenFromRequest(request) });
  const hydra = serverHydra(context, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const def = tableDef(params.get("table") ?? "") ?? throwNotFound(url);
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const t = getI18n(locale).t as unknown as (key: string, o?: object) => string;
  const requested = params.getAll("columns");
  const columns = requested.length
    ? def.columns.filter((c) => c.fixed || requested.includes(c.key))
    : def.columns.filter((c) => c.fixed || c.defaultVisible);

  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (OWN.has(key) || key === "page" || key === "itemsPerPage" || key === "pagination") continue;
    const values = params.getAll(key);
    query[key] = values.length > 1 || key.endsWith("[]") ? values : (values[0] ?? "");
  }

  const rows: HangarRow[] = [];
  let totals: Metrics | null = null;
  for (let page = 1; ; page++) {
    const result = await hydra.collection<HangarRow>(
      def.path,
      { ...query, page, itemsPerPage: PAGE_SIZE } as HydraQuery,
      { fresh: true },
    );
    rows.push(...result.members);
    totals ??= (result.extra.totals as Metrics | undefined) ?? null;
    if (
      result.members.length < PAGE_SIZE ||
      rows.length >= result.totalItems ||
      rows.length >= MAX_ROWS
    )
      break;
  }

  const currency = totals?.currency ?? rows.find((r) => r.metrics)?.metrics?.currency ?? "EUR";
  const header = [...columns.map((c) => t(c.label)), t("hangar.export.currency")];
  const body: Cell[][] = rows.map((row) => [
    ...columns.map((c) => rawValue(c, row, t)),
    row.metrics?.currency ?? currency,
  ]);
  const totalsRow: Cell[] | null =
    totals && def.withMetrics
      ? [
          ...columns.map((c, i) =>
            c.metric ? (totals?.[c.metric] ?? null) : i === 0 ? t("hangar.export.totals") : null,
          ),
          currency,
        ]
      : null;
  const name = fileName(params.get("name") ?? def.key, params, format);
  const disposition = `attachment; filename="${name}"`;

  if (format === "csv") {
    const separator = locale === "de" ? ";" : ",";
    const line = (cells: Cell[]) =>
      cells
        .map((cell, i) => {
          const column = columns[i];
          const text = column
            ? csvText(column, cell, locale, currency)
            : cell === null
              ? ""
              : String(cell);
          return csvEscape(text, separator);
        })
        .join(separator);
    const text = [
      header.map((h) => csvEscape(h, separator)).join(separator),
      ...body.map(line),
      ...(totalsRow ? [line(totalsRow)] : []),
    ].join("\r\n");
    return new Response(`\uFEFF${text}\r\n`, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": disposition,
        "cache-control": "no-store",
      },
    });
  }

  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(
    t(`hangar.tabs.${def.key}`, { defaultValue: def.key }).slice(0, 31),
  );
  sheet.addRow(header).font = { bold: true };
  for (const cells of [...body, ...(totalsRow ? [totalsRow] : [])]) sheet.addRow(cells);
  const last = sheet.lastRow;
  if (totalsRow && last) last.font = { bold: true };
  columns.forEach((column, index) => {
    const excelColumn = sheet.getColumn(index + 1);
    const kind = column.metric ? METRIC_KIND[column.metric] : column.format;
    if (kind === "money") excelColumn.numFmt = "#,##0.00";
    else if (kind === "ratio") excelColumn.numFmt = "0.0%";
    else if (kind === "multiple") excelColumn.numFmt = "0.00";
    else if (kind === "count") excelColumn.numFmt = "#,##0";
    excelColumn.width = column.fixed ? 40 : 14;
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Response(buffer as ArrayBuffer, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": disposition,
      "cache-control": "no-store",
    },
  });
}
