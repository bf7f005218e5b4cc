/**
 * Product economics: gross price, VAT, Amazon fees, shipping and cost of goods →
 * contribution margin before ads and break-even ACoS, with the breakdown that explains it.
 *
 * Pure and dependency-free: the API, the web app, the optimiser and the settings resolver
 * (targets relative to break-even) all compute it the same way.
 */

export interface EconomicsInput {
  /** ISO code of the marketplace's currency. */
  currency: string;
  /** Price incl. VAT, as the buyer pays it and as Amazon counts ad sales. */
  grossPriceMicros: number | null;
  /** VAT as a fraction (0.19); 0 is a known rate (no VAT), null is unknown. */
  vatRate: number | null;
  /** Amazon referral fee per unit. */
  referralFeeMicros: number | null;
  /** FBA fulfilment fee per unit (null when FBM or unknown). */
  fbaFeeMicros: number | null;
  /** Seller's shipping cost per unit (FBM): product override or marketplace default. */
  shippingCostMicros: number | null;
  /** Cost of goods per unit from the catalogue. */
  costOfGoodsMicros: number | null;
}

export type MissingInput = "price" | "vat" | "fees" | "cost";

export type EconomicsStepKey =
  | "grossPrice"
  | "vat"
  | "netPrice"
  | "referralFee"
  | "fbaFee"
  | "shippingCost"
  | "costOfGoods"
  | "contributionMargin";

export interface EconomicsStep {
  key: EconomicsStepKey;
  /**
   * Deductions (vat, referralFee, fbaFee, shippingCost, costOfGoods) are negative, subtotals
   * (grossPrice, netPrice, contributionMargin) whatever they come to; null when unknown.
   */
  amountMicros: number | null;
}

export interface Economics {
  netPriceMicros: number | null;
  /** Before ads; null when an input is missing. */
  contributionMarginMicros: number | null;
  /**
   * Fraction (0.234), null when unknown. Negative when the product loses money before any ad
   * spend: then no ACoS is profitable.
   */
  breakEvenAcos: number | null;
  /** What keeps the result unknown, never silently zero; in the order of the breakdown. */
  missing: MissingInput[];
  /** The breakdown, in order (as Adference's calculator: 20 € gross, 19 % VAT → 16,81 € net → …). */
  steps: EconomicsStep[];
}

/** The step keys that are deductions (shown with a minus), in breakdown order. */
export const DEDUCTION_STEPS: readonly EconomicsStepKey[] = [
  "vat",
  "referralFee",
  "fbaFee",
  "shippingCost",
  "costOfGoods",
];

const MICROS = 1_000_000;

function known(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

function deduction(value: number | null): number | null {
  return value === null ? null : -value;
}

/**
 * Computes the contribution margin before ads and the break-even ACoS.
 *
 * Denominator: Amazon's ACoS is ad spend / attributed ad sales, and ad sales are counted at the
 * buyer's (gross) price incl. VAT. An ad click pays for itself as long as spend ≤ margin per unit,
 * so break-even ACoS = contribution margin / gross price (not / net price): with 20 € gross,
 * 19 % VAT, 3,00 € referral fee, 3,50 € FBA fee and 5,00 € cost of goods the margin is 5,31 € and
 * the break-even ACoS 26,5 %.
 *
 * Fulfilment: an FBA fee replaces the seller's own shipping (FBA products ship from Amazon); only
 * without an FBA fee is the shipping cost (FBM) deducted. Neither known → "fees" is missing.
 * A price ≤ 0 counts as missing (a break-even against nothing means nothing); a VAT rate outside
 * 0–100 % as missing VAT; negative fees or costs as missing fees or cost.
 */
export function computeEconomics(input: EconomicsInput): Economics {
  const gross =
    known(input.grossPriceMicros) && input.grossPriceMicros > 0
      ? Math.round(input.grossPriceMicros)
      : null;
  const vatRate =
    known(input.vatRate) && input.vatRate >= 0 && input.vatRate <= 1 ? input.vatRate : null;
  const nonNegative = (value: number | null): number | null =>
    known(value) && value >= 0 ? Math.round(value) : null;
  const referral = nonNegative(input.referralFeeMicros);
  const fba = nonNegative(input.fbaFeeMicros);
  const shipping = fba === null ? nonNegative(input.shippingCostMicros) : null;
  const cost = nonNegative(input.costOfGoodsMicros);

  const missing: MissingInput[] = [];
  if (gross === null) missing.push("price");
  if (vatRate === null) missing.push("vat");
  if (referral === null || (fba === null && shipping === null)) missing.push("fees");
  if (cost === null) missing.push("cost");

  const net = gross !== null && vatRate !== null ? Math.round(gross / (1 + vatRate)) : null;
  const vat = gross !== null && net !== null ? gross - net : null;
  const fulfilment = fba ?? shipping;
  const margin =
    net !== null && referral !== null && fulfilment !== null && cost !== null
      ? net - referral - fulfilment - cost
      : null;
  const breakEvenAcos = margin !== null && gross !== null ? margin / gross : null;

  const steps: EconomicsStep[] = [
    { key: "grossPrice", amountMicros: gross },
    { key: "vat", amountMicros: deduction(vat) },
    { key: "netPrice", amountMicros: net },
    { key: "referralFee", amountMicros: deduction(referral) },
    fba !== null || shipping === null
      ? { key: "fbaFee", amountMicros: deduction(fba) }
      : { key: "shippingCost", amountMicros: deduction(shipping) },
    { key: "costOfGoods", amountMicros: deduction(cost) },
    { key: "contributionMargin", amountMicros: margin },
  ];

  return { netPriceMicros: net, contributionMarginMicros: margin, breakEvenAcos, missing, steps };
}

/**
 * A target ACoS relative to break-even: `points` percentage points above (positive) or below
 * (negative) it, e.g. "break-even − 5 points" is `targetRelativeToBreakEven(0.265, -5)` = 0.215.
 * Null when break-even is unknown or the result is no valid target ACoS (≤ 0 % or > 100 %):
 * a target is never made up.
 */
export function targetRelativeToBreakEven(
  breakEvenAcos: number | null,
  points: number,
): number | null {
  if (!known(breakEvenAcos) || !Number.isFinite(points)) return null;
  // Rounded to a hundredth of a point so 0.265 − 5 points is 0.215, not 0.21500000000000002.
  const target = Math.round((breakEvenAcos + points / 100) * 10_000) / 10_000;
  return target > 0 && target <= 1 ? target : null;
}

/** Micros → currency units (for display with Intl). */
export function microsToUnits(micros: number): number {
  return micros / MICROS;
}
