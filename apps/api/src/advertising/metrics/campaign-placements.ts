import { schema } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { factFilters } from "./fact-filters.ts";
import { defineFactGroupResource } from "./fact-group-resource.ts";

/**
 * `/api/campaign_placements?campaign=…&from&to`: a campaign's (or profile's) performance per
 * placement — top of search, rest of search, product pages — from the spCampaigns report grouped
 * by campaignPlacement (ad_placement_daily). Placements without facts in the period are absent.
 */

const p = schema.adPlacementDaily;
const TABLE = "ad_placement_daily";

export const campaignPlacements = defineFactGroupResource({
  shortName: "CampaignPlacement",
  path: "campaign_placements",
  description: "Performance per placement (top of search, rest of search, product pages).",
  table: p,
  id: p.placement,
  profile: p.advertisingProfileId,
  groups: { table: TABLE, keys: ["advertising_profile_id", "placement"] },
  output: { placement: z.enum(["TOP_OF_SEARCH", "REST_OF_SEARCH", "PRODUCT_PAGES"]) },
  toOutput: (row) => ({ placement: row.placement }),
  filters: [
    ...factFilters({ profile: p.advertisingProfileId, campaign: p.amazonCampaignId }),
    { type: "exact", parameter: "placement", column: p.placement },
  ],
  order: { placement: sql`"${sql.raw(TABLE)}".placement` },
  defaultOrder: ["placement", "desc"],
});
