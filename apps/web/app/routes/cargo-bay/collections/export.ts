/**
 * GET /cargo-bay/collections/export (and /en/...): the Cargo Bay list as CSV or XLSX — the
 * collections and KPIs the screen shows for the same range, headers and numbers for the locale.
 * A resource route: no screen, only the file.
 */

import { amazonToday } from "../../../lib/amazon-today.server.ts";
import { passThroughExport } from "../../../lib/api/export.server.ts";
import { buildUrl } from "../../../lib/api/hydra.ts";
import { profileIdFromRequest } from "../../../session/server-session.ts";
import type { Route } from "./+types/export";
import { collectionsRange } from "./range.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const profile = profileIdFromRequest(request);
  if (!profile) throw new Response(null, { status: 404 });
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const locale = params.get("locale") === "en" ? "en" : "de";
  const range = collectionsRange(params, await amazonToday(context));
  const url = buildUrl("/api/catalogue/collections", {
    sellerProfile: profile,
    from: range.from,
    to: range.to,
    format,
    locale,
  });
  const name = `${locale === "de" ? "kollektionen" : "collections"}_${range.from}_${range.to}.${format}`;
  return passThroughExport(context, request, url, name);
}
