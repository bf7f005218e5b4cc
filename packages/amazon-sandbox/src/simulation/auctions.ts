/**
 * Stage 2 of a simulated day, the auctions: each auction's winning candidate meets the simulated
 * competitors; its rank sets the share of the eligible impressions it wins, the impressions'
 * clicks are drawn, and the click price is the next competitor's rank (second price).
 */
import type { Marketplace } from "../marketplaces.ts";
import { MODEL } from "../model.ts";
import { binomialCdfBelow, normalCdf, normalQuantile, rngFor } from "../rng.ts";
import type { AdFact, AdGroup, Campaign, Product, Profile, Term, World } from "../world.ts";
import type { AdOfGroup, BestCandidates } from "./candidates.ts";

/** A fact of the day before its orders, with what the later stages need. */
export type DayFact = AdFact & { cpc: number; product: Product; r: number };

export interface AuctionDay {
  world: World;
  day: number;
  season: number;
  profile: Profile;
  mp: Marketplace;
  terms: Term[];
}

export function runAuctions(a: AuctionDay, best: BestCandidates): DayFact[] {
  const { world, day, season, profile, mp, terms } = a;
  const dayFacts: DayFact[] = [];
  for (let key = 0; key < best.size; key++) {
    const targetId = best.targetId[key];
    if (targetId === undefined) continue;
    const ad = best.ad[key] as AdOfGroup;
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
  return dayFacts;
}
