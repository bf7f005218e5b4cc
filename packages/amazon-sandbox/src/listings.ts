/** A seller's listings as the Listings API changes them: added, stamped and removed. */
import { MARKETPLACES, marketplaceById } from "./marketplaces.ts";
import { makeAsin, makeProduct } from "./products.ts";
import { rngFor } from "./rng.ts";
import { addAsinTerm, tokenize } from "./terms.ts";
import { type Category, type Product, productKey, todayOf, type World } from "./world.ts";

/**
 * Timestamp for a listing submission: the simulated date with the wall clock's time of day, strictly
 * after every earlier submission (ISO 8601, whole seconds).
 */
export function listingStamp(world: World, nowMs: number): string {
  const base = Date.parse(`${todayOf(world)}T00:00:00Z`) + (nowMs % 86_400_000);
  const ms = Math.max(Math.floor(base / 1000) * 1000, world.lastListingStamp + 1000);
  world.lastListingStamp = ms;
  return new Date(ms).toISOString();
}

/** A new seller listing (putListingsItem for an unknown SKU): a new ASIN unless `asin` is given. */
export function addSellerListing(
  world: World,
  args: {
    sellerId: string;
    sku: string;
    marketplaceId: string;
    category: Category;
    asin: string | undefined;
    title: string;
    brand: string;
    price: number;
    stock: number;
    stamp: string;
  },
): Product {
  const mp = marketplaceById(args.marketplaceId);
  if (!mp) throw new Error(`unknown marketplace ${args.marketplaceId}`);
  const rng = rngFor(world.seed, world.day, `listing|${args.sellerId}|${mp.id}|${args.sku}`);
  let asin = args.asin;
  if (asin !== undefined && world.products.has(productKey(mp.id, asin)))
    throw new Error(`ASIN ${asin} already exists in ${mp.id}`);
  // a new ASIN is new in every marketplace, so the listing can take it everywhere
  if (asin === undefined) {
    do asin = makeAsin(rng);
    while (MARKETPLACES.some((m) => world.products.has(productKey(m.id, asin ?? ""))));
  }
  // noun and modifiers (they drive relevance) from the title's words
  const words = new Set(tokenize(args.title));
  const nounIdx = args.category.nouns.findIndex((n) => tokenize(n).every((w) => words.has(w)));
  const mods = args.category.modifiers.flatMap((m, i) =>
    tokenize(m).every((w) => words.has(w)) ? [i] : [],
  );
  const p = makeProduct(world, rng, {
    asin,
    sku: args.sku,
    sellerId: args.sellerId,
    brand: args.brand,
    mp,
    cat: args.category,
    noun: nounIdx >= 0 ? nounIdx : rng.int(args.category.nouns.length),
    mods,
  });
  p.title = args.title;
  p.price = args.price;
  p.stock = args.stock;
  p.createdDate = args.stamp.slice(0, 10);
  p.createdAt = args.stamp;
  p.lastUpdatedAt = args.stamp;
  world.products.set(productKey(mp.id, p.asin), p);
  world.skuIndex.set(`${args.sellerId}|${mp.id}|${p.sku}`, p);
  addAsinTerm(world, p, rng);
  world.matchCache.clear();
  return p;
}

/** deleteListingsItem: the seller's offer goes; the ASIN's detail page stays in the catalogue. */
export function removeSellerListing(world: World, p: Product): void {
  if (p.sellerId === undefined) return;
  world.skuIndex.delete(`${p.sellerId}|${p.marketplaceId}|${p.sku}`);
  p.sellerId = undefined;
  p.sku = "";
  world.matchCache.clear();
}
