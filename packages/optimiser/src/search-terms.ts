import type { TargetEstimates } from "./estimates.ts";
import type { GroupTarget } from "./group-target.ts";
import { cents, round4 } from "./numbers.ts";
import { scratchFloat64, scratchInt32 } from "./scratch.ts";
import { betaCdf, fitPriorStrength } from "./stats.ts";
import type {
  AdGroupNode,
  CampaignNode,
  Decision,
  OptimiserInput,
  OptimiserOptions,
} from "./types.ts";

const ASIN_TERM = /^b0[a-z0-9]{8}$/i;

interface GroupEntry {
  c: CampaignNode;
  ci: number;
  g: AdGroupNode;
  gi: number;
}

/** What the search terms read of the run. */
export interface TermContext {
  /** Position of each ad group's first target. */
  gFirst: Int32Array;
  gAllExact: Uint8Array;
  gProductTargets: Uint8Array;
  /** Every target's id, in tree order. */
  tId: readonly string[];
  /** Positions of all targets by id, for a term whose target is not in its ad group. */
  estimates: TargetEstimates;
  tCvr: Float64Array;
  tGroup: Int32Array;
  gAov: Float64Array;
  targetAcosOfGroup: (GroupTarget | null)[];
  cFactor: Float64Array;
  limits: { lo: number; hi: number };
  push: (d: Decision) => void;
}

/** Negatives by posterior probability, and harvesting with negation in the source. */
export function searchTermDecisions(
  input: OptimiserInput,
  opt: OptimiserOptions,
  x: TermContext,
): void {
  if (input.searchTerms.length === 0) return;
  // indexes: ad groups, their campaigns, exact keywords, ASIN targets
  const groups = new Map<string, GroupEntry>();
  let gi = 0;
  input.campaigns.forEach((c, ci) => {
    for (const g of c.adGroups) groups.set(g.id, { c, ci, g, gi: gi++ });
  });
  // an ad group's exact keywords and ASIN targets, built for the ad groups the terms consult
  // (a million targets' keys up front cost more than the terms' whole pass); a list compared
  // term by term for a small group, where hashing every text cost more than the comparisons
  const exactOf = new Map<AdGroupNode, TextLookup>();
  const exactIn = (g: AdGroupNode, term: string): boolean => {
    let texts = exactOf.get(g);
    if (texts === undefined) {
      const list: string[] = [];
      for (const t of g.targets) {
        if (t.matchType === "EXACT") list.push(t.text.toLowerCase());
        if (t.kind === "target" && !t.auto) list.push(asinOf(t.text) ?? "");
      }
      texts = textLookup(list);
      exactOf.set(g, texts);
    }
    return texts.has(term);
  };
  // fit the terms' prior strength around their keyword/target
  const n = input.searchTerms.length;
  const clicks = scratchFloat64("termClicks", n);
  const orders = scratchFloat64("termOrders", n);
  const parent = scratchFloat64("termParent", n);
  // each term's ad group and keyword/target (-1: none)
  const termGroup: (GroupEntry | undefined)[] = new Array(n);
  const termTarget = scratchInt32("termTarget", n);
  input.searchTerms.forEach((st, i) => {
    clicks[i] = st.sums.clicks;
    orders[i] = st.sums.orders;
    const src = groups.get(st.adGroupId);
    termGroup[i] = src;
    const t = targetPosition(st.targetId, src, x);
    termTarget[i] = t;
    parent[i] = t < 0 ? 0.08 : (x.tCvr[t] as number);
  });
  const mTerm = fitPriorStrength(null, clicks, orders, parent, 10);
  const negated = new TextsPerGroup();
  const harvested = new TextsPerGroup();
  // harvest destinations per product: manual ad groups whose keywords are all exact, or with ASIN targets
  const destinations = {
    exact: new Map<string, GroupEntry[]>(),
    asin: new Map<string, GroupEntry[]>(),
  };
  for (const e of groups.values()) {
    if (e.c.targetingType !== "MANUAL" || e.c.state !== "ENABLED") continue;
    // counted while flattening the tree, not by walking every ad group's targets again
    const exact = x.gAllExact[e.gi] === 1;
    const asins =
      x.gProductTargets[e.gi] === 1 &&
      e.g.targets.some((tt) => tt.kind === "target" && !tt.auto && asinOf(tt.text) !== null);
    for (const p of e.g.products) {
      if (exact)
        destinations.exact.set(p.productId, [...(destinations.exact.get(p.productId) ?? []), e]);
      if (asins)
        destinations.asin.set(p.productId, [...(destinations.asin.get(p.productId) ?? []), e]);
    }
  }
  input.searchTerms.forEach((st, i) => {
    const src = termGroup[i];
    if (!src || (termTarget[i] as number) < 0) return;
    const gt = x.targetAcosOfGroup[src.gi];
    if (!gt || src.c.state !== "ENABLED" || src.g.state !== "ENABLED") return;
    const s = gt.settings.values;
    if (s.automationMode.value === "off") return;
    const term = st.searchTerm.toLowerCase();
    if (exactIn(src.g, term) || src.g.negativeExact.includes(term)) return;
    const mu = parent[i] as number;
    const k = st.sums.orders;
    const nc = st.sums.clicks;
    const a = k + mTerm * mu;
    const b = Math.max(1e-9, nc - k) + mTerm * (1 - mu);
    const postCvr = a / (a + b);
    const aov = x.gAov[src.gi] as number;
    const cpc = nc > 0 ? st.sums.cost / nc : 0;
    const beAcos = gt.breakEven > 0 ? gt.breakEven : gt.acos;
    const asin = ASIN_TERM.test(term);
    // negative: P(CVR < break-even CVR) > confidence, with the seller's click threshold as floor
    if (s.negationEnabled.value && nc >= (s.negationMinClicks.value ?? 15) && cpc > 0 && aov > 0) {
      const beCvr = cpc / (aov * beAcos);
      const minSpend = aov * beAcos;
      const p = betaCdf(Math.min(1, beCvr), a, b);
      // The settings' confidence (catalogue, with provenance); an explicit option overrides it.
      const confidence =
        input.options?.negationConfidence ??
        (s.negationConfidencePercent?.value != null
          ? s.negationConfidencePercent.value / 100
          : opt.negationConfidence);
      if (p > confidence && st.sums.cost >= minSpend && !negated.has(src.g.id, term)) {
        negated.add(src.g.id, term);
        x.push({
          kind: "negative",
          campaignId: src.c.id,
          adGroupId: src.g.id,
          negativeKind: asin ? "asin" : "keyword",
          text: term,
          reason: "negativeByProbability",
          params: {
            clicks: nc,
            orders: k,
            spend: cents(st.sums.cost),
            probability: round4(p),
            breakEvenCvr: round4(beCvr),
            posteriorCvr: round4(postCvr),
          },
          sourceTargetId: st.targetId,
        });
        return;
      }
    }
    // harvesting: converting terms whose posterior ACoS beats the target
    if (!s.harvestingEnabled.value || k < (s.harvestMinOrders.value ?? 2) || aov <= 0) return;
    const postAcos = cpc / (postCvr * aov);
    if (postAcos > gt.acos) return;
    // the first fitting manual ad group (tree order) advertising one of the source's products
    let dest: GroupEntry | null = null;
    const byProduct = asin ? destinations.asin : destinations.exact;
    for (const p of src.g.products)
      for (const cand of byProduct.get(p.productId) ?? []) {
        if (cand.g.id === src.g.id) continue;
        if (dest === null || cand.gi < dest.gi) dest = cand;
        break;
      }
    const existing = dest !== null && exactIn(dest.g, term);
    const harvestIn = dest?.g.id ?? "new";
    if (!existing && !harvested.has(harvestIn, term)) {
      harvested.add(harvestIn, term);
      const destFactor = dest ? (x.cFactor[dest.ci] as number) : 1;
      const bid = cents(
        Math.min(x.limits.hi, Math.max(x.limits.lo, (gt.acos * postCvr * aov) / destFactor)),
      );
      x.push({
        kind: "keyword",
        campaignId: dest?.c.id ?? null,
        adGroupId: dest?.g.id ?? null,
        keywordKind: asin ? "asin" : "keyword",
        text: term,
        bid,
        reason: "harvestKeyword",
        params: {
          orders: k,
          clicks: nc,
          posteriorCvr: round4(postCvr),
          posteriorAcos: round4(postAcos),
          bid,
        },
        sourceAdGroupId: src.g.id,
      });
    }
    if (dest && !negated.has(src.g.id, term)) {
      negated.add(src.g.id, term);
      x.push({
        kind: "negative",
        campaignId: src.c.id,
        adGroupId: src.g.id,
        negativeKind: asin ? "asin" : "keyword",
        text: term,
        reason: "harvestNegateSource",
        params: { destinationAdGroupId: dest.g.id, orders: k, existing },
        sourceTargetId: st.targetId,
      });
    }
  });
}

/**
 * The position of a search term's keyword/target: found among its ad group's targets, ids
 * compared rather than hashed (hashing the million targets' ids to find 200,000 of them cost
 * ~300 ms); a target id names one target (Amazon's keywordId/targetId), so this is the position
 * a tree-wide index gives. A target not in the term's ad group is looked up tree-wide. -1: none.
 */
function targetPosition(id: string, src: GroupEntry | undefined, x: TermContext): number {
  if (src !== undefined) {
    // the ids copied while flattening the tree: read in order, not from the target objects
    const first = x.gFirst[src.gi] as number;
    for (let k = first + src.g.targets.length - 1; k >= first; k--) if (x.tId[k] === id) return k;
  }
  return x.estimates.positionOf(id) ?? -1;
}

/**
 * Texts per ad group id (negated, harvested): a Set per ad group rather than one Set of
 * `${id}|${text}` keys, a fresh string built and hashed per search term.
 */
class TextsPerGroup {
  readonly #byGroup = new Map<string, Set<string>>();

  has(groupId: string, text: string): boolean {
    return this.#byGroup.get(groupId)?.has(text) ?? false;
  }

  add(groupId: string, text: string): void {
    let texts = this.#byGroup.get(groupId);
    if (texts === undefined) {
      texts = new Set<string>();
      this.#byGroup.set(groupId, texts);
    }
    texts.add(text);
  }
}

/** Membership of a set of texts: a list for a few (compared one by one), a Set for many. */
interface TextLookup {
  has(text: string): boolean;
}
const FEW_TEXTS = 32;
function textLookup(texts: string[]): TextLookup {
  if (texts.length > FEW_TEXTS) return new Set(texts);
  return { has: (text) => texts.includes(text) };
}

function asinOf(text: string): string | null {
  const m = /asin="?([a-z0-9]{10})"?/i.exec(text);
  return m ? (m[1] as string).toLowerCase() : null;
}
