/** A product as the world makes it: its ASIN, title and hidden demand, price, stock and rank. */
import { addDays, daysBetween } from "./dates.ts";
import type { Marketplace } from "./marketplaces.ts";
import { hashString, type Rng } from "./rng.ts";
import type { Category, Product, World } from "./world.ts";

const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function makeAsin(rng: Rng): string {
  let s = "B0";
  for (let i = 0; i < 8; i++) s += ALPHANUM[rng.int(ALPHANUM.length)];
  return s;
}

/**
 * Capitalises the first letter of each word. A word starts after anything but a letter or digit:
 * JavaScript's `\b` knows only ASCII letters, so it split "handyhülle" at the "ü" ("HandyhÜLle")
 * and upper-cased "ß" to "SS" inside words.
 */
export function titleCase(s: string): string {
  return s.replace(/(?<![\p{L}\p{N}])\p{L}/gu, (c) => c.toUpperCase());
}

export function makeProduct(
  world: World,
  rng: Rng,
  args: {
    asin: string;
    sku: string;
    sellerId: string | undefined;
    brand: string;
    mp: Marketplace;
    cat: Category;
    noun: number;
    mods: number[];
  },
): Product {
  const { mp, cat } = args;
  const price = Math.max(4.99, Math.round(cat.price * 0.85 * rng.logNormal(1, 0.3)) - 0.01);
  const nounText = cat.nouns[args.noun] ?? "";
  const modText = args.mods.map((m) => cat.modifiers[m] ?? "").join(" ");
  const baseDemand = rng.logNormal(2.2, 0.7) * mp.size * 2;
  const createdDate = addDays(world.startDate, -200 - rng.int(500));
  // last update: a hashed day between creation and the world's start (no extra rng draw, so worlds stay as they were)
  const h = hashString(`${args.asin}|${args.sku}|updated`, world.seed);
  const updatedDay = addDays(createdDate, h % daysBetween(createdDate, world.startDate));
  const updatedSecond = hashString(`${args.asin}|${args.sku}|second`, world.seed) % 86_400;
  return {
    asin: args.asin,
    sku: args.sku,
    sellerId: args.sellerId,
    marketplaceId: mp.id,
    categoryKey: cat.key,
    noun: args.noun,
    mods: args.mods,
    title: titleCase(`${args.brand} ${nounText} ${modText}`.trim()),
    brand: args.brand,
    price,
    refPrice: Math.round(price * rng.logNormal(1.02, 0.06) * 100) / 100,
    baseCvr: Math.min(0.25, Math.max(0.03, rng.beta(4, 36))),
    baseDemand,
    stock: Math.round(baseDemand * rng.range(45, 90)) + 20,
    autoRestock: true,
    restockDay: undefined,
    leadTime: 7 + rng.int(8),
    rankFactor: 1,
    baseRank: Math.round(rng.logNormal(4000, 0.9)),
    rating: Math.round(rng.range(3.6, 4.9) * 10) / 10,
    reviews: Math.round(rng.logNormal(300, 1.2)),
    createdDate,
    createdAt: `${createdDate}T10:00:00.000Z`,
    lastUpdatedAt: new Date(
      Date.parse(`${updatedDay}T00:00:00Z`) + updatedSecond * 1000,
    ).toISOString(),
    relevance: undefined,
  };
}
