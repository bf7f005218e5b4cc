import { MODEL, type World } from "@starport/amazon-sandbox";

/**
 * World parameters a backtest may vary (`--world key=value,...`). They change the simulation's
 * model for the world of one worker thread (each worker has its own copy of the module), never
 * the strategies.
 */
export interface WorldParams {
  /** log-sigma of competitors' bids around a term's CPC level (simulation default 0.5). */
  competitorSigma: number;
  /** Multiplies every term's and category's competitor CPC level. */
  cpcScale: number;
  /** Multiplies the own products' base conversion rates. */
  cvrScale: number;
  /** How fast orders are attributed: `short` (Amazon's usual: ~70 % the next day) or `long`. */
  attributionLag: "short" | "long";
  /** Products advertised per marketplace (demo seller: 100 per marketplace, DE and FR). */
  products: number;
}

export const DEFAULT_WORLD: WorldParams = {
  competitorSigma: 0.5,
  cpcScale: 1,
  cvrScale: 1,
  attributionLag: "short",
  products: 100,
};

/** Share of a click day's orders reported 0..7 days after the click. */
export const ATTRIBUTION_PROFILES = {
  short: [0.7, 0.15, 0.05, 0.03, 0.025, 0.02, 0.015, 0.01],
  long: [0.4, 0.2, 0.12, 0.08, 0.07, 0.05, 0.045, 0.035],
} as const;

export function parseWorldParams(text: string | undefined): WorldParams {
  const out: WorldParams = { ...DEFAULT_WORLD };
  if (!text) return out;
  for (const pair of text.split(",")) {
    if (!pair.trim()) continue;
    const [key, raw] = pair.split("=").map((s) => s.trim());
    if (key === "attributionLag") {
      if (raw !== "short" && raw !== "long")
        throw new Error("attributionLag must be short or long");
      out.attributionLag = raw;
      continue;
    }
    if (!key || !(key in out)) throw new Error(`unknown world parameter: ${key}`);
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${key} must be a positive number`);
    (out as unknown as Record<string, number>)[key] = value;
  }
  return out;
}

/** Sets the model constants of this thread's simulation (call before the world is built). */
export function applyModelParams(params: WorldParams): void {
  MODEL.competitorSigma = params.competitorSigma;
  (MODEL as { attributionLag: readonly number[] }).attributionLag =
    ATTRIBUTION_PROFILES[params.attributionLag];
}

/** Scales the world's competitor CPC levels and own conversion rates (before the account is seeded). */
export function applyWorldParams(world: World, params: WorldParams): void {
  if (params.cpcScale !== 1) {
    for (const c of world.categories.values()) c.cpc *= params.cpcScale;
    for (const list of world.terms.values()) for (const t of list) t.cpc *= params.cpcScale;
  }
  if (params.cvrScale !== 1)
    for (const p of world.products.values())
      if (p.sellerId !== undefined) p.baseCvr = Math.min(0.9, p.baseCvr * params.cvrScale);
}
