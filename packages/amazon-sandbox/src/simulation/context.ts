/**
 * What every stage of a simulated day shares: the chosen sellers' live entities indexed by parent
 * (built once per day) and the day's running stock and ad-sales ledger.
 */
import type {
  AdGroup,
  Keyword,
  NegativeKeyword,
  NegativeTarget,
  ProductAd,
  TargetingClause,
  World,
} from "../world.ts";

type Live = { state: string; profileId: number };

/** The enabled entities of the chosen sellers' profiles, by parent id. */
export interface LiveIndex {
  isLive: (e: Live) => boolean;
  groupsByCampaign: Map<string, AdGroup[]>;
  kwByGroup: Map<string, Keyword[]>;
  tgByGroup: Map<string, TargetingClause[]>;
  adsByGroup: Map<string, ProductAd[]>;
  negKwByGroup: Map<string, NegativeKeyword[]>;
  negTgByGroup: Map<string, NegativeTarget[]>;
  campNegKw: Map<string, NegativeKeyword[]>;
  campNegTg: Map<string, NegativeTarget[]>;
}

/** Per product key: stock left after the day's ad orders, ad units and ad sales so far. */
export interface DayLedger {
  stockLeft: Map<string, number>;
  adUnits: Map<string, number>;
  adSales: Map<string, number>;
}

export function emptyLedger(): DayLedger {
  return { stockLeft: new Map(), adUnits: new Map(), adSales: new Map() };
}

function groupBy<T extends Live>(
  items: Iterable<T>,
  isLive: (e: Live) => boolean,
  parentOf: (item: T) => string | undefined,
): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    if (!isLive(it)) continue;
    const parent = parentOf(it);
    if (parent === undefined) continue;
    const list = m.get(parent) ?? [];
    list.push(it);
    m.set(parent, list);
  }
  return m;
}

/** Indexes children by parent once per day (only the chosen sellers' entities). */
export function buildLiveIndex(world: World, includes: (sellerId: string) => boolean): LiveIndex {
  const e = world.entities;
  const profileIds = new Set(
    world.profiles.filter((p) => includes(p.sellerId)).map((p) => p.profileId),
  );
  const isLive = (x: Live): boolean => x.state === "ENABLED" && profileIds.has(x.profileId);
  const byGroup = <T extends Live & { adGroupId: string | undefined }>(items: Iterable<T>) =>
    groupBy(items, isLive, (it) => it.adGroupId);
  const byCampaign = <T extends Live & { campaignId: string }>(items: Iterable<T>) =>
    groupBy(items, isLive, (it) => it.campaignId);
  return {
    isLive,
    groupsByCampaign: byCampaign(e.adGroups.values()),
    kwByGroup: byGroup(e.keywords.values()),
    tgByGroup: byGroup(e.targets.values()),
    adsByGroup: byGroup(e.productAds.values()),
    negKwByGroup: byGroup(e.negativeKeywords.values()),
    negTgByGroup: byGroup(e.negativeTargets.values()),
    campNegKw: byCampaign(e.campaignNegativeKeywords.values()),
    campNegTg: byCampaign(e.campaignNegativeTargets.values()),
  };
}
