/** Small, dependency-free statistics: the Beta distribution and the empirical-Bayes prior fit. */

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
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
 * no excess spread → the strongest prior (children look like their parent).
 */
export function fitPriorStrength(
  children: ArrayLike<number>,
  clicks: ArrayLike<number>,
  orders: ArrayLike<number>,
  parentRate: ArrayLike<number>,
  minClicks = 20,
): number {
  let sw = 0;
  let excess = 0;
  let noise = 0;
  let base = 0;
  let used = 0;
  for (let j = 0; j < children.length; j++) {
    const i = children[j] as number;
    const n = clicks[i] as number;
    if (n < minClicks) continue;
    const mu = Math.min(0.999, Math.max(0.001, parentRate[i] as number));
    const p = (orders[i] as number) / n;
    // weights ∝ clicks: the busy children carry the fit
    sw += n;
    excess += n * (p - mu) ** 2;
    noise += mu * (1 - mu);
    base += n * mu * (1 - mu);
    used++;
  }
  if (used < 3 || sw === 0) return MAX_PRIOR_CLICKS;
  // E[n (p − μ)²] = μ(1−μ) + n τ²  →  τ² = (Σ n(p−μ)² − Σ μ(1−μ)) / Σ n
  const tau2 = (excess - noise) / sw;
  const meanVar = base / sw;
  if (tau2 <= meanVar / MAX_PRIOR_CLICKS) return MAX_PRIOR_CLICKS;
  return Math.min(MAX_PRIOR_CLICKS, Math.max(MIN_PRIOR_CLICKS, meanVar / tau2 - 1));
}
