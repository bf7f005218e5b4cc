/** Money rounded to whole cents. */
export const cents = (x: number): number => Math.round(x * 100) / 100;

/** Rates rounded for the reason parameters (4 places: 0.1234 = 12.34 %). */
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
