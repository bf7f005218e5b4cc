import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FilterDefinition } from "../../hydra/resource.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";
import { sellerProfiles } from "../../resources/seller-profiles.ts";
import { adGroups, campaigns } from "../resources.ts";
import { METRIC_NAMES, type MetricName, metricExpressions } from "./metric-fields.ts";

/** Filters every facts table shares: its profile, seller profile, campaign and ad group. */

const idList = (ids: readonly string[]) =>
  sql`(select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid)`;

export function factFilters(columns: {
  profile: AnyPgColumn;
  campaign: AnyPgColumn;
  adGroup?: AnyPgColumn;
}): FilterDefinition[] {
  const filters: FilterDefinition[] = [
    {
      type: "relation",
      parameter: "profile",
      column: columns.profile,
      target: () => advertisingProfiles,
    },
    {
      type: "relation",
      parameter: "sellerProfile",
      column: columns.profile,
      target: () => sellerProfiles,
      condition: (ids): SQL =>
        sql`${columns.profile} in (select id from advertising_profiles where seller_profile_id in ${idList(ids)})`,
    },
    {
      type: "relation",
      parameter: "campaign",
      column: columns.campaign,
      target: () => campaigns,
      condition: (ids): SQL =>
        sql`(${columns.profile}, ${columns.campaign}) in (select advertising_profile_id, amazon_campaign_id from campaigns where id in ${idList(ids)})`,
    },
  ];
  const adGroup = columns.adGroup;
  if (adGroup)
    filters.push({
      type: "relation",
      parameter: "adGroup",
      column: adGroup,
      target: () => adGroups,
      condition: (ids): SQL =>
        sql`(${columns.profile}, ${adGroup}) in (select advertising_profile_id, amazon_ad_group_id from ad_groups where id in ${idList(ids)})`,
    });
  return filters;
}

/** Range filters and orders on every metric of groups aliased `alias`. */
export function metricFiltersAndOrder(alias: string): {
  filters: FilterDefinition[];
  order: Record<MetricName, SQL>;
} {
  const expressions = metricExpressions(`"${alias}"`);
  return {
    filters: METRIC_NAMES.map((m) => ({ type: "range", parameter: m, column: expressions[m] })),
    order: expressions,
  };
}
