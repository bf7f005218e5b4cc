/** Ads API v2 profiles: the seller's advertising profiles, one per marketplace. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { header, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { authAds } from "./auth.ts";

async function listProfiles(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const ok = authAds(state, req, reply, "v2", false);
  if (!ok) return reply;
  const sellerId = (req as FastifyRequest & { sellerId?: string }).sellerId;
  const region = header(req, "x-sandbox-region");
  const q = req.query as Record<string, string | undefined>;
  if (q.profileTypeFilter !== undefined && !q.profileTypeFilter.split(",").includes("seller"))
    return sendJson(reply, 200, []);
  const out = state.world.profiles
    .filter((p) => p.sellerId === sellerId)
    .flatMap((p) => {
      const mp = marketplaceById(p.marketplaceId);
      if (!mp || (region !== undefined && mp.region !== region)) return [];
      const seller = state.world.sellers.find((s) => s.sellerId === p.sellerId);
      return [
        {
          profileId: p.profileId,
          countryCode: mp.countryCode,
          currencyCode: mp.currencyCode,
          dailyBudget: p.dailyBudget,
          timezone: mp.timezone,
          accountInfo: {
            marketplaceStringId: mp.id,
            id: p.sellerId,
            type: "seller",
            name: seller?.name ?? "",
            validPaymentMethod: true,
          },
        },
      ];
    });
  return sendJson(reply, 200, out);
}

export function registerProfilesRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/v2/profiles", (req, reply) => listProfiles(state, req, reply));
}
