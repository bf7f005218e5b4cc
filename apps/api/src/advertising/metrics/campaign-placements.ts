import { schema } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { defineResource } from "../../hydra/resource.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";
import { METRICS_COLLECTION_FIELDS } from "./entity-metrics.ts";
import { readFactGroups } from "./fact-collection.ts";
import { factFilters, metricFiltersAndOrder } from "./fact-filters.ts";
import { metricsSchema } from "./metric-fields.ts";
import { PERIOD_PARAMETERS, parsePeriod } from "./period.ts";

/**
 * `/api/campaign_placements?campaign=…&from&to`: a campaign's (or profile's) performance per
 * placement — top of search, rest of search, product pages — from the spCampaigns report grouped
 * by campaignPlacement (ad_placement_daily). Placements without facts in the period are absent.
 */

const p = schema.adPlacementDaily;
const TABLE = "ad_placement_daily";
const metric = metricFiltersAndOrder(TABLE);

export const campaignPlacements = defineResource<Record<string, unknown>, z.ZodObject>({
  shortName: "CampaignPlacement",
  path: "campaign_placements",
  description: "Performance per placement (top of search, rest of search, product pages).",
  table: p,
  id: p.placement,
  owner: { kind: "parent", column: p.advertisingProfileId, parent: () => advertisingProfiles },
  itemOperation: false,
  output: z.object({
    placement: z.enum(["TOP_OF_SEARCH", "REST_OF_SEARCH", "PRODUCT_PAGES"]),
    ...metricsSchema.shape,
    previousMetrics: metricsSchema.optional(),
  }),
  toOutput: (row) => ({
    placement: row.placement,
    ...(row.metrics as object),
    ...(row.previousMetrics ? { previousMetrics: row.previousMetrics } : {}),
  }),
  operations: { create: false, update: false, delete: false },
  filters: [
    ...factFilters({ profile: p.advertisingProfileId, campaign: p.amazonCampaignId }),
    { type: "exact", parameter: "placement", column: p.placement },
    ...metric.filters,
  ],
  order: { placement: sql`"${sql.raw(TABLE)}".placement`, ...metric.order },
  defaultOrder: [["placement", "desc"]],
  pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
  provider: {
    parameters: PERIOD_PARAMETERS,
    collectionFields: METRICS_COLLECTION_FIELDS,
    validate: (query) => {
      parsePeriod(query, true);
    },
    collection: (ctx) =>
      readFactGroups({ table: TABLE, keys: ["advertising_profile_id", "placement"] }, ctx),
  },
});
