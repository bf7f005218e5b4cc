/** The bid optimisation log's vocabulary, shared by its screen and its server half. */

/** The log's filters, kept in the URL under these names. */
export const LOG_FILTERS = [
  "source",
  "campaign",
  "adGroup",
  "reason",
  "direction",
  "from",
  "to",
] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

export const LOG_SOURCES = ["applied", "proposed"] as const;
export const LOG_DIRECTIONS = ["up", "down"] as const;
export const LOG_REASONS = [
  "bidOnTarget",
  "bidDiscovery",
  "bidLowCover",
  "pauseOutOfStock",
  "resumeOnRestock",
  "negativeByProbability",
  "harvestKeyword",
  "harvestNegateSource",
  "budgetCapped",
] as const;
