/**
 * Whether Starport can read the seller's Seller Central account (SP-API): the catalogue, stock,
 * fees and the economics come from there, the advertising data from the Ads API alone. Screens
 * that depend on it name what is missing (issue 17 §6).
 */

import type { ApiClient } from "../../lib/api/client.ts";
import { buildUrl } from "../../lib/api/hydra.ts";
import type { SellerCentralAccess } from "./seller-central.ts";

interface Connection {
  api: string;
  status: string;
  lastError: string | null;
}

export async function loadSellerCentralAccess(
  api: ApiClient,
  sellerProfileId: string,
): Promise<SellerCentralAccess> {
  const list = await api
    .json<{ member?: Connection[] }>(
      buildUrl("/api/amazon/connections", { sellerProfile: sellerProfileId }),
    )
    .catch(() => null);
  const connections = list?.member ?? [];
  const adsConnected = connections.some((c) => c.api === "ads" && c.status === "connected");
  const sp = connections.filter((c) => c.api === "sp");
  if (sp.some((c) => c.status === "connected"))
    return { state: "connected", reason: null, adsConnected };
  const refused = sp.find((c) => c.status === "failing");
  return refused
    ? { state: "refused", reason: amazonMessage(refused.lastError), adsConnected }
    : { state: "missing", reason: null, adsConnected };
}

/** Amazon's own words, without the client's operation prefix ("sp.getMarketplaceParticipations: "). */
function amazonMessage(error: string | null): string | null {
  return error ? error.replace(/^[a-z]+\.[A-Za-z]+: /, "") : null;
}
