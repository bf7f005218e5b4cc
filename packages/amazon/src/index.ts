/**
 * @starport/amazon — clients for the Amazon Ads API (Sponsored Products v3, reporting v3,
 * recommendations), the Selling Partner API and Login with Amazon, over one transport.
 *
 * Quick start:
 *   const amazon = createAmazon({ clientId, clientSecret, endpoints: { ...sandboxUrls } });
 *   const ads = amazon.ads({ refreshToken, region: "EU" });
 *   for await (const c of ads.campaigns.iterate(profileId)) …
 */

import { AdsClient } from "./ads/client.ts";
import type { AmazonEndpoints, Region } from "./config.ts";
import { LwaClient } from "./lwa.ts";
import { SellingPartnerClient } from "./sp/client.ts";
import { Transport, type TransportOptions } from "./transport.ts";

export type { PollOptions } from "./ads/client.ts";
export { ADS_RATE_LIMITS, AdsClient, duplicateReportId, SpEntityResource } from "./ads/client.ts";
export type * from "./ads/types.ts";
export * from "./change-rules.ts";
export * from "./config.ts";
export * from "./errors.ts";
export * from "./limits.ts";
export * from "./lwa.ts";
export type * from "./sp/client.ts";
export { SellingPartnerClient, SP_RATE_LIMITS, toQuery } from "./sp/client.ts";
export { decodeText, maybeGunzip, parseJsonArray, parseTsv } from "./streams.ts";
export * from "./transport.ts";

export interface AmazonOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  endpoints?: Partial<AmazonEndpoints>;
  /** Refresh access tokens this long before expiry (default 60 s). */
  refreshSkewMs?: number;
}

export interface Amazon {
  transport: Transport;
  lwa: LwaClient;
  ads(input: { refreshToken: string; region?: Region; marketplace?: string }): AdsClient;
  sp(input: {
    refreshToken: string;
    region?: Region;
    marketplace?: string;
    sellingPartnerId?: string;
  }): SellingPartnerClient;
}

/** Wires one transport and one LWA token cache into Ads and SP-API client factories. */
export function createAmazon(options: AmazonOptions): Amazon {
  const { clientId, clientSecret, endpoints, refreshSkewMs, ...transportOptions } = options;
  const transport = new Transport(transportOptions);
  const lwa = new LwaClient({
    clientId,
    clientSecret,
    transport,
    ...(endpoints ? { endpoints } : {}),
    ...(refreshSkewMs !== undefined ? { refreshSkewMs } : {}),
  });
  return {
    transport,
    lwa,
    ads: (input) =>
      new AdsClient({ ...input, lwa, transport, ...(endpoints ? { endpoints } : {}) }),
    sp: (input) =>
      new SellingPartnerClient({ ...input, lwa, transport, ...(endpoints ? { endpoints } : {}) }),
  };
}
