/** Money rounded to whole cents. */
export const cents = (x: number): number => Math.round(x * 100) / 100;

/** Rates rounded for the reason parameters (4 places: 0.1234 = 12.34 %). */
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Identity index 0…n-1 (every entity its own group), without Int32Array.from's iterator. */
export function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
