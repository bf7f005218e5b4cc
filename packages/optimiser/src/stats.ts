/** Small, dependency-free statistics: the Beta distribution and the empirical-Bayes prior fit. */

import { scratchFloat64, scratchInt32 } from "./scratch.ts";

/** Lanczos coefficients (g = 7, n = 9): a constant, not an array built per call (3 per betaCdf). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
] as const;

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = LANCZOS;
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 200; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-12) break;
  }
  return h;
}

/** P(X ≤ x) for X ~ Beta(a, b): the regularised incomplete beta function. */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lbt = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const bt = Math.exp(lbt);
  if (x < (a + 1) / (a + b + 2)) return (bt * betaContinuedFraction(a, b, x)) / a;
  return 1 - (bt * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Standard deviation of Beta(a, b). */
export function betaSd(a: number, b: number): number {
  return Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
}

export const MIN_PRIOR_CLICKS = 5;
export const MAX_PRIOR_CLICKS = 2000;

/**
 * Empirical Bayes: the prior strength m (pseudo-clicks) of a Beta prior for children's rates
 * around their parents', by the method of moments. Each child i has n_i clicks, k_i orders and
 * its parent's rate μ_i. The spread of the raw rates around the parents' rates is binomial noise
 * plus the true between-children variance τ²; with τ² known, m = μ(1−μ)/τ² − 1. Children with
 * fewer than `minClicks` clicks add noise, not information, and are left out. Few children or
 * no excess spread → the strongest prior (children look like their parent). `children` null:
 * every member.
 */
export function fitPriorStrength(
  children: ArrayLike<number> | null,
  clicks: ArrayLike<number>,
  orders: ArrayLike<number>,
  parentRate: ArrayLike<number>,
  minClicks = 20,
): number {
  let sumDev = 0;
  let sumVar = 0;
  let used = 0;
  // null: every member is a child (no index array of a million positions)
  const nChildren = children === null ? clicks.length : children.length;
  for (let j = 0; j < nChildren; j++) {
    const i = children === null ? j : (children[j] as number);
    const n = clicks[i] as number;
    if (n < minClicks) continue;
    const mu = Math.min(0.999, Math.max(0.001, parentRate[i] as number));
    const p = (orders[i] as number) / n;
    // each child counts once: its squared deviation less its own binomial noise
    sumDev += (p - mu) ** 2 - (mu * (1 - mu)) / n;
    sumVar += mu * (1 - mu);
    used++;
  }
  if (used < 3) return MAX_PRIOR_CLICKS;
  // E[(p − μ)²] = μ(1−μ)/n + τ²  →  τ² = mean((p − μ)² − μ(1−μ)/n)
  const tau2 = sumDev / used;
  const meanVar = sumVar / used;
  if (tau2 <= meanVar / MAX_PRIOR_CLICKS) return MAX_PRIOR_CLICKS;
  return Math.min(MAX_PRIOR_CLICKS, Math.max(MIN_PRIOR_CLICKS, meanVar / tau2 - 1));
}

/**
 * The prior mean of a parent's children: their random-effects mean, not the pooled rate. Where a
 * busy child converts better than the quiet ones (relevance drives both traffic and conversion),
 * the pooled rate (orders / clicks) is the busy child's, and shrinking a quiet child toward it
 * overestimates the quiet child. Each child with clicks weighs 1 / (τ² + μ(1−μ)/n) (τ² from the
 * level's fitted prior strength m: τ² = μ(1−μ)/(m + 1)), and the parent's pooled estimate counts as
 * one more child, so a parent with one or two children keeps close to it.
 */
export function randomEffectsMeans(
  parentOf: ArrayLike<number>,
  clicks: ArrayLike<number>,
  orders: ArrayLike<number>,
  pooled: ArrayLike<number>,
  m: number,
): Float64Array {
  const nParents = pooled.length;
  const sw = new Float64Array(nParents);
  const swp = new Float64Array(nParents);
  for (let j = 0; j < nParents; j++) {
    const mu = Math.min(0.999, Math.max(0.001, pooled[j] as number));
    const w0 = (m + 1) / (mu * (1 - mu));
    sw[j] = w0;
    swp[j] = w0 * (pooled[j] as number);
  }
  for (let i = 0; i < parentOf.length; i++) {
    const n = clicks[i] as number;
    if (!(n > 0)) continue;
    const j = parentOf[i] as number;
    const mu = Math.min(0.999, Math.max(0.001, pooled[j] as number));
    const v = mu * (1 - mu);
    const w = 1 / (v / (m + 1) + v / n);
    sw[j] = (sw[j] as number) + w;
    swp[j] = (swp[j] as number) + (w * (orders[i] as number)) / n;
  }
  return Float64Array.from(sw, (w, j) => (swp[j] as number) / w);
}

/**
 * Multiplicative effects of a grouping that cuts across the tree (a product advertised in several
 * ad groups: exact, broad, product targeting): per member, its group's observed over expected
 * events, the member itself left out, shrunk toward 1 with a Gamma prior whose strength a (pseudo
 * expected events) is fitted by the method of moments: Var(O/E) = 1/E (Poisson) + 1/a. Members
 * without a group (−1) get 1.
 */
export function leaveOneOutFactors(
  groupOf: ArrayLike<number>,
  nGroups: number,
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  minExpected = 2,
): Float64Array {
  const o = new Float64Array(nGroups);
  const e = new Float64Array(nGroups);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i] as number;
    if (g < 0) continue;
    o[g] = (o[g] as number) + (observed[i] as number);
    e[g] = (e[g] as number) + (expected[i] as number);
  }
  const a = gammaPriorStrength(o, e, minExpected);
  // a loop, not Float64Array.from({ length }, callback): a callback per member
  const out = new Float64Array(groupOf.length);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i] as number;
    out[i] =
      g < 0
        ? 1
        : ((o[g] as number) - (observed[i] as number) + a) /
          ((e[g] as number) - (expected[i] as number) + a);
  }
  return out;
}

/**
 * leaveOneOutFactors with expected = clicks × rate, applied in place: each member's rate times its
 * factor, at most 0.999. The same arithmetic in the same order (the same results to the last
 * bit), without the two arrays of a million members that the expected events and the factors took.
 */
export function scaleByLeaveOneOutFactors(
  rate: Float64Array,
  groupOf: ArrayLike<number>,
  nGroups: number,
  observed: ArrayLike<number>,
  clicks: ArrayLike<number>,
  minExpected = 2,
): void {
  const o = new Float64Array(nGroups);
  const e = new Float64Array(nGroups);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i] as number;
    if (g < 0) continue;
    o[g] = (o[g] as number) + (observed[i] as number);
    e[g] = (e[g] as number) + (clicks[i] as number) * (rate[i] as number);
  }
  const a = gammaPriorStrength(o, e, minExpected);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i] as number;
    const r = rate[i] as number;
    const f =
      g < 0
        ? 1
        : ((o[g] as number) - (observed[i] as number) + a) /
          ((e[g] as number) - (clicks[i] as number) * r + a);
    rate[i] = Math.min(0.999, r * f);
  }
}

/** The Gamma prior's strength (pseudo expected events) of groups' observed / expected ratios. */
function gammaPriorStrength(o: Float64Array, e: Float64Array, minExpected: number): number {
  const nGroups = o.length;
  let excess = 0;
  let used = 0;
  for (let g = 0; g < nGroups; g++) {
    const eg = e[g] as number;
    if (eg < minExpected) continue;
    excess += ((o[g] as number) / eg - 1) ** 2 - 1 / eg;
    used++;
  }
  const tau2 = used >= 3 ? excess / used : 0;
  return tau2 > 1 / MAX_PRIOR_CLICKS ? Math.max(1, 1 / tau2) : MAX_PRIOR_CLICKS;
}

/**
 * Exponent β of a covariate in a Poisson model of orders: orders_i ~ Poisson(n_i · μ_i · x_i^β),
 * μ_i the parent's rate, x_i > 0 the covariate (a target's click-through rate relative to its ad
 * group's: relevance raises both). Newton steps on the log-likelihood; β kept within [lo, hi].
 */
export function fitCovariateExponent(
  clicks: ArrayLike<number>,
  orders: ArrayLike<number>,
  parentRate: ArrayLike<number>,
  x: ArrayLike<number>,
  lo = 0,
  hi = 1,
): number {
  // the members that inform β and their log covariate, found once rather than in each of the up
  // to 8 Newton steps (a million logarithms a step)
  const used = scratchInt32("fitCovariateExponent.used", clicks.length);
  const logX = scratchFloat64("fitCovariateExponent.logX", clicks.length);
  let nUsed = 0;
  for (let i = 0; i < clicks.length; i++) {
    const n = clicks[i] as number;
    const xi = x[i] as number;
    if (!(n > 0) || !(xi > 0) || xi === 1) continue;
    used[nUsed] = i;
    logX[nUsed] = Math.log(xi);
    nUsed++;
  }
  let beta = 0;
  for (let iter = 0; iter < 8; iter++) {
    let score = 0;
    let info = 0;
    for (let j = 0; j < nUsed; j++) {
      const i = used[j] as number;
      const lx = logX[j] as number;
      const m = (clicks[i] as number) * (parentRate[i] as number) * Math.exp(beta * lx);
      score += ((orders[i] as number) - m) * lx;
      info += m * lx * lx;
    }
    if (info <= 0) return 0;
    const next = Math.min(hi, Math.max(lo, beta + score / info));
    if (Math.abs(next - beta) < 1e-4) return next;
    beta = next;
  }
  return beta;
}
