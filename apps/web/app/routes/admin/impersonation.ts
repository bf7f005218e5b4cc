/**
 * /admin/impersonation (and /en/…): not a screen. Its action starts an administrator's view as a
 * user (from the user's page) and ends it (from the banner, as the impersonated user).
 */
import { endImpersonation, startImpersonation } from "../../session/impersonation.server.ts";
import type { Route } from "./+types/impersonation";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "end") return endImpersonation(context, request);
  return startImpersonation(context, request, String(form.get("userId") ?? ""));
}
