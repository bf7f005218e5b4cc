/**
 * GET /admin/users/export (and /en/...): the administration's user list as CSV or XLSX, every
 * user the screen's filters match, in its order. Not a screen: the file only; the API refuses it
 * to anyone but administrators.
 */
import { passThroughExport } from "../../../lib/api/export.server.ts";
import type { Route } from "./+types/export";
import { userListQuery, userListState } from "./users.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const query = userListQuery(userListState(params));
  query.set("format", format);
  query.set("locale", locale);
  const name = `${locale === "de" ? "benutzer" : "users"}.${format}`;
  return passThroughExport(context, request, `/api/admin/users?${query}`, name);
}
