import { describe, expect, it } from "vitest";
import { buyBoxScore, offersOf, similarItems } from "../src/competition.ts";
import { seedDemoAccount } from "../src/demo.ts";
import { simulateDay } from "../src/simulation.ts";
import { createWorld, type World } from "../src/world.ts";

/** Issue 11 §6: competing offers move over time, the Buy Box follows price, fulfilment, rating. */

function world(seed: number): World {
  const w = createWorld({ seed, productsPerMarketplace: 24 });
  seedDemoAccount(w, { days: 3, countries: ["DE"] });
  return w;
}
const own = (w: World) => [...w.products.values()].filter((p) => p.sellerId && p.stock > 0);

describe("competing offers and the Buy Box", () => {
  it("are the same for the same seed and day, and differ for another seed", () => {
    const a = world(7);
    const b = world(7);
    const c = world(8);
    const market = (w: World) => own(w).map((p) => offersOf(w, p));
    expect(market(a)).toEqual(market(b));
    expect(market(a)).not.toEqual(market(c));
    // Past days are reproducible too: the market of day 1 does not depend on when it is asked.
    const p = own(a)[0]!;
    expect(offersOf(a, p, 1)).toEqual(offersOf(b, own(b)[0]!, 1));
  });

  it("awards the Buy Box to the best landed price after rating and fulfilment, one winner", () => {
    const w = world(11);
    let fbaWonDearer = 0;
    for (const p of own(w)) {
      const offers = offersOf(w, p);
      expect(offers.filter((o) => o.buyBoxWinner)).toHaveLength(1);
      const winner = offers.find((o) => o.buyBoxWinner)!;
      for (const o of offers) expect(buyBoxScore(winner)).toBeLessThanOrEqual(buyBoxScore(o));
      expect(offers.filter((o) => o.mine)).toHaveLength(1);
      // Sorted by landed price; the winner is not always the cheapest.
      const landed = offers.map((o) => o.listingPrice + o.shipping);
      expect(landed).toEqual([...landed].sort((x, y) => x - y));
      if (winner !== offers[0] && winner.fulfillment === "AFN") fbaWonDearer++;
    }
    expect(fbaWonDearer).toBeGreaterThan(0);
    // A weaker rating makes the same landed price lose.
    const base = { listingPrice: 10, shipping: 0, fulfillment: "MFN" as const };
    expect(buyBoxScore({ ...base, rating: 80 })).toBeGreaterThan(
      buyBoxScore({ ...base, rating: 98 }),
    );
    expect(buyBoxScore({ ...base, rating: 98, fulfillment: "AFN" })).toBeLessThan(
      buyBoxScore({ ...base, rating: 98 }),
    );
  });

  it("moves prices from day to day, and repricers undercut the seller's new price", () => {
    const w = world(5);
    const products = own(w);
    const before = products.map((p) => offersOf(w, p).filter((o) => !o.mine));
    simulateDay(w);
    const after = products.map((p) => offersOf(w, p).filter((o) => !o.mine));
    expect(after).not.toEqual(before);
    // Lowering the own price: some rival follows (a repricer) and stays at or above its floor.
    let followed = 0;
    for (const p of products) {
      const rivals = () => offersOf(w, p).filter((o) => !o.mine);
      const old = rivals();
      p.price = Math.round(p.refPrice * 0.9 * 100) / 100;
      const now = rivals();
      now.forEach((o) => {
        const was = old.find((x) => x.sellerId === o.sellerId)!;
        if (o.listingPrice < was.listingPrice) followed++;
        expect(o.listingPrice).toBeGreaterThan(p.refPrice * 0.8);
      });
    }
    expect(followed).toBeGreaterThan(0);
  });

  it("suggests similar items of the same category, never the ASIN itself", () => {
    const w = world(3);
    const p = own(w)[0]!;
    const similar = similarItems(w, p);
    expect(similar.length).toBeGreaterThan(0);
    for (const s of similar) {
      expect(s.asin).not.toBe(p.asin);
      expect(s.categoryKey).toBe(p.categoryKey);
    }
  });
});
