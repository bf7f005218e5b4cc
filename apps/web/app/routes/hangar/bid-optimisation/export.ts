/**
 * GET /hangar/bid-optimisation/export (and /en/...): the bid optimisation log as CSV or XLSX —
 * the applied changes, or with `source=proposed` the proposals, that the screen's filters match
 * (every page), written by the API's generic export with the reason as a sentence in the
 * locale's words. A resource route: no screen, only the file.
 */
import { exportQuery } from "../../../components/optimiser/log.server.ts";
import { passThroughExport } from "../../../lib/api/export.server.ts";
import { profileIdFromRequest } from "../../../session/server-session.ts";
import type { Route } from "./+types/export";

const APPLIED_COLUMNS = [
  "createdAt",
  "entityType",
  "entityLabel",
  "field",
  "oldValue",
  "newValue",
  "reasonSentence",
  "status",
  "errorMessage",
  "authorLabel",
];
const PROPOSED_COLUMNS = [
  "createdAt",
  "kind",
  "entityType",
  "subject",
  "currentValue",
  "proposedValue",
  "reasonSentence",
  "impact",
  "status",
  "decidedByLabel",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const profile = profileIdFromRequest(request);
  if (!profile) throw new Response(null, { status: 404 });
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const proposed = params.get("source") === "proposed";
  const { path, query } = exportQuery(params, profile);
  query.set("format", format);
  query.set("locale", locale);
  for (const column of proposed ? PROPOSED_COLUMNS : APPLIED_COLUMNS)
    query.append("columns[]", column);
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `${locale === "de" ? "gebotsoptimierung" : "bid-optimisation"}${
    proposed ? (locale === "de" ? "-vorschlaege" : "-proposals") : ""
  }_${stamp}.${format}`;
  return passThroughExport(context, request, `${path}?${query}`, name);
}
