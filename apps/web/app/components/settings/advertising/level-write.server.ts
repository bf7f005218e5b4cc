/**
 * The goal editors' one write (LevelSettings), shared by the route actions of the screens that
 * show them: the settings screen (global and marketplace goals), a collection's page (its goal)
 * and the product list (the drawer's product goal). A level's row is created on its first save
 * and patched after that; the API decides and answers violations (lib/route-write.ts).
 */
import type { HydraClient } from "../../../lib/api/hydra.ts";
import { iriIn, routeWrite, writeBody } from "../../../lib/route-write.ts";
import { LEVEL_SAVE } from "./LevelSettings.tsx";

export { LEVEL_SAVE };

/** Each level's API collection. */
const LEVEL_COLLECTIONS = {
  global: "/api/seller_profile_settings",
  marketplace: "/api/marketplace_settings",
  collection: "/api/collection_settings",
  product: "/api/product_settings",
} as const;
type Level = keyof typeof LEVEL_COLLECTIONS;

/** One id of a path segment from the body, or a 400. */
function idOf(target: Record<string, unknown>, key: string): string {
  const value = target[key];
  if (typeof value !== "string" || value === "" || value.includes("/"))
    throw new Response(`The target's ${key} is missing`, { status: 400 });
  return value;
}

/** Runs a goal editor's save: `iri` names the level's own row once it exists. */
export function saveLevel(hydra: HydraClient, form: FormData) {
  const body = writeBody(form);
  const target = (body.target ?? {}) as Record<string, unknown>;
  const level = target.level as Level;
  const collection = LEVEL_COLLECTIONS[level];
  if (!collection || !Object.hasOwn(LEVEL_COLLECTIONS, level))
    throw new Response("Unknown goal level", { status: 400 });
  const values = body.values;
  const editing = form.get("iri");
  if (editing)
    return routeWrite(LEVEL_SAVE, () => hydra.update(iriIn(collection, editing), { values }));
  const owner: Record<Level, () => Record<string, unknown>> = {
    global: () => ({ sellerProfile: `/api/seller_profiles/${idOf(target, "sellerProfileId")}` }),
    marketplace: () => ({
      sellerProfile: `/api/seller_profiles/${idOf(target, "sellerProfileId")}`,
      marketplace: idOf(target, "marketplace"),
    }),
    collection: () => ({
      collection: `/api/product_collections/${idOf(target, "collectionId")}`,
    }),
    product: () => ({ product: `/api/products/${idOf(target, "productId")}` }),
  };
  const fields = owner[level]();
  return routeWrite(LEVEL_SAVE, () => hydra.create(collection, { ...fields, values }));
}
