/** Listings Items 2021-08-01 deleteListingsItem: the seller's offer leaves the catalogue page. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendJson } from "../../http.ts";
import { removeSellerListing } from "../../listings.ts";
import type { SandboxState } from "../../state.ts";
import { type Product, productBySku } from "../../world.ts";
import { skuNotFound } from "./issues.ts";
import { listingCheck, submission } from "./request.ts";

export async function deleteListingsItem(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  // deleteListingsItem takes no includedData/mode: the answer always carries issues
  const c = listingCheck(state, req, reply, { allowed: [], dflt: ["issues"] });
  if (!c) return reply;
  const { sku } = req.params as { sku: string };
  const found = c.mps
    .map((m) => productBySku(w(), c.seller.sellerId, m, sku))
    .filter((p): p is Product => !!p);
  if (found.length === 0)
    return sendJson(
      reply,
      200,
      submission(sku, ["issues"], "INVALID", [skuNotFound(sku, c.mps)], []),
    );
  for (const p of found) removeSellerListing(w(), p);
  return sendJson(reply, 200, submission(sku, ["issues"], "ACCEPTED", [], []));
}
