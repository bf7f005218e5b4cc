/**
 * GET /admin/audit/export (and /en/...): the audit log as CSV or XLSX, every event the screen's
 * filters match. Not a screen: the file only; the API refuses it to anyone but administrators.
 */
import { passThroughExport } from "../../../lib/api/export.server.ts";
import type { Route } from "./+types/export";
import { auditQuery, auditState } from "./audit.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const query = auditQuery(auditState(params));
  query.set("format", format);
  query.set("locale", locale);
  const name = `${locale === "de" ? "audit-protokoll" : "audit-log"}.${format}`;
  return passThroughExport(context, request, `/api/admin/audit_events?${query}`, name);
}
