/** Two-sided 95 % quantiles of Student's t by degrees of freedom (1–30), then the normal's. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

export function t95(df: number): number {
  return df < 1 ? Number.NaN : (T95[df - 1] ?? 1.96);
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/**
 * The paired difference of `a` to `b` over seeds, in percent of b's mean, with its 95 % interval
 * (t over the seeds' differences; null interval with one seed).
 */
export function pairedDiffPct(
  a: readonly number[],
  b: readonly number[],
): { pct: number; ci95: [number, number] | null } {
  const diffs = a.map((x, i) => x - (b[i] as number));
  const base = mean(b);
  const m = mean(diffs);
  const pct = (100 * m) / base;
  if (diffs.length < 2) return { pct, ci95: null };
  const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - m) ** 2, 0) / (diffs.length - 1));
  const half = (t95(diffs.length - 1) * sd) / Math.sqrt(diffs.length);
  const lo = (100 * (m - half)) / base;
  const hi = (100 * (m + half)) / base;
  // a negative base (the peer losing money) turns the bounds round
  return { pct, ci95: [Math.min(lo, hi), Math.max(lo, hi)] };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * Pearson's correlation of paired samples; null with fewer than two pairs or when either side is
 * constant (the correlation is undefined there, not zero). Clamped to [−1, 1] against rounding.
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] as number;
    my += ys[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // relative to the values' size: a "constant" series of floats has rounding residue
  const tiny = (s: number, m: number) => s <= 1e-24 * n * Math.max(1, m * m);
  if (tiny(sxx, mx) || tiny(syy, my)) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Ranks 1..n, ties given their mean rank (as Spearman's coefficient needs). */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) out[order[k]?.[1] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation: Pearson's of the ranks (ties averaged); null as Pearson's. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  return pearson(ranks(xs.slice(0, n)), ranks(ys.slice(0, n)));
}
