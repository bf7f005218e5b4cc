import { schema } from "@starport/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { iriOfAny } from "../../hydra/fields.ts";
import { ref } from "../../hydra/resource.ts";
import { adGroups, campaigns, keywords, targets } from "../resources.ts";
import { factFilters } from "./fact-filters.ts";
import { defineFactGroupResource } from "./fact-group-resource.ts";

/**
 * `/api/search_terms?adGroup=…|campaign=…|profile=…&from&to`: what shoppers typed, per search term
 * and the keyword or target it matched (search_term_daily), with its metrics and whether the
 * term is already a keyword of the ad group (`isKeyword`) or excluded by a negative keyword of
 * the ad group or campaign (`isNegative`).
 */

const s = schema.searchTermDaily;
const TABLE = "search_term_daily";
const T = `"${TABLE}"`;

export const searchTerms = defineFactGroupResource({
  shortName: "SearchTerm",
  path: "search_terms",
  description: "A customer search term and the keyword or target it matched, with its metrics.",
  table: s,
  id: s.searchTerm,
  profile: s.advertisingProfileId,
  groups: {
    table: TABLE,
    keys: [
      "advertising_profile_id",
      "amazon_target_id",
      "search_term",
      "amazon_ad_group_id",
      "amazon_campaign_id",
    ],
    select: sql.raw(`k.id as keyword_id, k.keyword_text, k.match_type,
            tg.id as target_id, tg.expression_text, ag.id as ad_group_id, c.id as campaign_id,
            exists (select 1 from keywords ek where ek.advertising_profile_id = ${T}.advertising_profile_id
              and ek.amazon_ad_group_id = ${T}.amazon_ad_group_id and lower(ek.keyword_text) = lower(${T}.search_term)
              and ek.state <> 'ARCHIVED') as is_keyword,
            exists (select 1 from negative_keywords nk where nk.advertising_profile_id = ${T}.advertising_profile_id
              and lower(nk.keyword_text) = lower(${T}.search_term) and nk.state <> 'ARCHIVED'
              and (nk.amazon_ad_group_id = ${T}.amazon_ad_group_id
                or (nk.level = 'campaign' and nk.amazon_campaign_id = ${T}.amazon_campaign_id))) as is_negative`),
    join: sql.raw(`left join keywords k on k.advertising_profile_id = ${T}.advertising_profile_id and k.amazon_keyword_id = ${T}.amazon_target_id
            left join targets tg on tg.advertising_profile_id = ${T}.advertising_profile_id and tg.amazon_target_id = ${T}.amazon_target_id
            left join ad_groups ag on ag.advertising_profile_id = ${T}.advertising_profile_id and ag.amazon_ad_group_id = ${T}.amazon_ad_group_id
            left join campaigns c on c.advertising_profile_id = ${T}.advertising_profile_id and c.amazon_campaign_id = ${T}.amazon_campaign_id`),
  },
  output: {
    searchTerm: z.string(),
    matchedBy: iriOfAny().nullable().describe("IRI of the keyword or target"),
    matchedText: z.string().nullable(),
    matchType: z.string().nullable(),
    campaign: z.string().nullable(),
    adGroup: z.string().nullable(),
    isKeyword: z.boolean(),
    isNegative: z.boolean(),
  },
  toOutput: (row) => ({
    searchTerm: row.search_term,
    matchedBy: row.keyword_id
      ? ref(() => keywords, String(row.keyword_id))
      : row.target_id
        ? ref(() => targets, String(row.target_id))
        : null,
    matchedText: row.keyword_text ?? row.expression_text ?? null,
    matchType: row.match_type ?? null,
    campaign: row.campaign_id ? ref(() => campaigns, String(row.campaign_id)) : null,
    adGroup: row.ad_group_id ? ref(() => adGroups, String(row.ad_group_id)) : null,
    isKeyword: row.is_keyword === true,
    isNegative: row.is_negative === true,
  }),
  filters: [
    ...factFilters({
      profile: s.advertisingProfileId,
      campaign: s.amazonCampaignId,
      adGroup: s.amazonAdGroupId,
    }),
    { type: "search", parameter: "search", columns: [s.searchTerm] },
  ],
  order: { searchTerm: sql.raw(`${T}.search_term`) },
  defaultOrder: ["cost", "desc"],
});
