/**
 * GET /hangar/history/export (and /en/...): the profile's change history as CSV or XLSX — every
 * change the screen's filters match (all pages), written by the API's generic export in the
 * locale's words and formats. A resource route: no screen, only the file.
 */
import { passThroughExport } from "../../../lib/api/export.server.ts";
import { profileIdFromRequest } from "../../../session/server-session.ts";
import type { Route } from "./+types/export";
import { historyQuery } from "./history.server.ts";

/** The history's columns, in the screen's order; the author names the administrator who acted for them. */
const COLUMNS = [
  "createdAt",
  "entityType",
  "entityLabel",
  "field",
  "oldValue",
  "newValue",
  "authorLabel",
  "status",
  "errorCode",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const profile = profileIdFromRequest(request);
  if (!profile) throw new Response(null, { status: 404 });
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const query = historyQuery(params, profile);
  query.set("format", format);
  query.set("locale", locale);
  for (const column of COLUMNS) query.append("columns[]", column);
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `${locale === "de" ? "aenderungsverlauf" : "change-history"}_${stamp}.${format}`;
  return passThroughExport(context, request, `/api/changes?${query}`, name);
}
