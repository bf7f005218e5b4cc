/** Ads reporting v3 rows, from the stored daily facts (the SP-API listings report: merchant-listings-report.ts). */
import { expressionString } from "./ads/expressions.ts";
import { addDays, daysBetween } from "./dates.ts";
import { marketplaceById } from "./marketplaces.ts";
import type { AdFact, Profile, World } from "./world.ts";
import { dateOfDay, productKey } from "./world.ts";

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

interface Acc {
  sample: AdFact;
  day: number;
  impressions: number;
  clicks: number;
  cost: number;
  topImpr: number;
  topEligible: number;
  p1: number;
  p7: number;
  s1: number;
  s7: number;
  u1: number;
  u7: number;
  ps1: number;
  ps7: number;
  ss1: number;
  ss7: number;
  us1: number;
  us7: number;
  salesOther: number;
  unitsOther: number;
}

const PLACEMENT_CLASS = [
  "Top of Search on-Amazon",
  "Rest of Search on-Amazon",
  "Detail Page on-Amazon",
];

const r2 = (x: number): number => Math.round(x * 100) / 100;

export interface AdsReportConfig {
  reportTypeId: string;
  groupBy: string[];
  columns: string[];
  timeUnit: "DAILY" | "SUMMARY";
  filters: { field: string; values: string[] }[];
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
  const today = world.day;
  const facts = world.facts.get(profile.profileId) ?? [];
  const e = world.entities;
  // a group's key within one day (a DAILY report starts its groups afresh each day), one part per
  // level of nested maps: no key string built per fact
  const keyParts: ((f: AdFact) => string | number)[] =
    config.reportTypeId === "spCampaigns"
      ? [
          (f) => f.campaignId,
          ...(config.groupBy.includes("adGroup") ? [(f: AdFact) => f.adGroupId] : []),
          ...(config.groupBy.includes("campaignPlacement") ? [(f: AdFact) => f.placement] : []),
        ]
      : config.reportTypeId === "spTargeting"
        ? [(f) => f.targetId]
        : config.reportTypeId === "spSearchTerm"
          ? [(f) => f.targetId, (f) => f.termIdx]
          : [(f) => f.adId];
  const lastPart = keyParts.length - 1;
  /** The innermost map of a fact's group (created on first use). */
  const groupsOf = (root: Map<string | number, unknown>, f: AdFact): Map<string | number, Acc> => {
    let m = root;
    for (let i = 0; i < lastPart; i++) {
      const k = (keyParts[i] as (f: AdFact) => string | number)(f);
      let next = m.get(k) as Map<string | number, unknown> | undefined;
      if (!next) {
        next = new Map();
        m.set(k, next);
      }
      m = next;
    }
    return m as Map<string | number, Acc>;
  };
  const groupKey = keyParts[lastPart] as (f: AdFact) => string | number;
  const filters = config.filters.map((flt) => ({
    field: flt.field,
    values: new Set(flt.values.map((v) => v.toUpperCase())),
  }));
  const filterOk = (f: AdFact): boolean => {
    for (const { field, values } of filters) {
      if (field === "campaignStatus" && !values.has(e.campaigns.get(f.campaignId)?.state ?? ""))
        return false;
      if (field === "adStatus" && !values.has(e.adGroups.get(f.adGroupId)?.state ?? ""))
        return false;
      if (field === "adCreativeStatus" && !values.has(e.productAds.get(f.adId)?.state ?? ""))
        return false;
      if (field === "keywordType" && !values.has(keywordTypeOf(world, f.targetId))) return false;
      if (field === "adKeywordStatus") {
        const st = e.keywords.get(f.targetId)?.state ?? e.targets.get(f.targetId)?.state ?? "";
        if (!values.has(st)) return false;
      }
    }
    return true;
  };
  // groups in the order they first appear (the rows' order)
  const accs: Acc[] = [];
  let root = new Map<string | number, unknown>();
  for (let d = from; d <= to; d++) {
    if (config.timeUnit === "DAILY") root = new Map();
    for (const f of facts[d] ?? []) {
      if (filters.length && !filterOk(f)) continue;
      const groups = groupsOf(root, f);
      const k = groupKey(f);
      let a = groups.get(k);
      if (!a) {
        a = {
          sample: f,
          day: d,
          impressions: 0,
          clicks: 0,
          cost: 0,
          topImpr: 0,
          topEligible: 0,
          p1: 0,
          p7: 0,
          s1: 0,
          s7: 0,
          u1: 0,
          u7: 0,
          ps1: 0,
          ps7: 0,
          ss1: 0,
          ss7: 0,
          us1: 0,
          us7: 0,
          salesOther: 0,
          unitsOther: 0,
        };
        groups.set(k, a);
        accs.push(a);
      }
      a.impressions += f.impressions;
      a.clicks += f.clicks;
      a.cost += f.cost;
      if (f.placement === 0) {
        a.topImpr += f.impressions;
        a.topEligible += f.eligible;
      }
      for (const o of f.orders) {
        if (f.day + o.lag >= today) continue; // not yet attributed
        a.p7++;
        a.s7 += o.sales;
        a.u7 += o.units;
        if (o.sameSku) {
          a.ps7++;
          a.ss7 += o.sales;
          a.us7 += o.units;
        } else {
          a.salesOther += o.sales;
          a.unitsOther += o.units;
        }
        if (o.lag === 0) {
          a.p1++;
          a.s1 += o.sales;
          a.u1 += o.units;
          if (o.sameSku) {
            a.ps1++;
            a.ss1 += o.sales;
            a.us1 += o.units;
          }
        }
      }
    }
  }
  const mp = marketplaceById(profile.marketplaceId);
  // one date string per day, not one per row
  const dates = new Map<number, string>();
  const dateOf = (day: number): string => {
    let d = dates.get(day);
    if (d === undefined) {
      d = dateOfDay(world, day);
      dates.set(day, d);
    }
    return d;
  };
  const terms = world.terms.get(profile.marketplaceId);
  const targeting = (f: AdFact): string => {
    const kw = e.keywords.get(f.targetId);
    if (kw) return kw.keywordText;
    const tc = e.targets.get(f.targetId);
    return tc ? expressionString(tc.expression) : "";
  };
  // one getter per requested column, chosen once per report (not per row)
  const columnValue = (col: string): ((a: Acc) => unknown) => {
    switch (col) {
      case "date":
        return (a) => dateOf(a.day);
      case "startDate":
        return () => startDate;
      case "endDate":
        return () => endDate;
      case "campaignId":
        return (a) => Number(a.sample.campaignId);
      case "campaignName":
        return (a) => e.campaigns.get(a.sample.campaignId)?.name ?? "";
      case "campaignStatus":
        return (a) => e.campaigns.get(a.sample.campaignId)?.state ?? "";
      case "campaignBudgetAmount":
        return (a) => e.campaigns.get(a.sample.campaignId)?.budget.budget ?? 0;
      case "campaignBudgetType":
        return (a) => e.campaigns.get(a.sample.campaignId)?.budget.budgetType ?? "DAILY";
      case "campaignBudgetCurrencyCode":
        return () => mp?.currencyCode ?? "";
      case "campaignBiddingStrategy":
        return (a) => e.campaigns.get(a.sample.campaignId)?.dynamicBidding.strategy ?? "";
      case "adGroupId":
        return (a) => Number(a.sample.adGroupId);
      case "adGroupName":
        return (a) => e.adGroups.get(a.sample.adGroupId)?.name ?? "";
      case "adStatus":
        return (a) => e.adGroups.get(a.sample.adGroupId)?.state ?? "";
      case "placementClassification":
        return (a) => PLACEMENT_CLASS[a.sample.placement];
      case "topOfSearchImpressionShare":
        return (a) =>
          a.topEligible > 0 ? Math.round((a.topImpr / a.topEligible) * 10000) / 100 : 0;
      case "keywordId":
        return (a) => Number(a.sample.targetId);
      case "keyword":
      case "targeting":
        return (a) => targeting(a.sample);
      case "keywordBid":
        return (a) => {
          const f = a.sample;
          return (
            e.keywords.get(f.targetId)?.bid ??
            e.targets.get(f.targetId)?.bid ??
            e.adGroups.get(f.adGroupId)?.defaultBid ??
            0
          );
        };
      case "keywordType":
      case "matchType":
        return (a) => keywordTypeOf(world, a.sample.targetId);
      case "adKeywordStatus":
        return (a) =>
          e.keywords.get(a.sample.targetId)?.state ?? e.targets.get(a.sample.targetId)?.state ?? "";
      case "searchTerm":
        return (a) => terms?.[a.sample.termIdx]?.text ?? "";
      case "adId":
        return (a) => Number(a.sample.adId);
      case "advertisedAsin":
        return (a) => e.productAds.get(a.sample.adId)?.asin ?? "";
      case "advertisedSku":
        return (a) => e.productAds.get(a.sample.adId)?.sku ?? "";
      case "salesOtherSku7d":
        return (a) => r2(a.salesOther);
      case "unitsSoldOtherSku7d":
        return (a) => a.unitsOther;
      case "impressions":
        return (a) => a.impressions;
      case "clicks":
        return (a) => a.clicks;
      case "cost":
      case "spend":
        return (a) => r2(a.cost);
      case "costPerClick":
        return (a) => (a.clicks > 0 ? r2(a.cost / a.clicks) : 0);
      case "clickThroughRate":
        return (a) => (a.impressions > 0 ? Math.round((a.clicks / a.impressions) * 1e6) / 1e4 : 0);
      case "purchases1d":
        return (a) => a.p1;
      case "purchasesSameSku1d":
        return (a) => a.ps1;
      case "sales1d":
        return (a) => r2(a.s1);
      case "attributedSalesSameSku1d":
        return (a) => r2(a.ss1);
      case "unitsSoldClicks1d":
        return (a) => a.u1;
      case "unitsSoldSameSku1d":
        return (a) => a.us1;
      case "acosClicks7d":
      case "acosClicks14d":
        return (a) => (a.s7 > 0 ? Math.round((a.cost / a.s7) * 10000) / 100 : 0);
      case "roasClicks7d":
      case "roasClicks14d":
        return (a) => (a.cost > 0 ? r2(a.s7 / a.cost) : 0);
    }
    const windowed =
      /^(purchases|purchasesSameSku|sales|attributedSalesSameSku|unitsSoldClicks|unitsSoldSameSku)(7d|14d|30d)$/.exec(
        col,
      );
    switch (windowed?.[1]) {
      case "purchases":
        return (a) => a.p7;
      case "purchasesSameSku":
        return (a) => a.ps7;
      case "sales":
        return (a) => r2(a.s7);
      case "attributedSalesSameSku":
        return (a) => r2(a.ss7);
      case "unitsSoldClicks":
        return (a) => a.u7;
      case "unitsSoldSameSku":
        return (a) => a.us7;
    }
    return () => null;
  };
  const columns = config.columns.map((col) => ({ col, value: columnValue(col) }));
  const rows: Record<string, unknown>[] = [];
  for (const a of accs) {
    if (config.reportTypeId === "spSearchTerm" && a.clicks < 1) continue;
    const row: Record<string, unknown> = {};
    for (const { col, value } of columns) row[col] = value(a) ?? null;
    rows.push(row);
  }
  return rows;
}

export function keywordTypeOf(world: World, targetId: string): string {
  const kw = world.entities.keywords.get(targetId);
  if (kw) return kw.matchType;
  const tc = world.entities.targets.get(targetId);
  if (tc)
    return tc.expressionType === "AUTO"
      ? "TARGETING_EXPRESSION_PREDEFINED"
      : "TARGETING_EXPRESSION";
  return "";
}

export { addDays, productKey };
