import type { RouterContextProvider } from "react-router";
import { passThroughExport } from "../../lib/api/export.server.ts";
import { throwNotFound } from "./hangar.server.ts";
import { tableDef } from "./tables.ts";

/** Our own parameters; everything else is the table's API query, passed on as it is. */
const OWN = new Set(["table", "format", "locale", "name", "columns"]);

/**
 * A Hangar table as a file. The API's generic export (HANGAR-CONTRACT §5) writes it — every page
 * of the current filters and order, `columns[]`, locale-correct headers and numbers, a totals
 * row — so this route only translates the table's visible columns into API fields and passes the
 * file through under a name that says what it holds.
 */
export async function buildExport(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<Response> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const def = tableDef(params.get("table") ?? "") ?? throwNotFound(url);
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const requested = params.getAll("columns");
  const columns = def.columns.filter((c) =>
    requested.length ? c.fixed || requested.includes(c.key) : c.fixed || c.defaultVisible,
  );

  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (OWN.has(key) || key === "page" || key === "itemsPerPage" || key === "pagination") continue;
    query.append(key, value);
  }
  query.set("format", format);
  query.set("locale", locale);
  for (const column of columns)
    for (const field of column.exportAs ?? [column.key]) query.append("columns[]", field);

  const from = params.get("from");
  const to = params.get("to");
  const name = `${(params.get("name") ?? def.key).replace(/[^\w.-]+/g, "-").slice(0, 80)}${from && to ? `_${from}_${to}` : ""}.${format}`;
  return passThroughExport(context, request, `${def.path}?${query}`, name);
}
