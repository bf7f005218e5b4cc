/**
 * The collection screens' writes (their route actions: a new one; on its page): its settings, its deletion, and products
 * added to or taken out of it (manual collections), its advertising goal and its products'
 * competitors, on the session's seller profile.
 */
import type { RouterContextProvider } from "react-router";
import {
  competitorWrite,
  isCompetitorWrite,
} from "../../../components/collections/competitors.server.ts";
import {
  LEVEL_SAVE,
  saveLevel,
} from "../../../components/settings/advertising/level-write.server.ts";
import { serverHydra } from "../../../lib/api/session-hydra.ts";
import { routeWrite, writeBody } from "../../../lib/route-write.ts";
import { sessionContext } from "../../../session/server-session.ts";

/** A new collection of the session's seller profile (the new-collection page's action). */
export async function createCollectionAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const profile = context.get(sessionContext).profile;
  if (!profile) throw new Response("No seller profile", { status: 400 });
  if (intent !== "collection.create")
    throw new Response(`Unknown intent ${intent}`, { status: 400 });
  const hydra = serverHydra(context, request);
  return routeWrite(intent, () =>
    hydra.create("/api/product_collections", { ...writeBody(form), sellerProfile: profile["@id"] }),
  );
}

export async function collectionAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  id: string,
) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const profile = context.get(sessionContext).profile;
  if (!profile) throw new Response("No seller profile", { status: 400 });
  const hydra = serverHydra(context, request);
  const iri = `/api/product_collections/${encodeURIComponent(id)}`;
  if (intent === LEVEL_SAVE) return saveLevel(hydra, form);
  if (isCompetitorWrite(intent)) return competitorWrite(hydra, intent, form);
  const body = writeBody(form);
  switch (intent) {
    case "collection.save":
      return routeWrite(intent, () => hydra.update(iri, body));
    case "collection.remove":
      return routeWrite(intent, () => hydra.remove(iri));
    case "addToCollection":
    case "removeFromCollection":
      return routeWrite(intent, () =>
        hydra.json("/api/catalogue/products/bulk", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            action: intent,
            sellerProfile: profile.id,
            products: body.products,
            collection: id,
          }),
        }),
      );
    default:
      throw new Response(`Unknown intent ${intent}`, { status: 400 });
  }
}
