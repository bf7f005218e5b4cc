import type { RouterContextProvider } from "react-router";
import { resourceRouteApi } from "../../session/server-session.ts";

/**
 * A table's file from the API's export (CSV or XLSX: every page, the filters and order, the
 * columns, locale-correct numbers), passed through under a name that says what it holds. Export
 * routes are not screens, so no route middleware ran: the token cookie goes to the API as it is,
 * which scopes every read to its customer (a missing or expired session is the API's 401 → login).
 */
export async function passThroughExport(
  context: Readonly<RouterContextProvider>,
  request: Request,
  apiUrl: string,
  fileName: string,
): Promise<Response> {
  const response = await resourceRouteApi(context, request).request(apiUrl);
  return new Response(response.body, {
    headers: {
      "content-type": response.headers.get("content-type") ?? "application/octet-stream",
      "content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "-")}"`,
      "cache-control": "no-store",
    },
  });
}
