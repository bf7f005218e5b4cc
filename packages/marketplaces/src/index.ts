/**
 * Amazon marketplaces Starport knows: country code → domain, name, marketplace id, region, currency.
 * Spec §3: UK and GB name the same marketplace; display order fixed; the preferred marketplace first.
 */

export type Region = "NA" | "EU" | "FE";

/**
 * The currencies Starport converts between and offers as a seller profile's currency (spec §9:
 * "Conversion currencies: SEK, PLN, GBP, EUR, USD", in that order); EUR is the rates' base.
 */
export const CONVERSION_CURRENCIES = ["SEK", "PLN", "GBP", "EUR", "USD"] as const;
export type ConversionCurrency = (typeof CONVERSION_CURRENCIES)[number];
/** The currency the stored conversion rates are quoted against. */
export const RATE_BASE_CURRENCY: ConversionCurrency = "EUR";

export interface Marketplace {
  /** Country code as Starport shows it (UK for the United Kingdom). */
  code: MarketplaceCode;
  /** Retail domain without "www.". */
  domain: string;
  /** English name; translated names live in the web app's translation files. */
  name: string;
  /** Amazon marketplace id (SP-API, Ads `accountInfo.marketplaceStringId`); null where none exists. */
  marketplaceId: string | null;
  region: Region | null;
  currency: string;
}

const MARKETPLACE_LIST = [
  ["DE", "amazon.de", "Germany", "A1PA6795UKMFR9", "EU", "EUR"],
  ["IT", "amazon.it", "Italy", "APJ6JRA9NG5V4", "EU", "EUR"],
  ["ES", "amazon.es", "Spain", "A1RKKUPIHCS9HS", "EU", "EUR"],
  ["FR", "amazon.fr", "France", "A13V1IB3VIYZZH", "EU", "EUR"],
  ["UK", "amazon.co.uk", "United Kingdom", "A1F83G8C2ARO7P", "EU", "GBP"],
  ["US", "amazon.com", "United States", "ATVPDKIKX0DER", "NA", "USD"],
  ["NL", "amazon.nl", "Netherlands", "A1805IZSGTT6HS", "EU", "EUR"],
  ["SE", "amazon.se", "Sweden", "A2NODRKZP88ZB9", "EU", "SEK"],
  ["PL", "amazon.pl", "Poland", "A1C3SOZRARQ6R3", "EU", "PLN"],
  ["BE", "amazon.com.be", "Belgium", "AMEN7PMS3EDWL", "EU", "EUR"],
  ["AE", "amazon.ae", "United Arab Emirates", "A2VIGQ35RCS4UG", "EU", "AED"],
  ["CA", "amazon.ca", "Canada", "A2EUQ1WTGCTBG2", "NA", "CAD"],
  ["MX", "amazon.com.mx", "Mexico", "A1AM78C64UM0Y8", "NA", "MXN"],
  ["BR", "amazon.com.br", "Brazil", "A2Q3Y263D00KWC", "NA", "BRL"],
  ["IN", "amazon.in", "India", "A21TJRUUN4KGV", "EU", "INR"],
  ["JP", "amazon.co.jp", "Japan", "A1VC38T7YXB528", "FE", "JPY"],
  ["CN", "amazon.cn", "China", null, null, "CNY"],
  ["EG", "amazon.eg", "Egypt", "ARBP9OOSHTCHU", "EU", "EGP"],
  ["SA", "amazon.sa", "Saudi Arabia", "A17E79C6D8DWNP", "EU", "SAR"],
  ["TR", "amazon.com.tr", "Turkey", "A33AVAJ2PDY3EV", "EU", "TRY"],
  ["IE", "amazon.ie", "Ireland", "A28R8C7NBKEWEA", "EU", "EUR"],
  ["ZA", "amazon.co.za", "South Africa", "AE08WJ6YKNBMC", "EU", "ZAR"],
  ["SG", "amazon.sg", "Singapore", "A19VAU5U5O7RUS", "FE", "SGD"],
  ["AU", "amazon.com.au", "Australia", "A39IBJ37TRP1C6", "FE", "AUD"],
] as const;

export type MarketplaceCode = (typeof MARKETPLACE_LIST)[number][0];

/** All marketplaces in display order (spec §3). */
export const MARKETPLACES: readonly Marketplace[] = MARKETPLACE_LIST.map(
  ([code, domain, name, marketplaceId, region, currency]) => ({
    code,
    domain,
    name,
    marketplaceId,
    region,
    currency,
  }),
);

export const MARKETPLACE_CODES: readonly MarketplaceCode[] = MARKETPLACES.map((m) => m.code);

/** The default preference for a profile's marketplaces (spec §9). */
export const DEFAULT_MARKETPLACE: MarketplaceCode = "DE";

/** Accepts any case and GB as an alias of UK; returns the canonical code or null. */
export function normalizeMarketplaceCode(input: string): MarketplaceCode | null {
  const upper = input.trim().toUpperCase();
  const code = upper === "GB" ? "UK" : upper;
  return (MARKETPLACE_CODES as readonly string[]).includes(code) ? (code as MarketplaceCode) : null;
}

export function isMarketplaceCode(input: string): boolean {
  return normalizeMarketplaceCode(input) !== null;
}

export function getMarketplace(code: string): Marketplace | undefined {
  const normalized = normalizeMarketplaceCode(code);
  return normalized ? MARKETPLACES.find((m) => m.code === normalized) : undefined;
}

export function getMarketplaceByAmazonId(marketplaceId: string): Marketplace | undefined {
  return MARKETPLACES.find((m) => m.marketplaceId === marketplaceId);
}

/** Position in the display order; unknown codes sort last. */
export function marketplaceRank(code: string): number {
  const normalized = normalizeMarketplaceCode(code);
  const index = normalized ? MARKETPLACE_CODES.indexOf(normalized) : -1;
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

/**
 * Sorts items by the display order, with the preferred marketplace first.
 * Stable for equal ranks; does not mutate the input.
 */
export function sortMarketplaces<T>(
  items: readonly T[],
  codeOf: (item: T) => string,
  preferred: string | null = null,
): T[] {
  const preferredCode = preferred ? normalizeMarketplaceCode(preferred) : null;
  const rank = (item: T): number => {
    const code = normalizeMarketplaceCode(codeOf(item));
    if (preferredCode && code === preferredCode) return -1;
    return marketplaceRank(codeOf(item));
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** Marketplace codes in display order with the preferred one first. */
export function orderedMarketplaceCodes(
  codes: readonly string[],
  preferred: string | null = DEFAULT_MARKETPLACE,
): string[] {
  return sortMarketplaces(codes, (code) => code, preferred);
}

/**
 * Standard VAT rates in percent of the European marketplaces, where Amazon prices include VAT:
 * the default of the taxes resource when a customer has not entered a rate of their own. Elsewhere
 * (sales tax on top of the price, or rates by state) there is no default: the rate is unknown
 * until the seller enters it.
 */
export const DEFAULT_VAT_RATES: Readonly<Partial<Record<MarketplaceCode, number>>> = {
  DE: 19,
  IT: 22,
  ES: 21,
  FR: 20,
  UK: 20,
  NL: 21,
  SE: 25,
  PL: 23,
  BE: 21,
  TR: 20,
  IE: 23,
};

/** The default standard VAT rate of a marketplace in percent, or null where there is none. */
export function defaultVatRate(code: string): number | null {
  const normalized = normalizeMarketplaceCode(code);
  return (normalized && DEFAULT_VAT_RATES[normalized]) ?? null;
}
