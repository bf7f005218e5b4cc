/** Listings Items API 2021-08-01: registers its read and write operations. */
import type { FastifyInstance } from "fastify";
import type { SandboxState } from "../../state.ts";
import { deleteListingsItem } from "./delete.ts";
import { patchListingsItem } from "./patch.ts";
import { putListingsItem } from "./put.ts";
import { getListingsItem, searchListingsItems } from "./read.ts";

export function registerListingsRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/listings/2021-08-01/items/:sellerId/:sku", (req, reply) =>
    getListingsItem(state, req, reply),
  );
  app.get("/listings/2021-08-01/items/:sellerId", (req, reply) =>
    searchListingsItems(state, req, reply),
  );
  app.put("/listings/2021-08-01/items/:sellerId/:sku", (req, reply) =>
    putListingsItem(state, req, reply),
  );
  app.patch("/listings/2021-08-01/items/:sellerId/:sku", (req, reply) =>
    patchListingsItem(state, req, reply),
  );
  app.delete("/listings/2021-08-01/items/:sellerId/:sku", (req, reply) =>
    deleteListingsItem(state, req, reply),
  );
}
