import { CallbackPage, completeCallback } from "../components/amazon/ConsentCallback.tsx";
import type { Route } from "./+types/sp-api-auth";

/** Seller Central consent came back: `state`, `selling_partner_id`, `spapi_oauth_code`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Visited without Amazon's answer: nothing to complete, the page explains itself.
  if (!url.searchParams.has("state") && !url.searchParams.has("error")) return null;
  throw await completeCallback("sp", request, context);
}

export default function SpApiAuth() {
  return <CallbackPage pageKey="sp-api-auth" />;
}
