/**
 * /amazon/authorizations (and /en/…): not a screen. Its action starts Login with Amazon for the
 * SP-API or the Ads API (POST /api/amazon/authorizations: a single-use state tied to the session)
 * and answers the consent URL the browser goes to next (components/amazon/ConnectAmazonButton.tsx,
 * on the settings and getting-started screens).
 */
import { ApiError } from "../../lib/api/client.ts";
import { createHydraClient } from "../../lib/api/hydra.ts";
import { resourceRouteApi } from "../../session/server-session.ts";
import type { Route } from "./+types/authorizations";

export type AuthorizationStart = { ok: true; url: string } | { ok: false; status: number };

export async function action({ request, context }: Route.ActionArgs): Promise<AuthorizationStart> {
  const form = await request.formData();
  const api = String(form.get("api") ?? "");
  if (api !== "ads" && api !== "sp") throw new Response("Unknown Amazon API", { status: 400 });
  try {
    // A resource route: no layout's middleware put the session in the context.
    const { url } = await createHydraClient(resourceRouteApi(context, request)).json<{
      url: string;
    }>("/api/amazon/authorizations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        api,
        sellerProfile: String(form.get("sellerProfile") ?? ""),
        region: "EU",
        returnTo: String(form.get("returnTo") ?? ""),
      }),
    });
    return { ok: true, url };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status };
  }
}
