/** Sellers API v1: the seller's marketplace participations and account. */
import type { FastifyInstance } from "fastify";
import { header, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { authSp } from "./auth.ts";

export function registerSellersRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/sellers/v1/marketplaceParticipations", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    const region = header(req, "x-sandbox-region");
    const payload = seller.marketplaceIds.flatMap((id) => {
      const mp = marketplaceById(id);
      if (!mp || (region !== undefined && mp.region !== region)) return [];
      return [
        {
          marketplace: {
            id: mp.id,
            countryCode: mp.countryCode === "UK" ? "GB" : mp.countryCode,
            name: mp.name,
            defaultCurrencyCode: mp.currencyCode,
            defaultLanguageCode: mp.languageCode,
            domainName: mp.domainName,
          },
          storeName: seller.storeName,
          participation: { isParticipating: true, hasSuspendedListings: false },
        },
      ];
    });
    return sendJson(reply, 200, { payload });
  });

  app.get("/sellers/v1/account", async (req, reply) => {
    const seller = authSp(state, req, reply);
    if (!seller) return reply;
    return sendJson(reply, 200, {
      payload: {
        marketplaceParticipationList: seller.marketplaceIds.map((id) => ({
          marketplaceId: id,
          sellerId: seller.sellerId,
          hasSuspendedListings: false,
        })),
        businessType: "PRIVATE_LIMITED",
        sellingPlan: "PROFESSIONAL",
        business: {
          name: seller.name,
          registeredBusinessAddress: { addressLine1: "1 Sandbox Street", countryCode: "DE" },
        },
      },
    });
  });
}
