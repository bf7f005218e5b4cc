import { describe, expect, it } from "vitest";
import { seedDemoAccount } from "../src/demo.ts";
import { Rng, rngFor } from "../src/rng.ts";
import { createWorld, productKey, type World } from "../src/world.ts";

function totals(w: World, campaignIds?: Set<string>) {
  const t = { impressions: 0, clicks: 0, cost: 0, orders: 0, sales: 0 };
  for (const days of w.facts.values())
    for (const day of days)
      for (const f of day ?? []) {
        if (campaignIds && !campaignIds.has(f.campaignId)) continue;
        t.impressions += f.impressions;
        t.clicks += f.clicks;
        t.cost += f.cost;
        for (const o of f.orders) {
          t.orders++;
          t.sales += o.sales;
        }
      }
  return t;
}

function run(seed: number, bidMultiplier = 1, days = 30): World {
  const w = createWorld({ seed, productsPerMarketplace: 36 });
  seedDemoAccount(w, { days, bidMultiplier, countries: ["DE"] });
  return w;
}

describe("PRNG and samplers", () => {
  it("is deterministic per (seed, day, key) and samples sensible moments", () => {
    expect(rngFor(1, 2, "x").next()).toBe(rngFor(1, 2, "x").next());
    expect(rngFor(1, 2, "x").next()).not.toBe(rngFor(1, 3, "x").next());
    const r = new Rng(99);
    let pois = 0;
    let bin = 0;
    let beta = 0;
    for (let i = 0; i < 4000; i++) {
      pois += r.poisson(3);
      bin += r.binomial(100, 0.2);
      beta += r.beta(4, 36);
    }
    expect(pois / 4000).toBeCloseTo(3, 0);
    expect(bin / 4000).toBeGreaterThan(19);
    expect(bin / 4000).toBeLessThan(21);
    expect(beta / 4000).toBeGreaterThan(0.09);
    expect(beta / 4000).toBeLessThan(0.11);
  });
});

describe("calibration (design note checks)", () => {
  const base = run(11);
  const t = totals(base);
  const cats = [...base.categories.values()].filter((c) => c.marketplaceId === "A1PA6795UKMFR9");
  const catCpc = cats.reduce((a, c) => a + c.cpc, 0) / cats.length;

  it("30 days give CTR 0.2–0.6%, CVR 5–15%, CPC 0.5–1.5× category level, ACoS 15–45%", () => {
    const ctr = t.clicks / t.impressions;
    const cvr = t.orders / t.clicks;
    const cpc = t.cost / t.clicks;
    const acos = t.cost / t.sales;
    expect(t.clicks).toBeGreaterThan(500);
    expect(ctr).toBeGreaterThanOrEqual(0.002);
    expect(ctr).toBeLessThanOrEqual(0.006);
    expect(cvr).toBeGreaterThanOrEqual(0.05);
    expect(cvr).toBeLessThanOrEqual(0.15);
    expect(cpc / catCpc).toBeGreaterThanOrEqual(0.5);
    expect(cpc / catCpc).toBeLessThanOrEqual(1.5);
    expect(acos).toBeGreaterThanOrEqual(0.15);
    expect(acos).toBeLessThanOrEqual(0.45);
  });

  it("raising all bids by 50% raises impressions, clicks and spend", () => {
    const up = totals(run(11, 1.5));
    expect(up.impressions).toBeGreaterThan(t.impressions);
    expect(up.clicks).toBeGreaterThan(t.clicks);
    expect(up.cost).toBeGreaterThan(t.cost);
  });

  it("same seed gives an identical history, a different seed a different one", () => {
    const again = run(11);
    expect(JSON.stringify(again.facts.get(base.profiles[0]?.profileId ?? 0))).toBe(
      JSON.stringify(base.facts.get(base.profiles[0]?.profileId ?? 0)),
    );
    expect(totals(again)).toEqual(t);
    expect(totals(run(12))).not.toEqual(t);
  });

  it("pausing a campaign zeroes its metrics", () => {
    const w = createWorld({ seed: 11, productsPerMarketplace: 36 });
    seedDemoAccount(w, { days: 5, countries: ["DE"] });
    const spending = new Set<string>();
    for (const f of w.facts.values().next().value?.[4] ?? []) spending.add(f.campaignId);
    const victim = [...spending][0] as string;
    const c = w.entities.campaigns.get(victim);
    if (!c) throw new Error("no campaign");
    c.state = "PAUSED";
    const before = w.day;
    seedDemoAccount(w, { days: 10, countries: [] });
    let imp = 0;
    for (const days of w.facts.values())
      for (let d = before; d < w.day; d++)
        for (const f of days[d] ?? [])
          if (f.campaignId === victim) imp += f.impressions + f.clicks + f.cost;
    expect(imp).toBe(0);
    // and the others still run
    const others = totals(w);
    expect(others.clicks).toBeGreaterThan(0);
  });

  it("a stock-out zeroes its product's ad sales", () => {
    const w = createWorld({ seed: 11, productsPerMarketplace: 36 });
    seedDemoAccount(w, { days: 10, countries: ["DE"] });
    const de = "A1PA6795UKMFR9";
    // the product with the most ad units so far
    let best = "";
    let bestUnits = -1;
    for (const [key, days] of w.productDays) {
      const u = days.reduce((a, d) => a + d.adUnits, 0);
      if (key.startsWith(de) && u > bestUnits) {
        bestUnits = u;
        best = key;
      }
    }
    expect(bestUnits).toBeGreaterThan(0);
    const p = w.products.get(best);
    if (!p) throw new Error("no product");
    p.stock = 0;
    p.autoRestock = false;
    const from = w.day;
    seedDemoAccount(w, { days: 10, countries: [] });
    const after = (w.productDays.get(productKey(de, p.asin)) ?? []).filter((d) => d.day >= from);
    expect(after.reduce((a, d) => a + d.adUnits + d.adSales, 0)).toBe(0);
    const adIds = new Set(
      [...w.entities.productAds.values()].filter((a) => a.asin === p.asin).map((a) => a.adId),
    );
    let clicks = 0;
    for (const days of w.facts.values())
      for (let d = from; d < w.day; d++)
        for (const f of days[d] ?? []) if (adIds.has(f.adId)) clicks += f.clicks;
    expect(clicks).toBe(0);
  });
});
