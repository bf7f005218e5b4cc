import { CallbackPage, completeCallback } from "../components/amazon/ConsentCallback.tsx";
import type { Route } from "./+types/advertising-api-auth";

/** Amazon Ads consent came back: `code`, `scope`, `state` (or `error`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Visited without Amazon's answer: nothing to complete, the page explains itself.
  if (!url.searchParams.has("state") && !url.searchParams.has("error")) return null;
  throw await completeCallback("ads", request, context);
}

export default function AdvertisingApiAuth() {
  return <CallbackPage pageKey="advertising-api-auth" />;
}
