/** Marketplaces the sandbox knows (amazon-api-reference.md §3.2, §2.2, §1.3). */

export type Region = "NA" | "EU" | "FE";

export interface Marketplace {
  id: string;
  /** Ads-style country code (`UK`, not `GB`). */
  countryCode: string;
  name: string;
  region: Region;
  currencyCode: string;
  timezone: string;
  languageCode: string;
  domainName: string;
  /** Relative market size: scales search volumes. */
  size: number;
  /** Multiplies the category CPC and price levels (local currency). */
  priceLevel: number;
  /** SP bid limits (§2.10). */
  minBid: number;
  maxBid: number;
  minBudget: number;
  maxBudget: number;
  language: "en" | "de" | "fr";
}

export const MARKETPLACES: readonly Marketplace[] = [
  {
    id: "ATVPDKIKX0DER",
    countryCode: "US",
    name: "Amazon.com",
    region: "NA",
    currencyCode: "USD",
    timezone: "America/Los_Angeles",
    languageCode: "en_US",
    domainName: "www.amazon.com",
    size: 1,
    priceLevel: 1.1,
    minBid: 0.02,
    maxBid: 1000,
    minBudget: 1,
    maxBudget: 1_000_000,
    language: "en",
  },
  {
    id: "A1PA6795UKMFR9",
    countryCode: "DE",
    name: "Amazon.de",
    region: "EU",
    currencyCode: "EUR",
    timezone: "Europe/Paris",
    languageCode: "de_DE",
    domainName: "www.amazon.de",
    size: 0.45,
    priceLevel: 1,
    minBid: 0.02,
    maxBid: 1000,
    minBudget: 1,
    maxBudget: 1_000_000,
    language: "de",
  },
  {
    id: "A13V1IB3VIYZZH",
    countryCode: "FR",
    name: "Amazon.fr",
    region: "EU",
    currencyCode: "EUR",
    timezone: "Europe/Paris",
    languageCode: "fr_FR",
    domainName: "www.amazon.fr",
    size: 0.3,
    priceLevel: 0.9,
    minBid: 0.02,
    maxBid: 1000,
    minBudget: 1,
    maxBudget: 1_000_000,
    language: "fr",
  },
];

export function marketplaceById(id: string): Marketplace | undefined {
  return MARKETPLACES.find((m) => m.id === id);
}

export function marketplaceByCountry(cc: string): Marketplace | undefined {
  const c = cc.toUpperCase() === "GB" ? "UK" : cc.toUpperCase();
  return MARKETPLACES.find((m) => m.countryCode === c);
}
