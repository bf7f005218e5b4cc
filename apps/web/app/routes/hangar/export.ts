/**
 * GET /hangar/export (and /en/hangar/export): a Hangar table as CSV or XLSX — every row the
 * current filters match (all pages, read from the API page by page), the visible columns, the
 * totals, numbers formatted for the locale. A resource route: no screen, only the file.
 */
import { buildExport } from "../../components/hangar/export.server.ts";
import type { Route } from "./+types/export";

export async function loader({ request, context }: Route.LoaderArgs) {
  return buildExport(context, request);
}
