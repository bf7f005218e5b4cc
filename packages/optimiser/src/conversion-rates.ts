import { scratchFloat64, scratchInt32 } from "./scratch.ts";
import {
  fitCovariateExponent,
  fitPriorStrength,
  leaveOneOutFactors,
  randomEffectsMeans,
  scaleByLeaveOneOutFactors,
} from "./stats.ts";
import { TARGETING_KINDS, type TreeFacts } from "./tree-facts.ts";
import type { CampaignNode } from "./types.ts";

/** Used only when the whole account has no click yet: a typical Sponsored Products CVR. */
const ACCOUNT_PRIOR_CVR = 0.08;
/** Pseudo-clicks (at the ad group's CTR) smoothing a target's click-through rate. */
const CTR_PRIOR_CLICKS = 2;
/** Click-volume classes of targets: ⌊log2(clicks + 1)⌋, the last open-ended. */
const VOLUME_CLASSES = 12;

/**
 * Multiplies each member's prior rate (in place) by its click-volume class's factor,
 * ⌊log2(clicks + 1)⌋: the class's observed ÷ expected orders over the other members
 * (leave-one-out, shrunk toward 1). Members without clicks keep their prior. `name`: the
 * scratch buffer of the members' classes.
 */
function scaleByClickVolume(
  parent: Float64Array,
  clicks: ArrayLike<number>,
  orders: ArrayLike<number>,
  name: string,
): void {
  const volume = scratchInt32(name, parent.length);
  for (let i = 0; i < parent.length; i++) {
    const n = clicks[i] as number;
    volume[i] = n > 0 ? Math.min(VOLUME_CLASSES - 1, Math.floor(Math.log2(n + 1))) : -1;
  }
  scaleByLeaveOneOutFactors(parent, volume, VOLUME_CLASSES, orders, clicks);
}

/** Every target's shrunk conversion rate, the prior it was shrunk toward, and the prior's strength. */
export interface TargetCvr {
  tCvr: Float64Array;
  targetParent: Float64Array;
  /** The targets' prior strength (pseudo-clicks). */
  mTarget: number;
}

/**
 * Hierarchical empirical Bayes: marketplace → targeting kind → campaign → ad group (× its
 * product's factor) → target (× its relevance, seen in its CTR). See README.md, "Shrinkage".
 */
export function targetConversionRates(
  campaigns: readonly CampaignNode[],
  tree: TreeFacts,
): TargetCvr {
  const { tClicks, tOrders, tImpr, tGroup, tClause, clauseIndex } = tree;
  const { gClicks, gOrders, gCampaign, cClicks, cOrders, cKind } = tree;
  const nTargets = tClicks.length;
  const nGroups = gClicks.length;
  const { clicks: totalClicks, orders: totalOrders } = tree.totals();
  const mpCvr =
    totalClicks > 0 ? (totalOrders + 1 * ACCOUNT_PRIOR_CVR) / (totalClicks + 1) : ACCOUNT_PRIOR_CVR;
  // targeting kinds (auto, keywords, product targeting) convert differently: product targeting
  // serves on product pages, keywords mostly in search; campaigns shrink toward their kind
  const kClicks = new Float64Array(TARGETING_KINDS);
  const kOrders = new Float64Array(TARGETING_KINDS);
  for (let i = 0; i < campaigns.length; i++) {
    const k = cKind[i] as number;
    kClicks[k] = (kClicks[k] as number) + (cClicks[i] as number);
    kOrders[k] = (kOrders[k] as number) + (cOrders[i] as number);
  }
  const mKind = fitPriorStrength(
    [0, 1, 2, 3],
    kClicks,
    kOrders,
    new Float64Array(TARGETING_KINDS).fill(mpCvr),
  );
  const kCvr = Float64Array.from(
    kClicks,
    (n, k) => ((kOrders[k] as number) + mKind * mpCvr) / (n + mKind),
  );
  const mCampaign = fitPriorStrength(
    null,
    cClicks,
    cOrders,
    Float64Array.from(cKind, (k) => kCvr[k] as number),
  );
  // the campaigns' prior mean is the kind's random-effects mean, not its pooled rate
  const reKind = randomEffectsMeans(cKind, cClicks, cOrders, kCvr, mCampaign);
  const campaignParent = Float64Array.from(cKind, (k) => reKind[k] as number);
  const cCvr = new Float64Array(campaigns.length);
  for (let i = 0; i < campaigns.length; i++)
    cCvr[i] =
      ((cOrders[i] as number) + mCampaign * (campaignParent[i] as number)) /
      ((cClicks[i] as number) + mCampaign);
  // a product converts alike wherever it is advertised (its exact, broad, product-targeting ad
  // groups): the ad group's prior is its campaign's rate times its product's factor
  const productIndex = new Map<string, number>();
  const gProduct = new Int32Array(nGroups).fill(-1);
  {
    let k = 0;
    for (const c of campaigns)
      for (const g of c.adGroups) {
        if (g.products.length === 1) {
          const id = (g.products[0] as { productId: string }).productId;
          let p = productIndex.get(id);
          if (p === undefined) {
            p = productIndex.size;
            productIndex.set(id, p);
          }
          gProduct[k] = p;
        }
        k++;
      }
  }
  const gExpected = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    gExpected[i] = (gClicks[i] as number) * (cCvr[gCampaign[i] as number] as number);
  const pFactor = leaveOneOutFactors(gProduct, productIndex.size, gOrders, gExpected);
  const groupParent = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    groupParent[i] = Math.min(
      0.999,
      (cCvr[gCampaign[i] as number] as number) * (pFactor[i] as number),
    );
  // the same at the ad group: a quiet ad group converts worse than its campaign's busy ones make
  // its prior (click-volume classes of ad groups, see the targets' below)
  scaleByClickVolume(groupParent, gClicks, gOrders, "groupVolume");
  const mGroup = fitPriorStrength(null, gClicks, gOrders, groupParent);
  const gCvr = new Float64Array(nGroups);
  for (let i = 0; i < nGroups; i++)
    gCvr[i] =
      ((gOrders[i] as number) + mGroup * (groupParent[i] as number)) /
      ((gClicks[i] as number) + mGroup);
  // the run's own: the bids read it, the output does not keep it
  const targetParent = scratchFloat64("targetParent", nTargets);
  for (let i = 0; i < nTargets; i++) targetParent[i] = gCvr[tGroup[i] as number] as number;
  // relevance shows in both the click-through and the conversion rate: a target's prior is its ad
  // group's rate times (its CTR / the group's CTR)^β, the CTR smoothed with 2 pseudo-clicks at the
  // group's, β fitted on all targets (Poisson likelihood)
  {
    const gImpr = new Float64Array(nGroups);
    for (let i = 0; i < nTargets; i++) {
      const g = tGroup[i] as number;
      gImpr[g] = (gImpr[g] as number) + (tImpr[i] as number);
    }
    const ratio = scratchFloat64("ctrRatio", nTargets).fill(1);
    for (let i = 0; i < nTargets; i++) {
      const g = tGroup[i] as number;
      const gCtr = (gImpr[g] as number) > 0 ? (gClicks[g] as number) / (gImpr[g] as number) : 0;
      if (gCtr <= 0) continue;
      const ctr =
        ((tClicks[i] as number) + CTR_PRIOR_CLICKS) /
        ((tImpr[i] as number) + CTR_PRIOR_CLICKS / gCtr);
      ratio[i] = ctr / gCtr;
    }
    const beta = fitCovariateExponent(tClicks, tOrders, targetParent, ratio);
    if (beta > 0)
      for (let i = 0; i < nTargets; i++)
        targetParent[i] = Math.min(
          0.999,
          (targetParent[i] as number) * (ratio[i] as number) ** beta,
        );
  }
  // clause types convert differently within an ad group (phrase vs broad, close vs loose match,
  // ASIN vs category): a target's prior times its clause type's factor over the account's other
  // targets of that type (observed / expected orders, leave-one-out, shrunk toward 1)
  scaleByLeaveOneOutFactors(targetParent, tClause, clauseIndex.size, tOrders, tClicks);
  // a quiet target converts worse than its prior from the busy ones (the ad group's rate is theirs,
  // and CTR sees relevance only through a noisy ratio): a target's prior times its click-volume
  // class's factor, ⌊log2(clicks + 1)⌋, observed / expected orders over the account's other targets
  // of the class (leave-one-out, shrunk toward 1); a class holds thousands of clicks' evidence
  // where one target has one or two. Given its clicks, a target's orders are unbiased, so the
  // class's ratio measures the prior's bias at that volume. Targets without clicks keep their prior.
  scaleByClickVolume(targetParent, tClicks, tOrders, "targetVolume");
  const mTarget = fitPriorStrength(null, tClicks, tOrders, targetParent);
  const tCvr = new Float64Array(nTargets);
  for (let i = 0; i < nTargets; i++)
    tCvr[i] =
      ((tOrders[i] as number) + mTarget * (targetParent[i] as number)) /
      ((tClicks[i] as number) + mTarget);

  return { tCvr, targetParent, mTarget };
}
