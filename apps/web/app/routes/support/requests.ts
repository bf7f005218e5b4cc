/**
 * /support/requests (and /en/…): not a screen. Its action sends Starport's own support form (the
 * help badge's, on any page, when no support widget is configured) to POST /api/support_requests
 * and answers the request's id, or the violations of a refused one (lib/route-write.ts).
 */
import { SUPPORT_SEND } from "../../components/SupportForm.tsx";
import { createHydraClient } from "../../lib/api/hydra.ts";
import { routeWrite, writeBody } from "../../lib/route-write.ts";
import { resourceRouteApi } from "../../session/server-session.ts";
import type { Route } from "./+types/requests";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== SUPPORT_SEND) throw new Response(`Unknown intent ${intent}`, { status: 400 });
  const { subject, message } = writeBody(form);
  return routeWrite(intent, () =>
    // A resource route: no layout's middleware put the session in the context.
    createHydraClient(resourceRouteApi(context, request)).json("/api/support_requests", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subject, message }),
    }),
  );
}
