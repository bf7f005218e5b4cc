import { rngFor } from "./rng.ts";
import type { Product, World } from "./world.ts";

/**
 * Competing offers on a product and the Buy Box (issue 11 §6). Every ASIN has two to four other
 * sellers, drawn from (world seed, ASIN), so the same seed always yields the same market. Each
 * day a seller's price moves: "steady" sellers drift around their own level, "repricers" undercut
 * the seller's current price by a few cents down to their floor. The Buy Box goes to the lowest
 * effective price: landed price (listing + shipping), made dearer for a weaker feedback rating
 * and cheaper for Fulfilment by Amazon, ties broken by seller id.
 */

export interface CompetingOffer {
  sellerId: string;
  /** The seller's own offer (MyOffer). */
  mine: boolean;
  listingPrice: number;
  shipping: number;
  fulfillment: "AFN" | "MFN";
  /** Positive feedback in percent. */
  rating: number;
  feedbackCount: number;
  buyBoxWinner: boolean;
}

interface Rival {
  sellerId: string;
  strategy: "steady" | "repricer";
  /** Price level relative to the reference price. */
  level: number;
  /** Lowest price a repricer goes to, relative to the reference price. */
  floor: number;
  fulfillment: "AFN" | "MFN";
  shipping: number;
  rating: number;
  feedbackCount: number;
}

const cents = (x: number) => Math.round(x * 100) / 100;

function rivalsOf(world: World, p: Product): Rival[] {
  // Day 0: who competes on an ASIN does not change over time, only their prices do.
  const rng = rngFor(world.seed, 0, `rivals:${p.marketplaceId}:${p.asin}`);
  const count = 2 + rng.int(3);
  return Array.from({ length: count }, (_, i) => {
    const fulfillment = rng.next() < 0.55 ? ("AFN" as const) : ("MFN" as const);
    return {
      sellerId: `A2C${(rng.int(0xffffff) + i).toString(16).toUpperCase().padStart(6, "0")}${i}`,
      strategy: rng.next() < 0.4 ? ("repricer" as const) : ("steady" as const),
      level: rng.range(0.92, 1.12),
      floor: rng.range(0.82, 0.95),
      fulfillment,
      shipping: fulfillment === "AFN" ? 0 : cents(rng.pick([0, 0, 2.99, 3.99, 4.99])),
      rating: Math.round(rng.range(82, 99.5) * 10) / 10,
      feedbackCount: 50 + rng.int(20_000),
    };
  });
}

/** The rival's listing price on a day (deterministic per seed, ASIN, seller and day). */
function priceOn(world: World, p: Product, rival: Rival, day: number, ownPrice: number | null) {
  const drift = rngFor(world.seed, day, `price:${p.asin}:${rival.sellerId}`).range(-0.03, 0.03);
  const steady = p.refPrice * (rival.level + drift);
  if (rival.strategy === "repricer" && ownPrice !== null) {
    const floor = p.refPrice * rival.floor;
    return cents(Math.max(floor, Math.min(steady, ownPrice - 0.05)));
  }
  return cents(steady);
}

/** What makes an offer win: landed price, dearer for weak feedback, cheaper with FBA. */
export function buyBoxScore(
  o: Pick<CompetingOffer, "listingPrice" | "shipping" | "fulfillment" | "rating">,
) {
  const landed = o.listingPrice + o.shipping;
  const feedback = 1 + Math.max(0, 95 - o.rating) / 100;
  return landed * feedback * (o.fulfillment === "AFN" ? 0.97 : 1);
}

/**
 * The offers on an ASIN today, cheapest landed first, with the Buy Box winner marked. `owner` is
 * the seller asking: their own listing is MyOffer (the seller of a product is its owner).
 */
export function offersOf(world: World, p: Product, day = world.day): CompetingOffer[] {
  const ownPrice = p.sellerId ? p.price : null;
  const offers: CompetingOffer[] = rivalsOf(world, p).map((r) => ({
    sellerId: r.sellerId,
    mine: false,
    listingPrice: priceOn(world, p, r, day, ownPrice),
    shipping: r.shipping,
    fulfillment: r.fulfillment,
    rating: r.rating,
    feedbackCount: r.feedbackCount,
    buyBoxWinner: false,
  }));
  if (p.sellerId && p.stock > 0)
    offers.push({
      sellerId: p.sellerId,
      mine: true,
      listingPrice: cents(p.price),
      shipping: 0,
      fulfillment: "AFN",
      rating: Math.min(100, Math.round(p.rating * 20 * 10) / 10),
      feedbackCount: p.reviews,
      buyBoxWinner: false,
    });
  const winner = [...offers].sort(
    (a, b) => buyBoxScore(a) - buyBoxScore(b) || a.sellerId.localeCompare(b.sellerId),
  )[0];
  if (winner) winner.buyBoxWinner = true;
  return offers.sort(
    (a, b) =>
      a.listingPrice + a.shipping - (b.listingPrice + b.shipping) ||
      a.sellerId.localeCompare(b.sellerId),
  );
}

/** Similar catalog items: other ASINs of the same category on the marketplace, closest price first. */
export function similarItems(world: World, p: Product, limit = 5): Product[] {
  return [...world.products.values()]
    .filter(
      (o) =>
        o.marketplaceId === p.marketplaceId && o.categoryKey === p.categoryKey && o.asin !== p.asin,
    )
    .sort(
      (a, b) =>
        Math.abs(a.refPrice - p.refPrice) - Math.abs(b.refPrice - p.refPrice) ||
        a.asin.localeCompare(b.asin),
    )
    .slice(0, limit);
}
