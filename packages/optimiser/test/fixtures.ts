import { resolveSettings, type SettingsLayerValues } from "@starport/settings";
import type {
  AdGroupNode,
  CampaignNode,
  OptimiserInput,
  ProductInfo,
  Sums,
  TargetNode,
} from "../src/index.ts";

export const sums = (
  clicks: number,
  orders: number,
  sales = orders * 25,
  cost = clicks * 0.5,
): Sums => ({
  impressions: clicks * 200,
  clicks,
  cost,
  orders,
  sales,
});

export function settings(values: SettingsLayerValues = {}) {
  return resolveSettings({
    global: { level: "global", id: "profile", name: "Profil", values },
    marketplace: null,
    collections: [],
    product: null,
  });
}

export function target(
  id: string,
  bid: number,
  s: Sums,
  extra: Partial<TargetNode> = {},
): TargetNode {
  return {
    id,
    kind: "keyword",
    text: id,
    matchType: "EXACT",
    auto: false,
    state: "ENABLED",
    bid,
    facts: { settled: s },
    ...extra,
  };
}

export function adGroup(
  id: string,
  targets: TargetNode[],
  extra: Partial<AdGroupNode> = {},
): AdGroupNode {
  return {
    id,
    name: id,
    state: "ENABLED",
    defaultBid: 0.5,
    products: [{ productId: "p1", adId: `ad-${id}`, state: "ENABLED" }],
    targets,
    negativeExact: [],
    ...extra,
  };
}

export function campaign(
  id: string,
  adGroups: AdGroupNode[],
  extra: Partial<CampaignNode> = {},
): CampaignNode {
  return {
    id,
    name: id,
    state: "ENABLED",
    targetingType: "MANUAL",
    dailyBudget: 1000,
    biddingStrategy: "MANUAL",
    placementAdjustments: { top: 0, rest: 0, productPage: 0 },
    placements: {},
    dailySpend: [],
    adGroups,
    ...extra,
  };
}

export function product(
  extra: Partial<ProductInfo> = {},
  values: SettingsLayerValues = {},
): ProductInfo {
  return {
    id: "p1",
    asin: "B0TEST0001",
    price: 25,
    settings: settings({ targetAcos: 30, maxBidChangePercent: 100, ...values }),
    breakEvenAcos: 0.35,
    stockUnits: 500,
    daysOfCover: 60,
    spend: 0,
    ...extra,
  };
}

export function input(
  campaigns: CampaignNode[],
  extra: Partial<OptimiserInput> = {},
): OptimiserInput {
  return {
    today: "2026-11-20",
    countryCode: "DE",
    profileSettings: settings(),
    campaigns,
    products: [product()],
    searchTerms: [],
    recentChanges: [],
    ...extra,
  };
}

/** Many sibling ad groups with spread in their CVR, so the prior strengths have data to fit. */
export function siblings(
  count: number,
  clicks: number,
  cvrs: (i: number) => number,
): AdGroupNode[] {
  return Array.from({ length: count }, (_, i) =>
    adGroup(`sib${i}`, [target(`sib${i}-k`, 0.5, sums(clicks, Math.round(clicks * cvrs(i))))]),
  );
}
