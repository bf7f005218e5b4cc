/** Ads API access: the profile (and marketplace) an LwA token, client id and scope stand for. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { header, sendError } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import type { Ctx } from "./resource-def.ts";

export type Family = "v3" | "v2" | "reporting";

export function authAds(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
  needScope: boolean,
): Ctx | "profiles-only" | undefined {
  const auth = header(req, "authorization");
  const clientId = header(req, "amazon-advertising-api-clientid");
  if (!auth || !/^bearer\s+/i.test(auth)) {
    sendError(reply, family, 401, "Authentication failed: missing Authorization bearer token");
    return undefined;
  }
  const token = auth.replace(/^bearer\s+/i, "").trim();
  const rec = state.auth.checkAccess(token);
  if (rec === undefined || rec === "expired" || rec.api !== "ads") {
    sendError(
      reply,
      family,
      401,
      rec === "expired"
        ? "Access token has expired"
        : "Authentication failed: invalid access token",
    );
    return undefined;
  }
  if (!clientId) {
    sendError(reply, family, 401, "Amazon-Advertising-API-ClientId header is missing");
    return undefined;
  }
  if (clientId !== rec.clientId) {
    sendError(
      reply,
      family,
      401,
      "Amazon-Advertising-API-ClientId does not match the access token",
    );
    return undefined;
  }
  (req as FastifyRequest & { sellerId?: string }).sellerId = rec.sellerId;
  if (!needScope) return "profiles-only";
  const scope = header(req, "amazon-advertising-api-scope");
  if (!scope) {
    sendError(reply, family, 401, "Scope header is missing");
    return undefined;
  }
  const profile = /^\d+$/.test(scope)
    ? state.world.profiles.find((p) => String(p.profileId) === scope)
    : undefined;
  const region = header(req, "x-sandbox-region");
  const mp = profile ? marketplaceById(profile.marketplaceId) : undefined;
  if (!profile || !mp || (region !== undefined && mp.region !== region)) {
    sendError(reply, family, 401, "No matching advertiser found for scope");
    return undefined;
  }
  if (profile.sellerId !== rec.sellerId) {
    sendError(reply, family, 401, "Not authorized to access scope");
    return undefined;
  }
  return { world: state.world, profile, mp };
}
