/** SP-API access: the seller an access token (and optional sandbox region) stands for. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { header, sendError } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import type { Seller } from "../world.ts";

export function authSp(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
): Seller | undefined {
  const token = header(req, "x-amz-access-token");
  const deny = (details: string) => {
    sendError(reply, "sp", 403, "Access to requested resource is denied.", details);
    return undefined;
  };
  if (!token) return deny("Access token is missing in the request header.");
  const rec = state.auth.checkAccess(token);
  if (rec === "expired") return deny("The access token you provided has expired.");
  if (rec?.api !== "sp")
    return deny("The access token you provided is revoked, malformed or invalid.");
  const seller = state.world.sellers.find((s) => s.sellerId === rec.sellerId);
  if (!seller) return deny("The access token you provided is revoked, malformed or invalid.");
  const region = header(req, "x-sandbox-region");
  if (region !== undefined) {
    const inRegion = seller.marketplaceIds.some((id) => marketplaceById(id)?.region === region);
    if (!inRegion) return deny("The seller is not registered in this region.");
  }
  return seller;
}
