/**
 * The getting-started screen's server half: its loader (the onboarding's progress, and whether
 * Amazon lets the seller into Seller Central) and its action (a step saved, the onboarding
 * finished), each answering what the API made of it (lib/route-write.ts).
 */
import type { RouterContextProvider } from "react-router";
import { loadSellerCentralAccess } from "../components/amazon/seller-central.server.ts";
import { createHydraClient } from "../lib/api/hydra.ts";
import { routeWrite, writeBody } from "../lib/route-write.ts";
import { serverApi } from "../session/server-session.ts";
import {
  ONBOARDING_FINISH,
  ONBOARDING_SAVE_STEP,
  type OnboardingProgress,
} from "./getting-started-model.ts";

type Context = Readonly<RouterContextProvider>;

export async function loadGettingStarted(context: Context, request: Request) {
  const api = serverApi(context, request);
  const progress = await api.json<OnboardingProgress>("/api/onboarding");
  // An Ads-only seller (Amazon refuses Seller Central) finishes onboarding knowing what is missing.
  const sellerCentral = progress.sellerProfile
    ? await loadSellerCentralAccess(api, progress.sellerProfile.id)
    : null;
  return { progress, sellerCentral };
}

export async function gettingStartedAction(context: Context, request: Request) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const hydra = createHydraClient(serverApi(context, request));
  switch (intent) {
    case ONBOARDING_SAVE_STEP: {
      // The API knows its steps (an unknown one is its 404); here only a path segment passes.
      const step = String(form.get("step") ?? "");
      if (!/^[a-z][a-z-]{0,40}$/.test(step))
        throw new Response(`Not a step: ${step}`, { status: 400 });
      const body = writeBody(form);
      return routeWrite(
        intent,
        () =>
          hydra.json<OnboardingProgress>(`/api/onboarding/steps/${step}`, {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        { answer: true },
      );
    }
    case ONBOARDING_FINISH:
      return routeWrite(intent, () => hydra.json("/api/onboarding/finish", { method: "POST" }), {
        answer: true,
      });
    default:
      throw new Response(`Unknown intent ${intent}`, { status: 400 });
  }
}
