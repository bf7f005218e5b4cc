/**
 * Endpoints and marketplace → region mapping (amazon-api-reference.md §1, §2.1, §3.1, §3.2).
 * Base URLs are configuration: pointing them at the sandbox is the only change tests and the demo need.
 */
import { AmazonInputError } from "./errors.ts";

export type Region = "NA" | "EU" | "FE";
export const REGIONS: readonly Region[] = ["NA", "EU", "FE"];

export interface AmazonEndpoints {
  /** LWA token endpoint (access tokens are global; `api.amazon.com` serves every region). */
  lwaTokenUrl: string;
  /** Ads consent page (`/ap/oa`): one URL for every region, or one per region. */
  adsConsentUrl: string | Record<Region, string>;
  /** SP-API Seller Central consent page (`/apps/authorize/consent`): one URL, or one per region. */
  spConsentUrl: string | Record<Region, string>;
  adsHosts: Record<Region, string>;
  spHosts: Record<Region, string>;
}

export const AMAZON_ENDPOINTS: AmazonEndpoints = {
  lwaTokenUrl: "https://api.amazon.com/auth/o2/token",
  adsConsentUrl: {
    NA: "https://www.amazon.com/ap/oa",
    EU: "https://eu.account.amazon.com/ap/oa",
    FE: "https://apac.account.amazon.com/ap/oa",
  },
  spConsentUrl: {
    NA: "https://sellercentral.amazon.com/apps/authorize/consent",
    EU: "https://sellercentral-europe.amazon.com/apps/authorize/consent",
    FE: "https://sellercentral.amazon.co.jp/apps/authorize/consent",
  },
  adsHosts: {
    NA: "https://advertising-api.amazon.com",
    EU: "https://advertising-api-eu.amazon.com",
    FE: "https://advertising-api-fe.amazon.com",
  },
  spHosts: {
    NA: "https://sellingpartnerapi-na.amazon.com",
    EU: "https://sellingpartnerapi-eu.amazon.com",
    FE: "https://sellingpartnerapi-fe.amazon.com",
  },
};

/** Merges partial overrides onto Amazon's real endpoints. */
export function resolveEndpoints(overrides: Partial<AmazonEndpoints> = {}): AmazonEndpoints {
  return {
    ...AMAZON_ENDPOINTS,
    ...overrides,
    adsHosts: { ...AMAZON_ENDPOINTS.adsHosts, ...overrides.adsHosts },
    spHosts: { ...AMAZON_ENDPOINTS.spHosts, ...overrides.spHosts },
  };
}

export function pickRegional(value: string | Record<Region, string>, region: Region): string {
  return typeof value === "string" ? value : value[region];
}

export interface MarketplaceInfo {
  /** Country code as used by Ads profiles (`UK`, not `GB`). */
  countryCode: string;
  marketplaceId: string;
  region: Region;
  currencyCode: string;
}

/** §3.2: SP-API marketplace IDs (identical to Ads `accountInfo.marketplaceStringId`). */
export const MARKETPLACES: readonly MarketplaceInfo[] = [
  { countryCode: "CA", marketplaceId: "A2EUQ1WTGCTBG2", region: "NA", currencyCode: "CAD" },
  { countryCode: "US", marketplaceId: "ATVPDKIKX0DER", region: "NA", currencyCode: "USD" },
  { countryCode: "MX", marketplaceId: "A1AM78C64UM0Y8", region: "NA", currencyCode: "MXN" },
  { countryCode: "BR", marketplaceId: "A2Q3Y263D00KWC", region: "NA", currencyCode: "BRL" },
  { countryCode: "IE", marketplaceId: "A28R8C7NBKEWEA", region: "EU", currencyCode: "EUR" },
  { countryCode: "ES", marketplaceId: "A1RKKUPIHCS9HS", region: "EU", currencyCode: "EUR" },
  { countryCode: "UK", marketplaceId: "A1F83G8C2ARO7P", region: "EU", currencyCode: "GBP" },
  { countryCode: "FR", marketplaceId: "A13V1IB3VIYZZH", region: "EU", currencyCode: "EUR" },
  { countryCode: "BE", marketplaceId: "AMEN7PMS3EDWL", region: "EU", currencyCode: "EUR" },
  { countryCode: "NL", marketplaceId: "A1805IZSGTT6HS", region: "EU", currencyCode: "EUR" },
  { countryCode: "DE", marketplaceId: "A1PA6795UKMFR9", region: "EU", currencyCode: "EUR" },
  { countryCode: "IT", marketplaceId: "APJ6JRA9NG5V4", region: "EU", currencyCode: "EUR" },
  { countryCode: "SE", marketplaceId: "A2NODRKZP88ZB9", region: "EU", currencyCode: "SEK" },
  { countryCode: "ZA", marketplaceId: "AE08WJ6YKNBMC", region: "EU", currencyCode: "ZAR" },
  { countryCode: "PL", marketplaceId: "A1C3SOZRARQ6R3", region: "EU", currencyCode: "PLN" },
  { countryCode: "EG", marketplaceId: "ARBP9OOSHTCHU", region: "EU", currencyCode: "EGP" },
  { countryCode: "TR", marketplaceId: "A33AVAJ2PDY3EV", region: "EU", currencyCode: "TRY" },
  { countryCode: "SA", marketplaceId: "A17E79C6D8DWNP", region: "EU", currencyCode: "SAR" },
  { countryCode: "AE", marketplaceId: "A2VIGQ35RCS4UG", region: "EU", currencyCode: "AED" },
  { countryCode: "IN", marketplaceId: "A21TJRUUN4KGV", region: "EU", currencyCode: "INR" },
  { countryCode: "SG", marketplaceId: "A19VAU5U5O7RUS", region: "FE", currencyCode: "SGD" },
  { countryCode: "AU", marketplaceId: "A39IBJ37TRP1C6", region: "FE", currencyCode: "AUD" },
  { countryCode: "JP", marketplaceId: "A1VC38T7YXB528", region: "FE", currencyCode: "JPY" },
];

/** Looks a marketplace up by marketplace ID or country code (`GB` is accepted for `UK`). */
export function findMarketplace(idOrCountry: string): MarketplaceInfo | undefined {
  const key = idOrCountry.trim().toUpperCase();
  const country = key === "GB" ? "UK" : key;
  return MARKETPLACES.find((m) => m.marketplaceId === key || m.countryCode === country);
}

/** Region (NA/EU/FE) serving a marketplace; throws `AmazonInputError` for unknown marketplaces. */
export function regionForMarketplace(idOrCountry: string): Region {
  const m = findMarketplace(idOrCountry);
  if (!m) throw new AmazonInputError(`Unknown Amazon marketplace: ${JSON.stringify(idOrCountry)}`);
  return m.region;
}
