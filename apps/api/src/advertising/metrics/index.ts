import type { AnyResource } from "../../hydra/resource.ts";
import { campaignPlacements } from "./campaign-placements.ts";
import { metrics } from "./metrics-resource.ts";
import { searchTerms } from "./search-terms.ts";

/** The computed advertising resources (sums of the daily facts). */
export const METRICS_RESOURCES: readonly AnyResource[] = [metrics, campaignPlacements, searchTerms];
