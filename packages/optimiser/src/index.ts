/**
 * @starport/optimiser — the bid optimiser, pure (no I/O): decisions with their inputs and reason
 * codes from the entity tree, facts, settings, economics and stock. See README.md.
 */
export * from "./impact.ts";
export { DEFAULT_ATTRIBUTION_COMPLETENESS, DEFAULT_OPTIONS, optimise } from "./optimise.ts";
export { placementFactor } from "./placement.ts";
export { reasonSentence, type SentenceLocale, type SentenceOptions } from "./reason-sentence.ts";
export {
  betaCdf,
  betaSd,
  fitCovariateExponent,
  fitPriorStrength,
  leaveOneOutFactors,
  randomEffectsMeans,
} from "./stats.ts";
export type * from "./types.ts";
