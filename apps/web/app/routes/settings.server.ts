/**
 * The settings screen's writes (its route action: seller profile, taxes, shipping, tags, goals,
 * the Amazon connections): each intent names one write of one panel, on
 * the session's seller profile; the API decides and answers violations (lib/route-write.ts).
 */
import type { RouterContextProvider } from "react-router";
import { LEVEL_SAVE, saveLevel } from "../components/settings/advertising/level-write.server.ts";
import { serverHydra } from "../lib/api/session-hydra.ts";
import { iriIn, routeWrite, writeBody } from "../lib/route-write.ts";
import { sessionContext } from "../session/server-session.ts";

type Context = Readonly<RouterContextProvider>;

export async function settingsAction(context: Context, request: Request) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const profile = context.get(sessionContext).profile;
  if (!profile) throw new Response("No seller profile", { status: 400 });
  const hydra = serverHydra(context, request);
  if (intent === LEVEL_SAVE) return saveLevel(hydra, form);
  const body = writeBody(form);
  switch (intent) {
    case "seller-profile.save":
      return routeWrite(intent, () =>
        hydra.update(profile["@id"], { name: body.name, settings: body.settings }),
      );
    case "tax.save": {
      const editing = form.get("iri");
      return routeWrite(intent, () =>
        editing
          ? hydra.update(iriIn("/api/taxes", editing), body)
          : hydra.create("/api/taxes", body),
      );
    }
    case "tax.remove":
      return routeWrite(intent, () => hydra.remove(iriIn("/api/taxes", form.get("iri"))));
    case "shipping.save": {
      const editing = form.get("iri");
      return routeWrite(intent, () =>
        editing
          ? hydra.update(iriIn("/api/shipping_settings", editing), body)
          : hydra.create("/api/shipping_settings", { ...body, sellerProfile: profile["@id"] }),
      );
    }
    case "shipping.remove":
      return routeWrite(intent, () =>
        hydra.remove(iriIn("/api/shipping_settings", form.get("iri"))),
      );
    case "tag.create":
      return routeWrite(intent, () =>
        hydra.create("/api/tags", { text: body.text, sellerProfile: profile["@id"] }),
      );
    case "tag.remove":
      return routeWrite(intent, () => hydra.remove(iriIn("/api/tags", form.get("iri"))));
    case "amazon.disconnect": {
      const api = String(form.get("api") ?? "");
      if (api !== "ads" && api !== "sp") throw new Response("Unknown Amazon API", { status: 400 });
      return routeWrite(intent, () =>
        hydra.request(`/api/amazon/connections/${api}?sellerProfile=${profile.id}`, {
          method: "DELETE",
        }),
      );
    }
    case "amazon.profile-active":
      return routeWrite(intent, () =>
        hydra.update(iriIn("/api/advertising_profiles", form.get("iri")), {
          active: form.get("active") === "true",
        }),
      );
    case "amazon.sync":
      return routeWrite(intent, () =>
        hydra.request("/api/amazon/syncs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ sellerProfile: profile.id, kind: "daily" }),
        }),
      );
    default:
      throw new Response(`Unknown intent ${intent}`, { status: 400 });
  }
}
