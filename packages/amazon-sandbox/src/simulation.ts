/**
 * The marketplace simulation (described in this package's README, "Simulation").
 * One call of `simulateDay` turns the current Ads setup into stored daily facts.
 */
import { seasonality } from "./dates.ts";
import { marketplaceById } from "./marketplaces.ts";
import { keywordMatches, type Match, targetMatches, tokensContainSequence } from "./matching.ts";
import {
  MODEL,
  PLACEMENT_NAMES,
  priceFactor,
  quality,
  relevanceCvrFactor,
  trueCvr,
} from "./model.ts";
import { binomialCdfBelow, normalCdf, normalQuantile, rngFor } from "./rng.ts";
import { normalizeText, relevanceOf } from "./terms.ts";
import {
  type AdFact,
  type AdGroup,
  type Campaign,
  dateOfDay,
  type OrderDetail,
  type Product,
  productKey,
  type Term,
  type World,
} from "./world.ts";

/**
 * The best candidate per auction (term × 3 + placement) of one profile's day. Kept in arrays: an
 * object per improving candidate (and a heap number per fractional field) was tens of thousands
 * of allocations a day.
 */
class BestCandidates {
  /** Undefined: no candidate for the auction. */
  readonly targetId: (string | undefined)[];
  readonly campaign: (Campaign | undefined)[];
  readonly adGroup: (AdGroup | undefined)[];
  readonly ad: ({ adId: string; product: Product } | undefined)[];
  /** Relevance of the chosen product for the term. */
  readonly r: Float64Array;
  readonly effBid: Float64Array;
  readonly rank: Float64Array;
  readonly q: Float64Array;
  readonly reach: Float64Array;
  readonly size: number;
  constructor(size: number) {
    this.size = size;
    this.targetId = new Array<string | undefined>(size).fill(undefined);
    this.campaign = new Array<Campaign | undefined>(size).fill(undefined);
    this.adGroup = new Array<AdGroup | undefined>(size).fill(undefined);
    this.ad = new Array<{ adId: string; product: Product } | undefined>(size).fill(undefined);
    this.r = new Float64Array(size);
    this.effBid = new Float64Array(size);
    this.rank = new Float64Array(size);
    this.q = new Float64Array(size);
    this.reach = new Float64Array(size);
  }
}

function dynamicFactor(strategy: string, pcvr: number, placement: number): number {
  const rel = pcvr / MODEL.referenceCvr;
  if (strategy === "LEGACY_FOR_SALES") return Math.min(1, Math.max(0, rel));
  if (strategy === "AUTO_FOR_SALES") return Math.min(placement === 0 ? 2 : 1.5, Math.max(0, rel));
  return 1;
}

function placementAdjustments(c: Campaign): [number, number, number] {
  const adj: [number, number, number] = [0, 0, 0];
  for (const pb of c.dynamicBidding.placementBidding) {
    const i = PLACEMENT_NAMES.indexOf(pb.placement as (typeof PLACEMENT_NAMES)[number]);
    if (i >= 0) adj[i] = pb.percentage;
  }
  return adj;
}

function lagOf(u: number): number {
  let acc = 0;
  for (let i = 0; i < MODEL.attributionLag.length; i++) {
    acc += MODEL.attributionLag[i] ?? 0;
    if (u < acc) return i;
  }
  return MODEL.attributionLag.length - 1;
}

/** Whether a seller takes part in the days the clock advances (its business is not pending). */
export function isSimulated(world: World, sellerId: string | undefined): boolean {
  if (sellerId === undefined) return false;
  const business = world.businesses.get(sellerId);
  return business === undefined || business === "ready";
}

/** Simulates the current day for every seller in business and advances the clock by one day. */
export function simulateDay(world: World): void {
  simulateSellersDay(world, world.day, (sellerId) => isSimulated(world, sellerId));
  world.day += 1;
}

/**
 * Simulates one day (the current one, or a past one when a seller's history is built later) for
 * the sellers chosen. Sellers do not interact (each auctions against the simulated competitors),
 * and every draw is seeded by (seed, day, entity), so a seller's history is the same whether it
 * is simulated day by day with the others or on its own afterwards.
 */
export function simulateSellersDay(
  world: World,
  day: number,
  includes: (sellerId: string) => boolean,
): void {
  const date = dateOfDay(world, day);
  const season = seasonality(date);
  const adUnits = new Map<string, number>();
  const adSales = new Map<string, number>();
  const stockLeft = new Map<string, number>();
  const {
    campaigns,
    adGroups,
    keywords,
    targets,
    productAds,
    negativeKeywords,
    campaignNegativeKeywords,
  } = world.entities;

  // index children by parent once per day (only the chosen sellers' entities)
  const profileIds = new Set(
    world.profiles.filter((p) => includes(p.sellerId)).map((p) => p.profileId),
  );
  const isLive = (e: { state: string; profileId: number }): boolean =>
    e.state === "ENABLED" && profileIds.has(e.profileId);
  const groupsByCampaign = new Map<string, AdGroup[]>();
  for (const g of adGroups.values()) {
    if (!isLive(g)) continue;
    const list = groupsByCampaign.get(g.campaignId) ?? [];
    list.push(g);
    groupsByCampaign.set(g.campaignId, list);
  }
  const byAdGroup = <T extends { adGroupId: string | undefined; state: string; profileId: number }>(
    items: Iterable<T>,
  ) => {
    const m = new Map<string, T[]>();
    for (const it of items) {
      if (!isLive(it) || it.adGroupId === undefined) continue;
      const list = m.get(it.adGroupId) ?? [];
      list.push(it);
      m.set(it.adGroupId, list);
    }
    return m;
  };
  const byCampaign = <T extends { campaignId: string; state: string; profileId: number }>(
    items: Iterable<T>,
  ) => {
    const m = new Map<string, T[]>();
    for (const it of items) {
      if (!isLive(it)) continue;
      const list = m.get(it.campaignId) ?? [];
      list.push(it);
      m.set(it.campaignId, list);
    }
    return m;
  };
  const kwByGroup = byAdGroup(keywords.values());
  const tgByGroup = byAdGroup(targets.values());
  const adsByGroup = byAdGroup(productAds.values());
  const negKwByGroup = byAdGroup(negativeKeywords.values());
  const negTgByGroup = byAdGroup(world.entities.negativeTargets.values());
  const campNegKw = byCampaign(campaignNegativeKeywords.values());
  const campNegTg = byCampaign(world.entities.campaignNegativeTargets.values());

  for (const profile of world.profiles) {
    if (!includes(profile.sellerId)) continue;
    const mp = marketplaceById(profile.marketplaceId);
    if (!mp) continue;
    const terms = world.terms.get(mp.id) ?? [];
    // auctions run in key order
    const best = new BestCandidates(terms.length * 3);
    for (const c of campaigns.values()) {
      if (c.profileId !== profile.profileId || !isLive(c)) continue;
      if (c.startDate > date || (c.endDate !== undefined && c.endDate < date)) continue;
      const adj = placementAdjustments(c);
      for (const g of groupsByCampaign.get(c.campaignId) ?? []) {
        const ads: { adId: string; product: Product }[] = [];
        for (const ad of adsByGroup.get(g.adGroupId) ?? []) {
          const p = world.products.get(productKey(mp.id, ad.asin));
          if (!p || p.sellerId !== profile.sellerId) continue;
          const key = productKey(mp.id, p.asin);
          if (!stockLeft.has(key)) stockLeft.set(key, p.stock);
          if (p.stock <= 0) continue;
          ads.push({ adId: ad.adId, product: p });
        }
        if (ads.length === 0) continue;
        const negExact = new Set<string>();
        const negPhrase: string[][] = [];
        const negAsins = new Set<string>();
        const negBrands = new Set<string>();
        for (const n of [
          ...(negKwByGroup.get(g.adGroupId) ?? []),
          ...(campNegKw.get(c.campaignId) ?? []),
        ]) {
          const t = normalizeText(n.keywordText);
          if (n.matchType === "NEGATIVE_EXACT") negExact.add(t);
          else negPhrase.push(t.split(" "));
        }
        for (const n of [
          ...(negTgByGroup.get(g.adGroupId) ?? []),
          ...(campNegTg.get(c.campaignId) ?? []),
        ]) {
          for (const pr of n.expression) {
            if (pr.type === "ASIN_SAME_AS" && pr.value) negAsins.add(pr.value.toUpperCase());
            if (pr.type === "ASIN_BRAND_SAME_AS" && pr.value) negBrands.add(pr.value.toLowerCase());
          }
        }
        const negated = (t: Term): boolean => {
          if (t.asin !== undefined) {
            if (negAsins.has(t.asin)) return true;
            if (negBrands.size > 0) {
              const p = world.products.get(productKey(mp.id, t.asin));
              if (p && negBrands.has(p.brand.toLowerCase())) return true;
            }
          }
          if (negExact.has(t.text)) return true;
          for (const ph of negPhrase) if (tokensContainSequence(t.tokens, ph)) return true;
          return false;
        };
        const products = ads.map((a) => a.product);
        const consider = (targetId: string, bid: number, matches: Match[]): void => {
          for (const m of matches) {
            const t = terms[m.termIdx];
            if (!t || negated(t)) continue;
            let chosen = ads[0];
            let r = -1;
            for (const a of ads) {
              const rel = relevanceOf(world, a.product, t.idx);
              if (rel > r) {
                r = rel;
                chosen = a;
              }
            }
            if (!chosen || r < 0.02) continue;
            const q = quality(r);
            const pcvr =
              chosen.product.baseCvr * relevanceCvrFactor(r) * priceFactor(chosen.product);
            for (let pl = 0; pl < 3; pl++) {
              if (t.asin !== undefined ? pl !== 2 : false) continue;
              const eff =
                bid *
                (1 + (adj[pl] ?? 0) / 100) *
                dynamicFactor(c.dynamicBidding.strategy, pcvr, pl);
              if (eff <= 0) continue;
              const rank = eff * q;
              const key = t.idx * 3 + pl;
              const prevTarget = best.targetId[key];
              const prevRank = best.rank[key] as number;
              if (
                prevTarget === undefined ||
                rank > prevRank ||
                (rank === prevRank && targetId < prevTarget)
              ) {
                best.targetId[key] = targetId;
                best.campaign[key] = c;
                best.adGroup[key] = g;
                best.ad[key] = chosen;
                best.r[key] = r;
                best.effBid[key] = eff;
                best.rank[key] = rank;
                best.q[key] = q;
                best.reach[key] = m.reach;
              }
            }
          }
        };
        for (const k of kwByGroup.get(g.adGroupId) ?? []) {
          if (c.targetingType !== "MANUAL") continue;
          consider(
            k.keywordId,
            k.bid ?? g.defaultBid,
            keywordMatches(world, mp.id, k.keywordText, k.matchType),
          );
        }
        for (const tc of tgByGroup.get(g.adGroupId) ?? []) {
          if ((tc.expressionType === "AUTO") !== (c.targetingType === "AUTO")) continue;
          consider(
            tc.targetId,
            tc.bid ?? g.defaultBid,
            targetMatches(world, mp.id, tc.expression, products),
          );
        }
      }
    }

    // auctions
    const dayFacts: (AdFact & { cpc: number; product: Product; r: number })[] = [];
    for (let key = 0; key < best.size; key++) {
      const targetId = best.targetId[key];
      if (targetId === undefined) continue;
      const ad = best.ad[key] as { adId: string; product: Product };
      const r = best.r[key] as number;
      const q = best.q[key] as number;
      const effBid = best.effBid[key] as number;
      const termIdx = Math.floor(key / 3);
      const pl = (key % 3) as 0 | 1 | 2;
      const t = terms[termIdx] as Term;
      const volNoise = rngFor(world.seed, day, `vol|${mp.id}|${termIdx}`).logNormal(1, 0.15);
      const rng = rngFor(world.seed, day, `auction|${profile.profileId}|${termIdx}|${pl}`);
      const placementVolume = t.asin !== undefined ? 1 : MODEL.keywordPlacementVolume[pl];
      const eligible =
        t.baseVolume * season * volNoise * placementVolume * (best.reach[key] as number);
      const mu = Math.log(t.cpc);
      const z = (Math.log(best.rank[key] as number) - mu) / MODEL.competitorSigma;
      const below = normalCdf(z);
      const share = binomialCdfBelow(t.competitors, 1 - below, MODEL.slots[pl]);
      const impressions = rng.poisson(eligible * share);
      if (impressions <= 0) continue;
      const ctr = MODEL.baseCtr[pl] * (0.3 + 1.0 * r);
      const clicks = rng.binomial(impressions, ctr);
      const m = Math.max(1, t.competitors * below);
      const nextRank = Math.exp(
        mu + MODEL.competitorSigma * normalQuantile(Math.max(1e-6, below * (m / (m + 1)))),
      );
      const cpc = Math.round(Math.min(effBid, nextRank / q + 0.01) * 100) / 100;
      dayFacts.push({
        day,
        campaignId: (best.campaign[key] as Campaign).campaignId,
        adGroupId: (best.adGroup[key] as AdGroup).adGroupId,
        targetId,
        termIdx,
        adId: ad.adId,
        placement: pl,
        eligible: Math.round(eligible),
        impressions,
        clicks,
        cost: Math.round(clicks * cpc * 100) / 100,
        orders: [],
        cpc,
        product: ad.product,
        r,
      });
    }

    // budgets: a campaign that would overspend stops when its budget is gone; its day's auctions
    // are spread over hours in random order, so every term loses the same share (binomial thinning).
    const spend = new Map<string, number>();
    for (const f of dayFacts) spend.set(f.campaignId, (spend.get(f.campaignId) ?? 0) + f.cost);
    for (const f of dayFacts) {
      const c = campaigns.get(f.campaignId) as Campaign;
      const total = spend.get(f.campaignId) ?? 0;
      if (total <= c.budget.budget) continue;
      const share = c.budget.budget / total;
      const rng = rngFor(
        world.seed,
        day,
        `budget|${f.adId}|${f.targetId}|${f.termIdx}|${f.placement}`,
      );
      f.impressions = rng.binomial(f.impressions, share);
      f.clicks = Math.min(f.impressions, rng.binomial(f.clicks, share));
      f.cost = Math.round(f.clicks * f.cpc * 100) / 100;
    }
    // exact cap: trim clicks until within budget
    const spent = new Map<string, number>();
    for (const f of dayFacts) spent.set(f.campaignId, (spent.get(f.campaignId) ?? 0) + f.cost);
    for (const f of dayFacts) {
      const c = campaigns.get(f.campaignId) as Campaign;
      let s = spent.get(f.campaignId) ?? 0;
      while (s > c.budget.budget + 1e-9 && f.clicks > 0) {
        f.clicks--;
        f.cost = Math.round(f.clicks * f.cpc * 100) / 100;
        s -= f.cpc;
      }
      spent.set(f.campaignId, s);
    }

    // conversions
    const stored: AdFact[] = [];
    for (const f of dayFacts) {
      if (f.impressions <= 0) continue;
      const p = f.product;
      const key = productKey(mp.id, p.asin);
      const rng = rngFor(
        world.seed,
        day,
        `orders|${f.adId}|${f.targetId}|${f.termIdx}|${f.placement}`,
      );
      const cvr = trueCvr(p, f.r, f.placement);
      const n = rng.binomial(f.clicks, cvr);
      const orders: OrderDetail[] = [];
      for (let i = 0; i < n; i++) {
        const lag = lagOf(rng.next());
        const units = 1 + rng.poisson(0.1);
        const same = rng.next() < MODEL.sameSkuShare;
        if (same) {
          const left = stockLeft.get(key) ?? p.stock;
          if (left < units) continue;
          stockLeft.set(key, left - units);
          adUnits.set(key, (adUnits.get(key) ?? 0) + units);
          adSales.set(key, (adSales.get(key) ?? 0) + units * p.price);
          orders.push({
            lag,
            units,
            sales: Math.round(units * p.price * 100) / 100,
            sameSku: true,
          });
        } else {
          const price = Math.round(p.price * rng.logNormal(1, 0.35) * 100) / 100;
          orders.push({ lag, units, sales: Math.round(units * price * 100) / 100, sameSku: false });
        }
      }
      stored.push({
        day: f.day,
        campaignId: f.campaignId,
        adGroupId: f.adGroupId,
        targetId: f.targetId,
        termIdx: f.termIdx,
        adId: f.adId,
        placement: f.placement,
        eligible: f.eligible,
        impressions: f.impressions,
        clicks: f.clicks,
        cost: f.cost,
        orders,
      });
    }
    const perDay = world.facts.get(profile.profileId) ?? [];
    perDay[day] = stored;
    world.facts.set(profile.profileId, perDay);
  }

  // organic sales, stock and restocks for every seller product
  for (const p of world.products.values()) {
    if (p.sellerId === undefined || !includes(p.sellerId)) continue;
    const key = productKey(p.marketplaceId, p.asin);
    const rng = rngFor(world.seed, day, `organic|${key}`);
    let stock = stockLeft.get(key) ?? p.stock;
    const demand = p.baseDemand * season * Math.sqrt(p.rankFactor) * priceFactor(p);
    const organic = Math.min(Math.max(0, stock), rng.poisson(demand));
    stock -= organic;
    const units = adUnits.get(key) ?? 0;
    p.rankFactor =
      0.97 * p.rankFactor + 0.03 * (1 + Math.min(1.5, units / Math.max(0.5, p.baseDemand)));
    if (p.autoRestock) {
      if (p.restockDay === undefined && stock < p.baseDemand * 14) p.restockDay = day + p.leadTime;
      if (p.restockDay !== undefined && day >= p.restockDay) {
        stock += Math.round(p.baseDemand * 60) + 10;
        p.restockDay = undefined;
      }
    }
    p.stock = Math.max(0, stock);
    const list = world.productDays.get(key) ?? [];
    list.push({
      day,
      asin: p.asin,
      organicUnits: organic,
      organicSales: Math.round(organic * p.price * 100) / 100,
      adUnits: units,
      adSales: Math.round((adSales.get(key) ?? 0) * 100) / 100,
      stockEnd: p.stock,
    });
    world.productDays.set(key, list);
  }
}

/** Advances the virtual clock by `days` whole simulated days. */
export function advance(world: World, days: number): void {
  const n = Math.max(0, Math.floor(days));
  for (let i = 0; i < n; i++) simulateDay(world);
}
