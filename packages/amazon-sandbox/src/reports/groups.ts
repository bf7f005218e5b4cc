/**
 * An Ads report's groups: the stored facts of its days, filtered, summed per group (per day for a
 * DAILY report), with the orders attributed by today.
 */
import type { AdFact, World } from "../world.ts";

export interface AdsReportConfig {
  reportTypeId: string;
  groupBy: string[];
  columns: string[];
  timeUnit: "DAILY" | "SUMMARY";
  filters: { field: string; values: string[] }[];
}

/** One group's sums; `sample` is its first fact (its dimensions), `day` that fact's day. */
export interface Acc {
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

function newAcc(sample: AdFact, day: number): Acc {
  return {
    sample,
    day,
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
}

/** Adds a fact and its orders attributed before `today` (1d: same day; 7d and longer: all). */
function addFact(a: Acc, f: AdFact, today: number): void {
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

/**
 * A group's key within one day (a DAILY report starts its groups afresh each day), one part per
 * level of nested maps: no key string built per fact.
 */
function keyPartsOf(config: AdsReportConfig): ((f: AdFact) => string | number)[] {
  if (config.reportTypeId === "spCampaigns")
    return [
      (f) => f.campaignId,
      ...(config.groupBy.includes("adGroup") ? [(f: AdFact) => f.adGroupId] : []),
      ...(config.groupBy.includes("campaignPlacement") ? [(f: AdFact) => f.placement] : []),
    ];
  if (config.reportTypeId === "spTargeting") return [(f) => f.targetId];
  if (config.reportTypeId === "spSearchTerm") return [(f) => f.targetId, (f) => f.termIdx];
  return [(f) => f.adId];
}

/** The report's filters as one fact test; null without filters. */
function filterOf(world: World, config: AdsReportConfig): ((f: AdFact) => boolean) | null {
  const e = world.entities;
  const filters = config.filters.map((flt) => ({
    field: flt.field,
    values: new Set(flt.values.map((v) => v.toUpperCase())),
  }));
  if (!filters.length) return null;
  return (f: AdFact): boolean => {
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
}

/** The groups of days `from`..`to` in the order they first appear (the rows' order). */
export function groupFacts(
  world: World,
  facts: AdFact[][],
  config: AdsReportConfig,
  from: number,
  to: number,
): Acc[] {
  const today = world.day;
  const keyParts = keyPartsOf(config);
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
  const filterOk = filterOf(world, config);
  const accs: Acc[] = [];
  let root = new Map<string | number, unknown>();
  for (let d = from; d <= to; d++) {
    if (config.timeUnit === "DAILY") root = new Map();
    for (const f of facts[d] ?? []) {
      if (filterOk && !filterOk(f)) continue;
      const groups = groupsOf(root, f);
      const k = groupKey(f);
      let a = groups.get(k);
      if (!a) {
        a = newAcc(f, d);
        groups.set(k, a);
        accs.push(a);
      }
      addFact(a, f, today);
    }
  }
  return accs;
}
