import type { AnyResource } from "../../hydra/resource.ts";
import { metrics } from "./metrics-resource.ts";

/** The computed advertising resources (sums of the daily facts). */
export const METRICS_RESOURCES: readonly AnyResource[] = [metrics];
