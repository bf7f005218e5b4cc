import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import { previewCollection } from "./preview-collection.ts";
import { summarizeCollections } from "./summarize-collections.ts";

/**
 * Computed reads of collections (issue 11 §5). Writes go through the Hydra resource
 * (/api/product_collections) and the product list's bulk action (manual members); a collection's
 * products are the product list filtered by `collection`.
 */
export async function collectionRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get("/catalogue/collections", async (request) => {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    return {
      collections: await summarizeCollections(deps.db, requirePrincipal(request), {
        sellerProfile: query.get("sellerProfile") ?? undefined,
        from: query.get("from") ?? undefined,
        to: query.get("to") ?? undefined,
      }),
    };
  });

  app.post("/catalogue/collections/preview", async (request) =>
    previewCollection(deps.db, requirePrincipal(request), request.body),
  );
}
