/** What the screens know of the seller's Seller Central (SP-API) connection. */
export interface SellerCentralAccess {
  /** connected; refused: Amazon refuses Starport's access (`reason`); missing: never connected. */
  state: "connected" | "refused" | "missing";
  reason: string | null;
  /** The advertising data arrives anyway (Ads API connected). */
  adsConnected: boolean;
}

/** Advertising data syncs without Seller Central, while the catalogue and economics stay empty. */
export function lacksSellerCentral(access: SellerCentralAccess | null | undefined): boolean {
  return !!access && access.adsConnected && access.state !== "connected";
}
