import { marketplaceById, productKey, type World } from "@starport/amazon-sandbox";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildWorld,
  DEFAULT_WORLD,
  economicsOf,
  pearson,
  ranks,
  realisedEffects,
  runWorld,
  spearman,
  summariseProjection,
} from "../src/index.ts";

const series = (n: number) =>
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
    minLength: n,
    maxLength: n,
  });
const pairs = fc.integer({ min: 2, max: 40 }).chain((n) => fc.tuple(series(n), series(n)));

describe("correlation helpers", () => {
  it("Pearson and Spearman lie in [−1, 1] (or are null, undefined for a constant side), and are symmetric", () => {
    fc.assert(
      fc.property(pairs, ([xs, ys]) => {
        for (const r of [pearson(xs, ys), spearman(xs, ys)]) {
          if (r === null) continue;
          expect(r).toBeGreaterThanOrEqual(-1);
          expect(r).toBeLessThanOrEqual(1);
        }
        const a = pearson(xs, ys);
        const b = pearson(ys, xs);
        if (a === null) expect(b).toBeNull();
        else expect(b).toBeCloseTo(a, 9);
      }),
    );
  });

  it("a positive affine map gives Pearson 1, a negative one −1; any increasing map gives Spearman 1", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -10_000, max: 10_000 }), { minLength: 2, maxLength: 40 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (xs, a, b) => {
          expect(
            pearson(
              xs,
              xs.map((x) => a * x + b),
            ),
          ).toBeCloseTo(1, 9);
          expect(
            pearson(
              xs,
              xs.map((x) => -a * x + b),
            ),
          ).toBeCloseTo(-1, 9);
          expect(
            spearman(
              xs,
              xs.map((x) => x ** 3 + b),
            ),
          ).toBeCloseTo(1, 12);
          expect(
            spearman(
              xs,
              xs.map((x) => Math.exp(-x / 10_000)),
            ),
          ).toBeCloseTo(-1, 12);
        },
      ),
    );
  });

  it("ranks average ties; the correlation of a constant or a single pair is undefined", () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(pearson([1, 2, 3], [4, 4, 4])).toBeNull();
    expect(pearson([1], [2])).toBeNull();
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 12);
    expect(pearson([1, 2, 3, 4], [2, 4, 5, 9])).toBeCloseTo(11 / Math.sqrt(130), 12);
    expect(
      summariseProjection([
        [10, 5],
        [20, 10],
        [30, 15],
      ]),
    ).toMatchObject({
      n: 3,
      meanProjected: 20,
      meanRealised: 10,
      calibration: 0.5,
    });
  });
});

describe("projection against outcome in a small backtest", () => {
  it("pairs the optimiser's applied bid changes with their realised effect, deterministically", () => {
    const run = () =>
      runWorld({
        seed: 2,
        days: 24,
        warmupDays: 20,
        strategies: ["static", "starport"],
        params: { ...DEFAULT_WORLD, products: 12 },
        config: { targetAcos: 0.3, minBid: 0.02, maxBid: 5 },
        cvrDay: 1,
      });
    const first = run();
    const p = first.projection;
    if (!p) throw new Error("no projection measured");
    expect(p.bid.length).toBeGreaterThan(5);
    for (const [projected, realised] of [...p.bid, ...p.budget]) {
      expect(Number.isFinite(projected)).toBe(true);
      expect(Number.isFinite(realised)).toBe(true);
    }
    // the static strategy has no projections: measured for the optimiser only
    const s = summariseProjection(p.bid);
    expect(s.n).toBe(p.bid.length);
    for (const r of [s.pearson, s.spearman]) {
      expect(r).not.toBeNull();
      expect(r as number).toBeGreaterThanOrEqual(-1);
      expect(r as number).toBeLessThanOrEqual(1);
    }
    expect(run().projection).toEqual(p);
  }, 300_000);
});

describe("realised effect of a change", () => {
  /** A keyword/target's ad profit on one day, computed here from the record by hand. */
  const dayProfit = (world: World, targetId: string, day: number): number => {
    let profit = 0;
    for (const profile of world.profiles) {
      const mp = marketplaceById(profile.marketplaceId);
      for (const f of world.facts.get(profile.profileId)?.[day] ?? []) {
        if (f.targetId !== targetId) continue;
        const ad = world.entities.productAds.get(f.adId);
        const p = ad && world.products.get(productKey(profile.marketplaceId, ad.asin));
        if (!p || !mp) throw new Error("fact without product");
        const margin =
          (economicsOf(mp.countryCode, mp.currencyCode, p.price, p.categoryKey)
            .contributionMarginMicros ?? 0) / 1e6;
        const units = f.orders.filter((o) => o.sameSku).reduce((s, o) => s + o.units, 0);
        profit += units * margin - f.cost;
      }
    }
    return profit;
  };
  const perDay = (world: World, id: string, from: number, to: number) => {
    let s = 0;
    for (let d = from; d < to; d++) s += dayProfit(world, id, d);
    return s / (to - from);
  };

  it("is the entity's ad profit per day after minus before, per month, each window cut at the entity's neighbouring change", () => {
    const world = buildWorld(3, { ...DEFAULT_WORLD, products: 12 }, 40);
    // the target with the most spend in the record
    const spend = new Map<string, number>();
    for (const days of world.facts.values())
      for (const day of days)
        for (const f of day ?? []) spend.set(f.targetId, (spend.get(f.targetId) ?? 0) + f.cost);
    const [id] = [...spend].sort((a, b) => b[1] - a[1])[0] ?? [""];
    const profiles = world.profiles;
    const one = realisedEffects(
      world,
      profiles,
      [{ kind: "bid", entityId: id, day: 20, projected: 7 }],
      40,
    );
    const expected = 30 * (perDay(world, id, 20, 34) - perDay(world, id, 6, 20));
    expect(expected).not.toBe(0);
    expect(one.bid).toHaveLength(1);
    expect(one.bid[0]?.[0]).toBe(7);
    expect(one.bid[0]?.[1]).toBeCloseTo(expected, 9);
    // a second change on day 25: the first one's after-window ends there, the second's before-window starts there
    const two = realisedEffects(
      world,
      profiles,
      [
        { kind: "bid", entityId: id, day: 20, projected: 7 },
        { kind: "bid", entityId: id, day: 25, projected: -3 },
      ],
      40,
    );
    expect(two.bid[0]?.[1]).toBeCloseTo(
      30 * (perDay(world, id, 20, 25) - perDay(world, id, 6, 20)),
      9,
    );
    expect(two.bid[1]?.[1]).toBeCloseTo(
      30 * (perDay(world, id, 25, 39) - perDay(world, id, 20, 25)),
      9,
    );
    // fewer than 3 days on a side: not measurable
    const short = realisedEffects(
      world,
      profiles,
      [{ kind: "bid", entityId: id, day: 38, projected: 1 }],
      40,
    );
    expect(short.bid).toHaveLength(0);
  });
});
