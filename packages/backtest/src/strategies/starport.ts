import {
  type AdGroupNode,
  type CampaignNode,
  decisionImpact,
  type OptimiserInput,
  optimise,
  type PlacementKey,
  type ProductInfo,
  type RecentChange,
  type SearchTermFact,
  type TargetNode,
} from "@starport/optimiser";
import { resolveSettings } from "@starport/settings";
import type { Change } from "../apply.ts";
import { type Sums, type View, type ViewProfile, zero } from "../view.ts";
import { type Strategy, type StrategyConfig, termSums, windowSums } from "./common.ts";

/** Days of history the optimiser reads (settled part plus the newest days). */
export const STARPORT_WINDOW_DAYS = 60;
const PLACEMENT_KEYS: readonly PlacementKey[] = ["top", "rest", "productPage"];

/**
 * `starport`: the optimiser with the default settings in automatic mode, at the backtest's
 * shared target and bounds; harvesting and negation switched on, as the peer method does them.
 * Budget decisions are applied as in production's automatic mode (a campaign capped by its budget
 * on most of the last 7 days while under target: +max change per run); `budgets: false` leaves
 * them as flags (the strategy `starport-nobudget`).
 */
export function starportStrategy(
  config: StrategyConfig,
  options: { budgets: boolean } = { budgets: true },
): Strategy {
  const settings = resolveSettings({
    global: {
      level: "global",
      id: "backtest",
      name: "backtest",
      values: {
        targetMode: "fixed",
        targetAcos: Math.round(config.targetAcos * 10_000) / 100,
        minBidMicros: Math.round(config.minBid * 1e6),
        maxBidMicros: Math.round(config.maxBid * 1e6),
        automationMode: "automatic",
        harvestingEnabled: true,
        negationEnabled: true,
      },
    },
    marketplace: null,
    collections: [],
    product: null,
  });
  // per profile: the optimiser of a profile reads its own changes, as the loader would
  const changeLogs = new Map<number, RecentChange[]>();
  let last = new Map<string, { cvr: number; clicks: number }>();
  const projected = new WeakMap<Change, number>();
  return {
    name: "starport",
    estimates: () => last,
    projectionOf: (change) => projected.get(change),
    decide(view: View) {
      const out = new Map<number, Change[]>();
      const estimates = new Map<string, { cvr: number; clicks: number }>();
      for (const p of view.profiles) {
        let changeLog = changeLogs.get(p.profileId);
        if (!changeLog) {
          changeLog = [];
          changeLogs.set(p.profileId, changeLog);
        }
        const input = toInput(view, p, settings, changeLog);
        const result = optimise(input);
        for (const [k, v] of result.estimates) estimates.set(k, v);
        const changes: Change[] = [];
        const kindOf = new Map(p.targets.map((t) => [t.id, t.kind]));
        const breakEven = breakEvenByAdGroup(input);
        for (const d of result.decisions) {
          const impact = decisionImpact(
            d,
            d.kind === "bid" ? (breakEven.get(d.adGroupId) ?? null) : null,
          );
          switch (d.kind) {
            case "bid":
              changes.push({
                kind: "bid",
                entity: kindOf.get(d.entityId) ?? "keyword",
                id: d.entityId,
                bid: d.newBid,
              });
              if (impact) projected.set(changes.at(-1) as Change, impact.monthly);
              changeLog.push({ entityId: d.entityId, date: view.today, field: "bid" });
              break;
            case "state":
              changes.push({ kind: "adState", adId: d.entityId, state: d.state });
              changeLog.push({ entityId: d.entityId, date: view.today, field: "state" });
              break;
            case "negative":
              changes.push({
                kind: "negative",
                campaignId: d.campaignId,
                adGroupId: d.adGroupId,
                text: d.text,
                asin: d.negativeKind === "asin",
              });
              break;
            case "keyword":
              if (d.campaignId && d.adGroupId)
                changes.push({
                  kind: "create",
                  campaignId: d.campaignId,
                  adGroupId: d.adGroupId,
                  text: d.text,
                  asin: d.keywordKind === "asin",
                  bid: d.bid,
                });
              break;
            case "budget":
              // automatic mode applies the raise of a budget-capped campaign under target, as
              // production's automatic runs do (apps/api/src/optimiser/run-optimiser.ts)
              if (!options.budgets) break;
              changes.push({ kind: "budget", campaignId: d.campaignId, budget: d.newBudget });
              if (impact) projected.set(changes.at(-1) as Change, impact.monthly);
              changeLog.push({ entityId: d.campaignId, date: view.today, field: "budget" });
              break;
          }
        }
        out.set(p.profileId, changes);
      }
      last = estimates;
      // the cool-down needs the last days only
      const keepFrom = new Date(Date.parse(`${view.today}T00:00:00Z`) - 30 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      for (const [profileId, changeLog] of changeLogs) {
        const kept = changeLog.findIndex((c) => c.date >= keepFrom);
        if (kept !== 0) changeLogs.set(profileId, kept < 0 ? [] : changeLog.slice(kept));
      }
      return out;
    },
  };
}

/** The break-even ACoS of each ad group's first product that has one (as production's run takes it). */
function breakEvenByAdGroup(input: OptimiserInput): Map<string, number> {
  const byProduct = new Map(input.products.map((x) => [x.id, x.breakEvenAcos]));
  const out = new Map<string, number>();
  for (const c of input.campaigns)
    for (const g of c.adGroups)
      for (const ad of g.products) {
        const be = byProduct.get(ad.productId);
        if (be != null) {
          out.set(g.id, be);
          break;
        }
      }
  return out;
}

/** The view as the optimiser's input: what a database loader would read from the synced data. */
export function toInput(
  view: View,
  p: ViewProfile,
  settings: OptimiserInput["profileSettings"],
  recentChanges: readonly RecentChange[],
): OptimiserInput {
  const lag = settings.values.attributionLagDays.value ?? 3;
  const to = view.day - 1;
  const from = view.day - STARPORT_WINDOW_DAYS;
  const settledTo = to - lag;
  const settled = windowSums(p.reports.targeting, from, settledTo);
  const recentDays: { day: number; m: Map<string, Sums> }[] = [];
  for (let d = settledTo + 1; d <= to; d++)
    recentDays.push({ day: d, m: p.reports.targeting[d] ?? new Map() });
  const placements = new Map<string, Sums>();
  const dailySpend = new Map<string, number[]>();
  for (let d = Math.max(0, from); d <= to; d++) {
    for (const [k, s] of p.reports.placements[d] ?? []) {
      const acc = placements.get(k) ?? zero();
      acc.impressions += s.impressions;
      acc.clicks += s.clicks;
      acc.cost += s.cost;
      acc.orders += s.orders;
      acc.sales += s.sales;
      placements.set(k, acc);
      if (d > to - 7) {
        const cid = k.slice(0, k.indexOf("|"));
        const list = dailySpend.get(cid) ?? new Array(7).fill(0);
        list[d - (to - 6)] += s.cost;
        dailySpend.set(cid, list);
      }
    }
  }
  const spendByAsin = new Map<string, number>();
  for (let d = Math.max(0, view.day - 30); d <= to; d++)
    for (const [asin, c] of p.reports.adSpend[d] ?? [])
      spendByAsin.set(asin, (spendByAsin.get(asin) ?? 0) + c);

  const targetsByGroup = new Map<string, TargetNode[]>();
  for (const t of p.targets) {
    if (t.state === "ARCHIVED") continue;
    const recent = recentDays.map(({ day, m }) => ({
      ...(m.get(t.id) ?? zero()),
      ageDays: view.day - day,
    }));
    const node: TargetNode = {
      id: t.id,
      kind: t.kind,
      text: t.text,
      matchType: t.matchType,
      auto: t.auto,
      state: t.state,
      bid: t.bid,
      facts: { settled: settled.get(t.id) ?? zero(), recent },
    };
    const list = targetsByGroup.get(t.adGroupId) ?? [];
    list.push(node);
    targetsByGroup.set(t.adGroupId, list);
  }
  const adsByGroup = new Map<string, AdGroupNode["products"][number][]>();
  for (const ad of p.productAds) {
    const list = adsByGroup.get(ad.adGroupId) ?? [];
    list.push({ productId: ad.asin, adId: ad.adId, state: ad.state });
    adsByGroup.set(ad.adGroupId, list);
  }
  const negByGroup = new Map<string, string[]>();
  for (const key of p.negatives) {
    const i = key.indexOf("|");
    const g = key.slice(0, i);
    const list = negByGroup.get(g) ?? [];
    list.push(key.slice(i + 1));
    negByGroup.set(g, list);
  }
  const groupsByCampaign = new Map<string, AdGroupNode[]>();
  for (const g of p.adGroups) {
    if (g.state === "ARCHIVED") continue;
    const list = groupsByCampaign.get(g.campaignId) ?? [];
    list.push({
      id: g.id,
      name: g.name,
      state: g.state,
      defaultBid: g.defaultBid,
      products: adsByGroup.get(g.id) ?? [],
      targets: targetsByGroup.get(g.id) ?? [],
      negativeExact: negByGroup.get(g.id) ?? [],
    });
    groupsByCampaign.set(g.campaignId, list);
  }
  const campaigns: CampaignNode[] = p.campaigns
    .filter((c) => c.state !== "ARCHIVED")
    .map((c) => ({
      id: c.id,
      name: c.name,
      state: c.state,
      targetingType: c.targetingType,
      dailyBudget: c.budget,
      biddingStrategy: c.strategy,
      placementAdjustments: {
        top: c.placements[0],
        rest: c.placements[1],
        productPage: c.placements[2],
      },
      placements: Object.fromEntries(
        PLACEMENT_KEYS.map((k, i) => [k, placements.get(`${c.id}|${i}`) ?? zero()]),
      ) as CampaignNode["placements"],
      dailySpend: dailySpend.get(c.id) ?? [],
      adGroups: groupsByCampaign.get(c.id) ?? [],
    }));
  const products: ProductInfo[] = p.products.map((x) => {
    const perDay = x.unitsLast14 / 14;
    return {
      id: x.asin,
      asin: x.asin,
      price: x.price,
      settings,
      breakEvenAcos: x.breakEvenAcos,
      stockUnits: x.stock,
      daysOfCover: perDay > 0 ? x.stock / perDay : null,
      spend: spendByAsin.get(x.asin) ?? 0,
    };
  });
  const searchTerms: SearchTermFact[] = [];
  for (const [key, s] of termSums(p.reports, from, to)) {
    const i = key.indexOf("\t");
    searchTerms.push({
      campaignId: s.campaignId,
      adGroupId: s.adGroupId,
      targetId: key.slice(0, i),
      searchTerm: key.slice(i + 1),
      sums: {
        impressions: s.impressions,
        clicks: s.clicks,
        cost: s.cost,
        orders: s.orders,
        sales: s.sales,
      },
    });
  }
  return {
    today: view.today,
    windowDays: STARPORT_WINDOW_DAYS,
    countryCode: p.countryCode,
    profileSettings: settings,
    campaigns,
    products,
    searchTerms,
    recentChanges,
  };
}
