/** An Ads report's columns: one getter per requested column, chosen once per report (not per row). */
import { expressionString } from "../ads/expressions.ts";
import { marketplaceById } from "../marketplaces.ts";
import { type AdFact, dateOfDay, type Profile, type World } from "../world.ts";
import { type Acc, keywordTypeOf } from "./groups.ts";

type Getter = (a: Acc) => unknown;

const PLACEMENT_CLASS = [
  "Top of Search on-Amazon",
  "Rest of Search on-Amazon",
  "Detail Page on-Amazon",
];

const r2 = (x: number): number => Math.round(x * 100) / 100;

/** What the dimension getters read: the world, the profile's marketplace, the report's dates. */
interface DimensionSource {
  world: World;
  profile: Profile;
  startDate: string;
  endDate: string;
  /** One date string per day, not one per row. */
  dateOf: (day: number) => string;
}

function targetingText(world: World, f: AdFact): string {
  const kw = world.entities.keywords.get(f.targetId);
  if (kw) return kw.keywordText;
  const tc = world.entities.targets.get(f.targetId);
  return tc ? expressionString(tc.expression) : "";
}

/** Dimensions of the group's campaign, ad group and report time; undefined for another column. */
function campaignColumn(src: DimensionSource, col: string): Getter | undefined {
  const e = src.world.entities;
  switch (col) {
    case "date":
      return (a) => src.dateOf(a.day);
    case "startDate":
      return () => src.startDate;
    case "endDate":
      return () => src.endDate;
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
    case "campaignBudgetCurrencyCode": {
      const mp = marketplaceById(src.profile.marketplaceId);
      return () => mp?.currencyCode ?? "";
    }
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
      return (a) => (a.topEligible > 0 ? Math.round((a.topImpr / a.topEligible) * 10000) / 100 : 0);
  }
  return undefined;
}

/** Dimensions of the group's keyword or target, search term and ad; undefined for another column. */
function targetColumn(src: DimensionSource, col: string): Getter | undefined {
  const { world } = src;
  const e = world.entities;
  switch (col) {
    case "keywordId":
      return (a) => Number(a.sample.targetId);
    case "keyword":
    case "targeting":
      return (a) => targetingText(world, a.sample);
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
    case "searchTerm": {
      const terms = world.terms.get(src.profile.marketplaceId);
      return (a) => terms?.[a.sample.termIdx]?.text ?? "";
    }
    case "adId":
      return (a) => Number(a.sample.adId);
    case "advertisedAsin":
      return (a) => e.productAds.get(a.sample.adId)?.asin ?? "";
    case "advertisedSku":
      return (a) => e.productAds.get(a.sample.adId)?.sku ?? "";
  }
  return undefined;
}

/** The metrics (traffic, 1-day and 7-day-and-longer attribution); undefined for another column. */
function metricColumn(col: string): Getter | undefined {
  switch (col) {
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
  return undefined;
}

/** The requested columns with their getters (an unknown column reads null). */
export function columnGetters(
  world: World,
  profile: Profile,
  columns: string[],
  startDate: string,
  endDate: string,
): { col: string; value: Getter }[] {
  const dates = new Map<number, string>();
  const dateOf = (day: number): string => {
    let d = dates.get(day);
    if (d === undefined) {
      d = dateOfDay(world, day);
      dates.set(day, d);
    }
    return d;
  };
  const src: DimensionSource = { world, profile, startDate, endDate, dateOf };
  return columns.map((col) => ({
    col,
    value: campaignColumn(src, col) ?? targetColumn(src, col) ?? metricColumn(col) ?? (() => null),
  }));
}
