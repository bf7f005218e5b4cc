/**
 * The simulation's hidden model: its tunable constants and the true click quality and conversion
 * rate of a product for a term and placement (README, "Simulation").
 */
import type { Product } from "./world.ts";

/** Tunable model constants. */
export const MODEL = {
  /** log-sigma of the competitor bid distribution around the term's CPC level. */
  competitorSigma: 0.5,
  /** Ad slots per placement: top of search, rest of search, product pages. */
  slots: [4, 8, 6] as const,
  /** Share of a keyword term's searches that show each placement. */
  keywordPlacementVolume: [1.0, 0.7, 0.35] as const,
  /** CTR by placement before the relevance factor. */
  baseCtr: [0.008, 0.003, 0.002] as const,
  /** Conversion multiplier by placement (top of search converts ~1.7× product pages). */
  placementCvr: [1.15, 0.9, 0.68] as const,
  /** Share of a click day's orders reported on day 0..7 after the click. */
  attributionLag: [0.7, 0.15, 0.05, 0.03, 0.025, 0.02, 0.015, 0.01] as const,
  /** Share of attributed orders that are the advertised SKU (the rest: other SKUs, halo). */
  sameSkuShare: 0.88,
  /** Reference conversion rate for dynamic bidding. */
  referenceCvr: 0.09,
  closeMatchThreshold: 0.5,
  looseMatchThreshold: 0.2,
};

export const PLACEMENT_NAMES = [
  "PLACEMENT_TOP",
  "PLACEMENT_REST_OF_SEARCH",
  "PLACEMENT_PRODUCT_PAGE",
] as const;

export function quality(r: number): number {
  return 0.6 + 0.8 * r;
}

export function relevanceCvrFactor(r: number): number {
  return 0.15 + 0.85 * r;
}

export function priceFactor(p: Product): number {
  return Math.min(1.5, Math.max(0.3, (p.refPrice / p.price) ** 2));
}

/** The true conversion rate of a product for a term and placement (hidden truth). */
export function trueCvr(p: Product, r: number, placement: 0 | 1 | 2): number {
  return Math.min(
    0.9,
    p.baseCvr * relevanceCvrFactor(r) * MODEL.placementCvr[placement] * priceFactor(p),
  );
}
