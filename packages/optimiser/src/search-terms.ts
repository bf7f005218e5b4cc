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
  TargetNode,
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
  /** Per target: 1 for product targeting. */
  tIsProductTarget: Uint8Array;
  /** Per target: an exact keyword's lowercased length (-1: not exact). */
  tExactLength: Int32Array;
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
  // (a million targets' keys up front cost more than the terms' whole pass)
  const exactOf: (TextLookup | undefined)[] = new Array(gi);
  const exactIn = (e: GroupEntry, term: string): boolean => {
    let texts = exactOf[e.gi];
    if (texts === undefined) {
      texts = exactLookup(e.g.targets, x.gFirst[e.gi] as number, x);
      exactOf[e.gi] = texts;
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
  const negated = new TextsPerGroup(gi);
  // by destination ad group, and one more slot (number gi, past the last) for "a new ad group"
  const harvested = new TextsPerGroup(gi + 1);
  const newGroupSlot = gi;
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
      if (exact) appendTo(destinations.exact, p.productId, e);
      if (asins) appendTo(destinations.asin, p.productId, e);
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
    if (exactIn(src, term) || src.g.negativeExact.includes(term)) return;
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
      if (p > confidence && st.sums.cost >= minSpend && !negated.has(src.gi, term)) {
        negated.add(src.gi, term);
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
    const existing = dest !== null && exactIn(dest, term);
    const harvestIn = dest?.gi ?? newGroupSlot;
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
    if (dest && !negated.has(src.gi, term)) {
      negated.add(src.gi, term);
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
 * Texts per ad group number (negated, harvested): a Set per ad group, found by position rather
 * than by hashing the ad group's id once per search term. The slots are allocated up front: an
 * empty array written at position 40,000 turns into a dictionary (V8), and its lookups were the
 * search-term pass's top line in the profile.
 */
class TextsPerGroup {
  readonly #byGroup: (Set<string> | undefined)[];

  constructor(slots: number) {
    this.#byGroup = new Array(slots);
  }

  has(gi: number, text: string): boolean {
    return this.#byGroup[gi]?.has(text) ?? false;
  }

  add(gi: number, text: string): void {
    let texts = this.#byGroup[gi];
    if (texts === undefined) {
      texts = new Set<string>();
      this.#byGroup[gi] = texts;
    }
    texts.add(text);
  }
}

function appendTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [value]);
  else list.push(value);
}

/** Membership of an ad group's exact keywords (lowercased) and manual ASIN targets. */
interface TextLookup {
  has(text: string): boolean;
}
const FEW_TEXTS = 32;

/**
 * A Set of the lowercased texts for a large ad group; for a small one, the keywords compared in
 * place with a lowercased term (lowercasing every keyword of the million cost ~70 ms a run), and
 * only those whose lowercased length is the term's (counted while flattening the tree, so a
 * small keyword-only ad group's target objects are not visited again).
 */
function exactLookup(
  targets: readonly TargetNode[],
  first: number,
  x: Pick<TermContext, "tIsProductTarget" | "tExactLength">,
): TextLookup {
  let nExact = 0;
  const asins: string[] = [];
  for (let k = 0; k < targets.length; k++) {
    if ((x.tExactLength[first + k] as number) >= 0) nExact++;
    if (x.tIsProductTarget[first + k] === 1) {
      const t = targets[k] as TargetNode;
      if (!t.auto) asins.push(asinOf(t.text) ?? "");
    }
  }
  if (nExact + asins.length > FEW_TEXTS) {
    const texts = new Set(asins);
    for (const t of targets) if (t.matchType === "EXACT") texts.add(t.text.toLowerCase());
    return texts;
  }
  return new FewTexts(targets, first, x.tExactLength, asins);
}

class FewTexts implements TextLookup {
  readonly targets: readonly TargetNode[];
  readonly first: number;
  readonly exactLength: Int32Array;
  readonly asins: readonly string[];

  constructor(
    targets: readonly TargetNode[],
    first: number,
    exactLength: Int32Array,
    asins: readonly string[],
  ) {
    this.targets = targets;
    this.first = first;
    this.exactLength = exactLength;
    this.asins = asins;
  }

  has(lowercased: string): boolean {
    const n = lowercased.length;
    for (let k = 0; k < this.targets.length; k++)
      if (
        this.exactLength[this.first + k] === n &&
        (this.targets[k] as TargetNode).text.toLowerCase() === lowercased
      )
        return true;
    return this.asins.includes(lowercased);
  }
}

function asinOf(text: string): string | null {
  const m = /asin="?([a-z0-9]{10})"?/i.exec(text);
  return m ? (m[1] as string).toLowerCase() : null;
}
