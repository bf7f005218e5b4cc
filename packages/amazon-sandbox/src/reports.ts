/** Ads reporting v3 rows (from the stored daily facts) and the SP-API merchant listings report. */
import { expressionString } from "./ads-entities.ts";
import { addDays, daysBetween } from "./dates.ts";
import { marketplaceById } from "./marketplaces.ts";
import type { AdFact, Profile, World } from "./world.ts";
import { dateOfDay, productKey, sellerProducts } from "./world.ts";

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
  const groups = new Map<string, Acc>();
  const e = world.entities;
  const keyOf = (f: AdFact): string => {
    const parts: (string | number)[] = [];
    if (config.timeUnit === "DAILY") parts.push(f.day);
    switch (config.reportTypeId) {
      case "spCampaigns":
        parts.push(f.campaignId);
        if (config.groupBy.includes("adGroup")) parts.push(f.adGroupId);
        if (config.groupBy.includes("campaignPlacement")) parts.push(f.placement);
        break;
      case "spTargeting":
        parts.push(f.targetId);
        break;
      case "spSearchTerm":
        parts.push(f.targetId, f.termIdx);
        break;
      default:
        parts.push(f.adId);
    }
    return parts.join("|");
  };
  const filterOk = (f: AdFact): boolean => {
    for (const flt of config.filters) {
      const vals = flt.values.map((v) => v.toUpperCase());
      if (
        flt.field === "campaignStatus" &&
        !vals.includes(e.campaigns.get(f.campaignId)?.state ?? "")
      )
        return false;
      if (flt.field === "adStatus" && !vals.includes(e.adGroups.get(f.adGroupId)?.state ?? ""))
        return false;
      if (flt.field === "adCreativeStatus" && !vals.includes(e.productAds.get(f.adId)?.state ?? ""))
        return false;
      if (flt.field === "keywordType" && !vals.includes(keywordTypeOf(world, f.targetId)))
        return false;
      if (flt.field === "adKeywordStatus") {
        const st = e.keywords.get(f.targetId)?.state ?? e.targets.get(f.targetId)?.state ?? "";
        if (!vals.includes(st)) return false;
      }
    }
    return true;
  };
  for (let d = from; d <= to; d++) {
    for (const f of facts[d] ?? []) {
      if (config.filters.length && !filterOk(f)) continue;
      const k = keyOf(f);
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
  const rows: Record<string, unknown>[] = [];
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
  for (const a of groups.values()) {
    if (config.reportTypeId === "spSearchTerm" && a.clicks < 1) continue;
    const f = a.sample;
    const c = e.campaigns.get(f.campaignId);
    const g = e.adGroups.get(f.adGroupId);
    const kw = e.keywords.get(f.targetId);
    const tc = e.targets.get(f.targetId);
    const ad = e.productAds.get(f.adId);
    const term = world.terms.get(profile.marketplaceId)?.[f.termIdx];
    const value = (col: string): unknown => {
      switch (col) {
        case "date":
          return dateOf(a.day);
        case "startDate":
          return startDate;
        case "endDate":
          return endDate;
        case "campaignId":
          return Number(f.campaignId);
        case "campaignName":
          return c?.name ?? "";
        case "campaignStatus":
          return c?.state ?? "";
        case "campaignBudgetAmount":
          return c?.budget.budget ?? 0;
        case "campaignBudgetType":
          return c?.budget.budgetType ?? "DAILY";
        case "campaignBudgetCurrencyCode":
          return mp?.currencyCode ?? "";
        case "campaignBiddingStrategy":
          return c?.dynamicBidding.strategy ?? "";
        case "adGroupId":
          return Number(f.adGroupId);
        case "adGroupName":
          return g?.name ?? "";
        case "adStatus":
          return g?.state ?? "";
        case "placementClassification":
          return PLACEMENT_CLASS[f.placement];
        case "topOfSearchImpressionShare":
          return a.topEligible > 0 ? Math.round((a.topImpr / a.topEligible) * 10000) / 100 : 0;
        case "keywordId":
          return Number(f.targetId);
        case "keyword":
          return kw ? kw.keywordText : tc ? expressionString(tc.expression) : "";
        case "keywordBid":
          return kw?.bid ?? tc?.bid ?? g?.defaultBid ?? 0;
        case "keywordType":
          return keywordTypeOf(world, f.targetId);
        case "matchType":
          return keywordTypeOf(world, f.targetId);
        case "targeting":
          return kw ? kw.keywordText : tc ? expressionString(tc.expression) : "";
        case "adKeywordStatus":
          return kw?.state ?? tc?.state ?? "";
        case "searchTerm":
          return term?.text ?? "";
        case "adId":
          return Number(f.adId);
        case "advertisedAsin":
          return ad?.asin ?? "";
        case "advertisedSku":
          return ad?.sku ?? "";
        case "salesOtherSku7d":
          return r2(a.salesOther);
        case "unitsSoldOtherSku7d":
          return a.unitsOther;
        case "impressions":
          return a.impressions;
        case "clicks":
          return a.clicks;
        case "cost":
          return r2(a.cost);
        case "spend":
          return r2(a.cost);
        case "costPerClick":
          return a.clicks > 0 ? r2(a.cost / a.clicks) : 0;
        case "clickThroughRate":
          return a.impressions > 0 ? Math.round((a.clicks / a.impressions) * 1e6) / 1e4 : 0;
        case "purchases1d":
          return a.p1;
        case "purchasesSameSku1d":
          return a.ps1;
        case "sales1d":
          return r2(a.s1);
        case "attributedSalesSameSku1d":
          return r2(a.ss1);
        case "unitsSoldClicks1d":
          return a.u1;
        case "unitsSoldSameSku1d":
          return a.us1;
        case "acosClicks7d":
          return a.s7 > 0 ? Math.round((a.cost / a.s7) * 10000) / 100 : 0;
        case "acosClicks14d":
          return a.s7 > 0 ? Math.round((a.cost / a.s7) * 10000) / 100 : 0;
        case "roasClicks7d":
          return a.cost > 0 ? r2(a.s7 / a.cost) : 0;
        case "roasClicks14d":
          return a.cost > 0 ? r2(a.s7 / a.cost) : 0;
      }
      const windowed =
        /^(purchases|purchasesSameSku|sales|attributedSalesSameSku|unitsSoldClicks|unitsSoldSameSku)(7d|14d|30d)$/.exec(
          col,
        );
      switch (windowed?.[1]) {
        case "purchases":
          return a.p7;
        case "purchasesSameSku":
          return a.ps7;
        case "sales":
          return r2(a.s7);
        case "attributedSalesSameSku":
          return r2(a.ss7);
        case "unitsSoldClicks":
          return a.u7;
        case "unitsSoldSameSku":
          return a.us7;
      }
      return undefined;
    };
    const row: Record<string, unknown> = {};
    for (const col of config.columns) row[col] = value(col) ?? null;
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

/** GET_MERCHANT_LISTINGS_ALL_DATA as tab-separated text. */
export function merchantListingsTsv(
  world: World,
  sellerId: string,
  marketplaceIds: string[],
): string {
  const cols = [
    "item-name",
    "item-description",
    "listing-id",
    "seller-sku",
    "price",
    "quantity",
    "open-date",
    "image-url",
    "item-is-marketplace",
    "product-id-type",
    "zshop-shipping-fee",
    "item-note",
    "item-condition",
    "zshop-category1",
    "zshop-browse-path",
    "zshop-storefront-feature",
    "asin1",
    "asin2",
    "asin3",
    "will-ship-internationally",
    "expedited-shipping",
    "zshop-boldface",
    "product-id",
    "bid-for-featured-placement",
    "add-delete",
    "pending-quantity",
    "fulfillment-channel",
    "merchant-shipping-group",
    "status",
  ];
  const lines = [cols.join("\t")];
  for (const mpId of marketplaceIds) {
    for (const p of sellerProducts(world, sellerId, mpId)) {
      const row: Record<string, string> = {
        "item-name": p.title,
        "listing-id": `${p.asin.slice(2)}${mpId.slice(0, 3)}`,
        "seller-sku": p.sku,
        price: p.price.toFixed(2),
        quantity: String(p.stock),
        "open-date": `${p.createdDate} 10:00:00 UTC`,
        "item-is-marketplace": "y",
        "product-id-type": "1",
        "item-condition": "11",
        asin1: p.asin,
        "product-id": p.asin,
        "fulfillment-channel": "DEFAULT",
        "merchant-shipping-group": "Migrated Template",
        status: p.stock > 0 ? "Active" : "Inactive",
      };
      lines.push(cols.map((c) => (row[c] ?? "").replace(/[\t\n]/g, " ")).join("\t"));
    }
  }
  return `${lines.join("\n")}\n`;
}

export { addDays, productKey };
