/**
 * GET /product/list/export (and /en/...): the product list as CSV or XLSX — every product the
 * current filters match (all pages), in the current order, the columns the table shows, numbers
 * and headers for the locale. A resource route: no screen, only the file. It reads the same URL
 * state as the screen (query.ts), so the file holds what the table shows.
 */

import { amazonToday } from "../../../lib/amazon-today.server.ts";
import { passThroughExport } from "../../../lib/api/export.server.ts";
import { buildUrl } from "../../../lib/api/hydra.ts";
import { profileIdFromRequest } from "../../../session/server-session.ts";
import type { Route } from "./+types/export";
import { apiQuery, exportColumns, readState } from "./query.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const profile = profileIdFromRequest(request);
  if (!profile) throw new Response(null, { status: 404 });
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const state = readState(params, await amazonToday(context));
  const { page: _page, itemsPerPage: _perPage, ...query } = apiQuery(state, profile);
  const url = buildUrl("/api/catalogue/products", {
    ...query,
    format,
    locale,
    "columns[]": exportColumns(state.columns),
  });
  const name = `${locale === "de" ? "produkte" : "products"}_${state.from}_${state.to}.${format}`;
  return passThroughExport(context, request, url, name);
}
