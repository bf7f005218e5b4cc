import type { SpLimits } from "@starport/amazon";
import type { ResolvedSettings } from "@starport/settings";
import type { TargetCvr } from "./conversion-rates.ts";
import { type GroupTarget, groupTarget } from "./group-target.ts";
import { cents, round4 } from "./numbers.ts";
import { placementFactor } from "./placement.ts";
import { stockDecisions } from "./stock.ts";
import type { TreeFacts } from "./tree-facts.ts";
import type {
  AdGroupNode,
  CampaignNode,
  Decision,
  Hold,
  OptimiserInput,
  OptimiserOptions,
  OptimiserOutput,
  ProductInfo,
} from "./types.ts";

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** What the bid pass reads from the run. */
export interface BidInputs {
  input: OptimiserInput;
  opt: OptimiserOptions;
  tree: TreeFacts;
  rates: TargetCvr;
  products: Map<string, ProductInfo>;
  /** Each entity's latest change (cool-down). */
  lastChanges: ReadonlyMap<string, string>;
  /** Entities whose state changed lately (resume on restock). */
  stateChanged: ReadonlySet<string>;
  limits: SpLimits;
  holds: Hold[];
  warnings: OptimiserOutput["warnings"];
  push: (d: Decision) => void;
}

/** What the search terms and budgets read of the bid pass. */
export interface BidPass {
  /** Per ad group: its target (null: none). */
  targetAcosOfGroup: (GroupTarget | null)[];
  /** Per ad group: its order value. */
  gAov: Float64Array;
  /** Per campaign: its placement factor. */
  cFactor: Float64Array;
}

/**
 * Per ad group: its target, order value, stock decisions and bid bounds; then its targets' bids
 * (or holds). Decisions are pushed in tree order, each ad group's stock before its bids.
 */
export function bidDecisions(x: BidInputs): BidPass {
  const { input, opt, tree, products, lastChanges, stateChanged, limits, holds, warnings, push } =
    x;
  const { tCvr, targetParent, mTarget } = x.rates;
  const { tClicks, tSeenClicks, tOrders, tSales, tCost, tImpr } = tree;
  const { tId, tBid, tEnabled, tIsProductTarget, gOrders, gSales } = tree;
  const campaigns = input.campaigns;
  const nGroups = gOrders.length;
  const { orders: totalOrders, sales: totalSales } = tree.totals();
  const m0 = opt.orderValuePriorOrders;
  let priceSum = 0;
  let priceN = 0;
  for (const p of input.products)
    if (p.price !== null && p.price > 0) {
      priceSum += p.price;
      priceN++;
    }
  const mpAov =
    totalOrders > 0
      ? (totalSales + m0 * (priceN ? priceSum / priceN : totalSales / totalOrders)) /
        (totalOrders + m0)
      : priceN
        ? priceSum / priceN
        : 0;

  const targetAcosOfGroup: (GroupTarget | null)[] = new Array(nGroups);
  const gAov = new Float64Array(nGroups);
  const cFactor = new Float64Array(campaigns.length);
  const lowCoverWarned = new Set<string>();

  // ---- per target: bids ----
  const run: BidRun = {
    input,
    opt,
    lastChanges,
    tId,
    tBid,
    tEnabled,
    tIsProductTarget,
    tCvr,
    tClicks,
    tSeenClicks,
    tOrders,
    tSales,
    tCost,
    tImpr,
    targetParent,
    mTarget,
    m0,
    holds,
    push,
  };
  let ti = 0;
  let gi = 0;
  for (let ci = 0; ci < campaigns.length; ci++) {
    const c = campaigns[ci] as CampaignNode;
    const factor = placementFactor(c);
    cFactor[ci] = factor;
    for (const g of c.adGroups) {
      const gt = groupTarget(g, products, input.profileSettings);
      targetAcosOfGroup[gi] = gt;
      // order value: the products' price, then the ad group's orders, then the target's
      let pSum = 0;
      let pN = 0;
      for (const p of gt?.products ?? [])
        if (p.price !== null && p.price > 0) {
          pSum += p.price;
          pN++;
        }
      const groupPrior = pN ? pSum / pN : mpAov;
      const aovG = ((gSales[gi] as number) + m0 * groupPrior) / ((gOrders[gi] as number) + m0);
      gAov[gi] = aovG;
      const s = gt?.settings;
      const live = c.state === "ENABLED" && g.state === "ENABLED";
      const mode = s?.values.automationMode.value ?? "suggest";
      // stock: the ad group's products
      let lowCover = false;
      let outOfStock = false;
      if (s && gt && gt.products.length > 0) {
        const lowDays = s.values.lowCoverDays.value ?? 0;
        lowCover = gt.products.every((p) => p.daysOfCover !== null && p.daysOfCover < lowDays);
        outOfStock = gt.products.every((p) => p.stockUnits !== null && p.stockUnits <= 0);
        stockDecisions(c, g, s, products, stateChanged, push);
      }
      const minBidS = (s?.values.minBidMicros.value ?? 20_000) / 1e6;
      const maxBidS = (s?.values.maxBidMicros.value ?? 5_000_000) / 1e6;
      let lo = Math.max(limits.minBid, minBidS);
      let hi = Math.min(limits.maxBid, maxBidS);
      if (lo > hi) {
        const key = gt?.products[0]?.id ?? g.id;
        if (!lowCoverWarned.has(key)) {
          warnings.push({
            code: "minBidAboveMaxBid",
            productId: key,
            params: { min: minBidS, max: maxBidS },
          });
          lowCoverWarned.add(key);
        }
        lo = Math.max(limits.minBid, Math.min(minBidS, maxBidS));
        hi = Math.max(lo, Math.min(limits.maxBid, maxBidS));
      }
      const maxChange = (s?.values.maxBidChangePercent.value ?? 20) / 100;
      const cooldown = s?.values.cooldownDays.value ?? 3;
      const lagDays = s?.values.attributionLagDays.value ?? 3;
      // one window object per ad group: every decision of the group reads the same
      const window =
        input.windowDays === undefined
          ? { recentDays: lagDays }
          : { settledDays: Math.max(0, input.windowDays - lagDays), recentDays: lagDays };
      const lowCoverCut =
        lowCover && s?.values.lowCoverAction.value === "lowerBids"
          ? (s.values.lowCoverBidReductionPercent.value ?? 30) / 100
          : 0;
      const group: GroupBidding = {
        c,
        g,
        gt,
        s,
        live,
        mode,
        outOfStock,
        factor,
        aovG,
        lo,
        hi,
        maxChange,
        cooldown,
        window,
        lowCoverCut,
      };
      targetBids(run, group, ti);
      ti += g.targets.length;
      gi++;
    }
  }

  return { targetAcosOfGroup, gAov, cFactor };
}

/** What every ad group's bid decisions read from the run. */
interface BidRun {
  input: OptimiserInput;
  opt: OptimiserOptions;
  lastChanges: ReadonlyMap<string, string>;
  tId: readonly string[];
  tBid: Float64Array;
  tEnabled: Uint8Array;
  tIsProductTarget: Uint8Array;
  tCvr: Float64Array;
  tClicks: Float64Array;
  tSeenClicks: Float64Array;
  tOrders: Float64Array;
  tSales: Float64Array;
  tCost: Float64Array;
  tImpr: Float64Array;
  targetParent: Float64Array;
  mTarget: number;
  m0: number;
  holds: Hold[];
  push: (d: Decision) => void;
}

/** An ad group's target, settings and bounds, resolved once for all its targets. */
interface GroupBidding {
  c: CampaignNode;
  g: AdGroupNode;
  gt: GroupTarget | null;
  s: ResolvedSettings | undefined;
  live: boolean;
  mode: string;
  outOfStock: boolean;
  factor: number;
  aovG: number;
  lo: number;
  hi: number;
  maxChange: number;
  cooldown: number;
  window: { recentDays: number };
  lowCoverCut: number;
}

/**
 * The bid decisions (or holds) of one ad group's targets, the first at position ti. A function
 * per ad group, not a loop inside optimise: called 50,000 times it is optimised whole and early,
 * where the loop in the large function ran on-stack-replaced code that deoptimised run after run.
 */
function targetBids(run: BidRun, group: GroupBidding, ti: number): void {
  const { input, opt, lastChanges, tCvr, tClicks, tSeenClicks, tOrders, tSales, tCost, tImpr } =
    run;
  const { targetParent, mTarget, m0, holds, push, tId, tBid, tEnabled, tIsProductTarget } = run;
  const { c, g, gt, s, live, mode, outOfStock, factor, aovG, lo, hi, maxChange, cooldown } = group;
  const { window, lowCoverCut } = group;
  const end = ti + g.targets.length;
  for (let i = ti; i < end; i++) {
    const id = tId[i] as string;
    const bid = tBid[i] as number;
    const cvr = tCvr[i] as number;
    if (!live || tEnabled[i] === 0 || mode === "off" || outOfStock) continue;
    if (!gt) {
      holds.push({ entityId: id, code: "noTarget", params: {} });
      continue;
    }
    const aov = ((tSales[i] as number) + m0 * aovG) / ((tOrders[i] as number) + m0);
    let desired = (gt.acos * cvr * aov) / factor;
    let reason: Decision["reason"] = "bidOnTarget";
    const noImpressions = (tImpr[i] as number) === 0;
    if (lowCoverCut > 0) {
      desired *= 1 - lowCoverCut;
      reason = "bidLowCover";
    } else if (noImpressions) {
      // The settings' discovery bid cap; an explicit option overrides it.
      const settingCap = s?.values.discoveryBidMicros?.value;
      const cap =
        input.options?.discoveryBid ??
        (settingCap != null ? settingCap / 1_000_000 : (opt.discoveryBid ?? desired * 1.5));
      desired = Math.min(cap, bid * (1 + maxChange));
      if (desired <= bid) {
        holds.push({ entityId: id, code: "atLimit", params: { cap: cents(cap) } });
        continue;
      }
      reason = "bidDiscovery";
    }
    // no lookup when nothing changed lately: each lookup hashes the target's id
    const changed = lastChanges.size === 0 ? null : (lastChanges.get(id) ?? null);
    if (changed !== null && daysBetween(changed, input.today) < cooldown) {
      holds.push({
        entityId: id,
        code: "coolDown",
        params: { since: changed, days: cooldown },
      });
      continue;
    }
    let next = Math.min(bid * (1 + maxChange), Math.max(bid * (1 - maxChange), desired));
    // bounds in whole cents, inside the limits (a min of 0.160001 is 0.17, not 0.16)
    next = Math.min(
      Math.floor(hi * 100 + 1e-6) / 100,
      Math.max(Math.ceil(lo * 100 - 1e-6) / 100, cents(next)),
    );
    if (Math.abs(next - bid) < opt.deadBand * bid || next === cents(bid)) {
      holds.push({ entityId: id, code: "deadBand", params: { desired: cents(desired) } });
      continue;
    }
    const clicks = tClicks[i] as number;
    push({
      kind: "bid",
      entityId: id,
      entityKind: tIsProductTarget[i] === 1 ? "target" : "keyword",
      campaignId: c.id,
      adGroupId: g.id,
      oldBid: bid,
      newBid: next,
      reason,
      params: {
        clicks: tSeenClicks[i] as number,
        orders: tOrders[i] as number,
        cvr: round4(cvr),
        parentCvr: round4(targetParent[i] as number),
        targetAcos: round4(gt.acos),
        targetSource: gt.source,
        bid: next,
        limited: next !== cents(desired),
      },
      inputs: {
        window,
        clicks,
        orders: tOrders[i] as number,
        spend: cents(tCost[i] as number),
        sales: cents(tSales[i] as number),
        rawCvr: clicks > 0 ? (tOrders[i] as number) / clicks : null,
        shrunkCvr: cvr,
        parentCvr: targetParent[i] as number,
        priorClicks: mTarget,
        orderValue: aov,
        targetAcos: gt.acos,
        targetSource: gt.source,
        placementFactor: factor,
      },
    });
  }
}
