/**
 * Sponsored Products limits per marketplace (amazon-api-reference §2.10: bid and daily budget in
 * the marketplace's currency, major units). The one table: Starport validates changes against it
 * before anything is sent to Amazon. Keyed by the country code (UK and GB both name the UK).
 */
export interface SpLimits {
  minBid: number;
  maxBid: number;
  minBudget: number;
  maxBudget: number;
}

const row = (minBid: number, maxBid: number, minBudget: number, maxBudget: number): SpLimits => ({
  minBid,
  maxBid,
  minBudget,
  maxBudget,
});

const EUROPE_AND_NA = row(0.02, 1000, 1, 1_000_000);

export const SP_LIMITS: Readonly<Record<string, SpLimits>> = {
  US: EUROPE_AND_NA,
  CA: EUROPE_AND_NA,
  UK: EUROPE_AND_NA,
  GB: EUROPE_AND_NA,
  DE: EUROPE_AND_NA,
  FR: EUROPE_AND_NA,
  IT: EUROPE_AND_NA,
  ES: EUROPE_AND_NA,
  NL: EUROPE_AND_NA,
  BE: EUROPE_AND_NA,
  IE: EUROPE_AND_NA,
  JP: row(2, 100_000, 100, 21_000_000),
  IN: row(1, 5000, 50, 21_000_000),
  MX: row(0.1, 20_000, 1, 21_000_000),
  AU: row(0.02, 1410, 1.4, 1_500_000),
  AE: row(0.24, 184, 4, 3_700_000),
  BR: row(0.07, 3700, 1.32, 5_300_000),
  SG: row(0.02, 1100, 1.39, 1_300_000),
  SE: row(0.18, 9300, 9, 9_300_000),
  PL: row(0.04, 2000, 2, 2_000_000),
  TR: row(0.05, 2500, 2, 2_500_000),
  SA: row(0.1, 3670, 4, 3_700_000),
  // The reference says 5.50 ("sic, likely typo"); kept as Amazon documents it.
  EG: row(0.15, 5.5, 7, 7_400_000),
  ZA: row(1, 7000, 20, 7_000_000),
};

/** The limits of a marketplace (country code); unknown marketplaces get the US/EU row. */
export function spLimitsOf(countryCode: string): SpLimits {
  return SP_LIMITS[countryCode.toUpperCase()] ?? EUROPE_AND_NA;
}
