/**
 * Ads reporting v3 rows, from the stored daily facts: the facts grouped in reports/groups.ts, the
 * columns read in reports/columns.ts (the SP-API listings report: merchant-listings-report.ts).
 */
import { addDays, daysBetween } from "./dates.ts";
import { columnGetters } from "./reports/columns.ts";
import { type AdsReportConfig, groupFacts } from "./reports/groups.ts";
import type { Profile, World } from "./world.ts";
import { productKey } from "./world.ts";

export { type AdsReportConfig, keywordTypeOf } from "./reports/groups.ts";

export const REPORT_TYPES: Record<string, { groupBy: string[]; dims: string[] }> = {
  spCampaigns: {
    groupBy: ["campaign", "adGroup", "campaignPlacement"],
    dims: [
      "campaignId",
      "campaignName",
      "campaignStatus",
      "campaignBudgetAmount",
      "campaignBudgetType",
      "campaignBudgetCurrencyCode",
      "campaignBiddingStrategy",
      "adGroupId",
      "adGroupName",
      "adStatus",
      "placementClassification",
      "topOfSearchImpressionShare",
    ],
  },
  spTargeting: {
    groupBy: ["targeting"],
    dims: [
      "campaignId",
      "campaignName",
      "campaignStatus",
      "campaignBudgetAmount",
      "campaignBudgetType",
      "campaignBudgetCurrencyCode",
      "adGroupId",
      "adGroupName",
      "keywordId",
      "keyword",
      "keywordBid",
      "keywordType",
      "matchType",
      "targeting",
      "adKeywordStatus",
      "topOfSearchImpressionShare",
    ],
  },
  spSearchTerm: {
    groupBy: ["searchTerm"],
    dims: [
      "campaignId",
      "campaignName",
      "campaignStatus",
      "campaignBudgetAmount",
      "campaignBudgetType",
      "campaignBudgetCurrencyCode",
      "adGroupId",
      "adGroupName",
      "keywordId",
      "keyword",
      "keywordBid",
      "keywordType",
      "matchType",
      "targeting",
      "adKeywordStatus",
      "searchTerm",
    ],
  },
  spAdvertisedProduct: {
    groupBy: ["advertiser"],
    dims: [
      "campaignId",
      "campaignName",
      "campaignStatus",
      "campaignBudgetAmount",
      "campaignBudgetType",
      "campaignBudgetCurrencyCode",
      "adGroupId",
      "adGroupName",
      "adId",
      "advertisedAsin",
      "advertisedSku",
      "salesOtherSku7d",
      "unitsSoldOtherSku7d",
    ],
  },
};

const WINDOWS = ["1d", "7d", "14d", "30d"];
export const METRIC_COLUMNS = [
  "impressions",
  "clicks",
  "cost",
  "spend",
  "costPerClick",
  "clickThroughRate",
  ...WINDOWS.flatMap((w) => [
    `purchases${w}`,
    `purchasesSameSku${w}`,
    `sales${w}`,
    `attributedSalesSameSku${w}`,
    `unitsSoldClicks${w}`,
    `unitsSoldSameSku${w}`,
  ]),
  "acosClicks7d",
  "acosClicks14d",
  "roasClicks7d",
  "roasClicks14d",
];
const TIME_COLUMNS = { DAILY: ["date"], SUMMARY: ["startDate", "endDate"] };

export function allowedColumns(reportTypeId: string, timeUnit: "DAILY" | "SUMMARY"): Set<string> {
  const t = REPORT_TYPES[reportTypeId];
  return new Set([...(t?.dims ?? []), ...METRIC_COLUMNS, ...TIME_COLUMNS[timeUnit]]);
}

/** Builds report rows as seen today: orders of recent click days are still being attributed. */
export function buildAdsReport(
  world: World,
  profile: Profile,
  config: AdsReportConfig,
  startDate: string,
  endDate: string,
): Record<string, unknown>[] {
  const from = Math.max(0, daysBetween(world.startDate, startDate));
  const to = Math.min(world.day - 1, daysBetween(world.startDate, endDate));
  const facts = world.facts.get(profile.profileId) ?? [];
  const accs = groupFacts(world, facts, config, from, to);
  const columns = columnGetters(world, profile, config.columns, startDate, endDate);
  const rows: Record<string, unknown>[] = [];
  for (const a of accs) {
    if (config.reportTypeId === "spSearchTerm" && a.clicks < 1) continue;
    const row: Record<string, unknown> = {};
    for (const { col, value } of columns) row[col] = value(a) ?? null;
    rows.push(row);
  }
  return rows;
}

export { addDays, productKey };
