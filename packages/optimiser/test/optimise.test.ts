import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  betaCdf,
  type Decision,
  fitPriorStrength,
  optimise,
  projectedImpact,
} from "../src/index.ts";
import { adGroup, campaign, input, product, settings, siblings, sums, target } from "./fixtures.ts";

const bidOf = (decisions: Decision[], id: string) => {
  const d = decisions.find((x) => x.kind === "bid" && x.entityId === id);
  return d && d.kind === "bid" ? d : undefined;
};

describe("statistics", () => {
  it("betaCdf matches known values", () => {
    expect(betaCdf(0.5, 1, 1)).toBeCloseTo(0.5, 10);
    expect(betaCdf(0.2, 2, 3)).toBeCloseTo(0.1808, 4);
    expect(betaCdf(0.05, 1, 20)).toBeCloseTo(1 - 0.95 ** 20, 8);
  });
  it("prior strength: identical children → strongest prior; spread children → weaker", () => {
    const n = 50;
    const idx = Int32Array.from({ length: n }, (_, i) => i);
    const clicks = new Float64Array(n).fill(400);
    const parent = new Float64Array(n).fill(0.1);
    const same = new Float64Array(n).fill(40);
    const spread = Float64Array.from({ length: n }, (_, i) => (i % 2 ? 8 : 72));
    expect(fitPriorStrength(idx, clicks, same, parent)).toBe(2000);
    const m = fitPriorStrength(idx, clicks, spread, parent);
    // true spread: cvr 0.02 or 0.18 → τ² = 0.0064, μ(1−μ)/τ² − 1 ≈ 13
    expect(m).toBeGreaterThan(8);
    expect(m).toBeLessThan(20);
  });
});

describe("target-ACoS bidding on shrunk estimates", () => {
  const world = (k: ReturnType<typeof target>) =>
    input([
      campaign("c1", [
        adGroup("g1", [k, target("g1-busy", 0.5, sums(400, 40))]),
        ...siblings(30, 300, (i) => (i % 3) * 0.05 + 0.03),
      ]),
    ]);

  it("0 clicks: the estimate is the parent's, and the bid is target × parent CVR × order value", () => {
    const out = optimise(
      world(
        target("k0", 0.5, sums(0, 0), { facts: { settled: { ...sums(0, 0), impressions: 500 } } }),
      ),
    );
    const d = bidOf(out.decisions, "k0");
    expect(d).toBeDefined();
    expect(d?.inputs.shrunkCvr).toBeCloseTo(d?.inputs.parentCvr ?? 0, 10);
    const expected = 0.3 * (d?.inputs.shrunkCvr ?? 0) * (d?.inputs.orderValue ?? 0);
    expect(d?.newBid).toBeCloseTo(expected, 2);
  });

  it("8 clicks, 0 orders: a sensible bid — lower than the parent's, neither zero nor unchanged", () => {
    const out = optimise(world(target("k8", 0.5, sums(8, 0))));
    const d = bidOf(out.decisions, "k8");
    expect(d).toBeDefined();
    expect(d?.inputs.rawCvr).toBe(0);
    expect(d?.inputs.shrunkCvr).toBeGreaterThan(0);
    expect(d?.inputs.shrunkCvr).toBeLessThan(d?.inputs.parentCvr ?? 0);
    expect(d?.newBid).toBeGreaterThan(0.02);
    expect(d?.newBid).not.toBe(0.5);
  });

  it("a decision says which days it read: the settled days and the recent ones weighted for lag", () => {
    const k = target("k-window", 0.5, sums(100, 10));
    const products = [product({}, { attributionLagDays: 4 })];
    const bid = (windowDays?: number) =>
      bidOf(
        optimise(
          input([campaign("c-window", [adGroup("g-window", [k])])], {
            products,
            ...(windowDays ? { windowDays } : {}),
          }),
        ).decisions,
        "k-window",
      );
    expect(bid(30)?.inputs.window).toEqual({ settledDays: 26, recentDays: 4 });
    // An input that does not say how many days it holds: the recent days only, as before.
    expect(bid()?.inputs.window).toEqual({ recentDays: 4 });
  });

  it("many clicks: the estimate follows the target's own data", () => {
    const out = optimise(world(target("k5000", 0.5, sums(5000, 500))));
    expect(out.estimates.get("k5000")?.cvr).toBeCloseTo(0.1, 2);
  });

  it("an ad group with several products bids on their spend-weighted target and says so", () => {
    const g = adGroup("g2", [target("k", 1, sums(500, 50))], {
      products: [
        { productId: "p1", adId: "a1", state: "ENABLED" },
        { productId: "p2", adId: "a2", state: "ENABLED" },
      ],
    });
    const out = optimise(
      input([campaign("c", [g])], {
        products: [
          product({ id: "p1", spend: 30 }, { targetAcos: 20 }),
          product({ id: "p2", spend: 10 }, { targetAcos: 40 }),
        ],
      }),
    );
    const d = bidOf(out.decisions, "k");
    expect(d?.inputs.targetAcos).toBeCloseTo(0.25, 10);
    expect(d?.params.targetSource).toBe("spendWeighted");
  });

  it("relative to break-even without economics: the fixed target, said so", () => {
    const g = adGroup("g", [target("k", 1, sums(500, 50))]);
    const out = optimise(
      input([campaign("c", [g])], {
        products: [
          product({ breakEvenAcos: null }, { targetMode: "breakEvenRelative", targetAcos: 22 }),
        ],
      }),
    );
    expect(bidOf(out.decisions, "k")?.inputs.targetSource).toBe("fixedFallback");
    expect(bidOf(out.decisions, "k")?.inputs.targetAcos).toBeCloseTo(0.22, 10);
  });
});

describe("attribution lag", () => {
  it("the newest days count their clicks by expected completeness, so the CVR is not biased low", () => {
    // 300 settled clicks at 10 %, plus yesterday's 100 clicks of which 70 % of orders are reported
    const recent = [{ ...sums(100, 7), ageDays: 1 }];
    const k = target("k", 1, sums(300, 30), { facts: { settled: sums(300, 30), recent } });
    const naive = target("n", 1, sums(400, 37));
    const out = optimise(input([campaign("c", [adGroup("g", [k]), adGroup("h", [naive])])]));
    const weighted = out.estimates.get("k")?.cvr ?? 0;
    const unweighted = out.estimates.get("n")?.cvr ?? 0;
    expect(weighted).toBeGreaterThan(unweighted);
    expect(out.estimates.get("k")?.clicks).toBeCloseTo(370, 6);
  });

  it("the reason names the clicks as reported, the weighted count stays in the inputs", () => {
    const recent = [{ ...sums(97, 7), ageDays: 1 }];
    const k = target("k", 1, sums(300, 30), { facts: { settled: sums(300, 30), recent } });
    const decision = bidOf(optimise(input([campaign("c", [adGroup("g", [k])])])).decisions, "k");
    expect(decision?.params.clicks).toBe(397);
    expect(decision?.inputs.clicks).toBeCloseTo(300 + 97 * 0.7, 6);
  });
});

describe("placements netted out", () => {
  it("a campaign buying top of search at +50 % gets a base bid lower by the click-weighted factor", () => {
    const k = () => target("k", 1, sums(1000, 100));
    const plain = optimise(input([campaign("c", [adGroup("g", [k()])])]));
    const top = optimise(
      input([
        campaign("c", [adGroup("g", [k()])], {
          placementAdjustments: { top: 50, rest: 0, productPage: 0 },
          placements: { top: sums(600, 70), rest: sums(400, 30) },
        }),
      ]),
    );
    const a = bidOf(plain.decisions, "k");
    const b = bidOf(top.decisions, "k");
    expect(b?.inputs.placementFactor).toBeCloseTo(1.3, 10);
    expect(b?.newBid).toBeCloseTo((a?.newBid ?? 0) / 1.3, 2);
  });
});

describe("guard rails", () => {
  it("cool-down: a bid changed within the cool-down is held", () => {
    const k = target("k", 1, sums(1000, 10));
    const out = optimise(
      input([campaign("c", [adGroup("g", [k])])], {
        recentChanges: [{ entityId: "k", date: "2026-11-19", field: "bid" }],
      }),
    );
    expect(bidOf(out.decisions, "k")).toBeUndefined();
    expect(out.holds).toContainEqual(expect.objectContaining({ entityId: "k", code: "coolDown" }));
    const later = optimise(
      input([campaign("c", [adGroup("g", [k])])], {
        recentChanges: [{ entityId: "k", date: "2026-11-16", field: "bid" }],
      }),
    );
    expect(bidOf(later.decisions, "k")).toBeDefined();
  });

  it("dead-band: a bid already near its goal stays", () => {
    const probe = optimise(
      input([campaign("c", [adGroup("g", [target("k", 1, sums(2000, 200))])])]),
    );
    const goal = bidOf(probe.decisions, "k")?.newBid ?? 0;
    const out = optimise(
      input([campaign("c", [adGroup("g", [target("k", goal * 1.02, sums(2000, 200))])])]),
    );
    expect(out.holds).toContainEqual(expect.objectContaining({ entityId: "k", code: "deadBand" }));
  });

  it("Amazon's per-marketplace limits: in JP no bid goes below ¥2", () => {
    const out = optimise(
      input([campaign("c", [adGroup("g", [target("k", 3, sums(2000, 1))])])], {
        countryCode: "JP",
        products: [product({ price: 25 })],
      }),
    );
    expect(bidOf(out.decisions, "k")?.newBid).toBe(2);
  });

  it("min above max (levels contradict): named as a warning, never thrown", () => {
    const p = product({}, { minBidMicros: 3_000_000, maxBidMicros: 1_000_000 });
    const out = optimise(
      input([campaign("c", [adGroup("g", [target("k", 2, sums(100, 10))])])], { products: [p] }),
    );
    expect(out.warnings).toContainEqual(expect.objectContaining({ code: "minBidAboveMaxBid" }));
  });

  it("property: every bid within min/max, Amazon's limits and the max change per run, in cents", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bid: fc.double({ min: 0.02, max: 20, noNaN: true }),
            clicks: fc.nat(3000),
            cvr: fc.double({ min: 0, max: 0.5, noNaN: true }),
            impressions: fc.nat(10),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 20_000, max: 2_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        (rows, minMicros, change, price) => {
          const maxMicros = minMicros + 1_500_000;
          const targets = rows.map((r, i) => {
            const s = sums(
              r.clicks,
              Math.round(r.clicks * r.cvr),
              Math.round(r.clicks * r.cvr) * price,
            );
            return target(`t${i}`, Math.round(r.bid * 100) / 100, {
              ...s,
              impressions: r.impressions,
            });
          });
          const p = product(
            { price },
            { minBidMicros: minMicros, maxBidMicros: maxMicros, maxBidChangePercent: change },
          );
          const out = optimise(input([campaign("c", [adGroup("g", targets)])], { products: [p] }));
          for (const d of out.decisions) {
            if (d.kind !== "bid") continue;
            expect(d.newBid).toBeGreaterThanOrEqual(Math.max(0.02, minMicros / 1e6) - 1e-9);
            expect(d.newBid).toBeLessThanOrEqual(maxMicros / 1e6 + 1e-9);
            expect(Math.abs(d.newBid * 100 - Math.round(d.newBid * 100))).toBeLessThan(1e-6);
            const inBounds =
              d.newBid >= minMicros / 1e6 + 0.01 && d.newBid <= maxMicros / 1e6 - 0.01;
            if (inBounds)
              expect(Math.abs(d.newBid - d.oldBid)).toBeLessThanOrEqual(
                d.oldBid * (change / 100) + 0.0051,
              );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("discovery", () => {
  it("a target without impressions steps up by the max change, up to its cap", () => {
    const k = target("k", 0.3, { impressions: 0, clicks: 0, cost: 0, orders: 0, sales: 0 });
    const out = optimise(
      input([campaign("c", [adGroup("g", [k, target("b", 0.5, sums(500, 50))])])], {
        products: [product({}, { maxBidChangePercent: 20 })],
      }),
    );
    const d = bidOf(out.decisions, "k");
    expect(d?.reason).toBe("bidDiscovery");
    expect(d?.newBid).toBe(0.36);
    const capped = optimise(
      input([campaign("c", [adGroup("g", [k, target("b", 0.5, sums(500, 50))])])], {
        options: { discoveryBid: 0.3 },
      }),
    );
    expect(bidOf(capped.decisions, "k")).toBeUndefined();
    expect(capped.holds).toContainEqual(
      expect.objectContaining({ entityId: "k", code: "atLimit" }),
    );
  });

  it("the discovery bid cap comes from the settings (catalogue value, micros)", () => {
    const k = target("k", 0.3, { impressions: 0, clicks: 0, cost: 0, orders: 0, sales: 0 });
    const decide = (discoveryBidMicros: number) =>
      optimise(
        input([campaign("c", [adGroup("g", [k, target("b", 0.5, sums(500, 50))])])], {
          products: [product({}, { maxBidChangePercent: 20, discoveryBidMicros })],
        }),
      );
    expect(bidOf(decide(300_000).decisions, "k")).toBeUndefined();
    expect(bidOf(decide(330_000).decisions, "k")?.newBid).toBe(0.33);
  });
});

describe("stock", () => {
  const tree = (adState: "ENABLED" | "PAUSED" = "ENABLED") => [
    campaign("c", [
      adGroup("g", [target("k", 1, sums(500, 50))], {
        products: [{ productId: "p1", adId: "ad1", state: adState }],
      }),
    ]),
  ];
  it("out of stock: the product ad is paused and its bids left alone", () => {
    const out = optimise(input(tree(), { products: [product({ stockUnits: 0, daysOfCover: 0 })] }));
    expect(out.decisions).toContainEqual(
      expect.objectContaining({
        kind: "state",
        entityId: "ad1",
        state: "PAUSED",
        reason: "pauseOutOfStock",
      }),
    );
    expect(bidOf(out.decisions, "k")).toBeUndefined();
  });
  it("restocked: the ad paused for stock is resumed", () => {
    const out = optimise(
      input(tree("PAUSED"), {
        recentChanges: [{ entityId: "ad1", date: "2026-11-01", field: "state" }],
      }),
    );
    expect(out.decisions).toContainEqual(
      expect.objectContaining({
        kind: "state",
        entityId: "ad1",
        state: "ENABLED",
        reason: "resumeOnRestock",
      }),
    );
  });
  it("low cover with lowerBids: bids lowered by the setting's share", () => {
    const ok = bidOf(optimise(input(tree())).decisions, "k")?.newBid ?? 0;
    const low = bidOf(
      optimise(input(tree(), { products: [product({ daysOfCover: 5 })] })).decisions,
      "k",
    );
    expect(low?.reason).toBe("bidLowCover");
    expect(low?.newBid).toBeCloseTo(ok * 0.7, 1);
  });
});

describe("search terms", () => {
  const on = {
    negationEnabled: true,
    harvestingEnabled: true,
    targetAcos: 30,
    maxBidChangePercent: 100,
  } as const;
  const auto = () =>
    campaign(
      "auto",
      [
        adGroup("ga", [
          target("close", 0.8, sums(2000, 200), {
            kind: "target",
            text: "close-match",
            matchType: null,
            auto: true,
          }),
        ]),
      ],
      { targetingType: "AUTO" },
    );
  const exact = () => campaign("exact", [adGroup("ge", [target("kw", 0.8, sums(500, 50))])]);
  const term = (searchTerm: string, clicks: number, orders: number, cost: number) => ({
    campaignId: "auto",
    adGroupId: "ga",
    targetId: "close",
    searchTerm,
    sums: { impressions: clicks * 100, clicks, cost, orders, sales: orders * 25 },
  });
  const run = (terms: ReturnType<typeof term>[], values = {}) =>
    optimise(
      input([auto(), exact()], {
        products: [product({}, { ...on, ...values })],
        searchTerms: terms,
      }),
    );

  it("negative by probability: P(CVR < break-even CVR) > 0.9 with the spend, and not below the click floor", () => {
    const out = run([
      term("yoga mat cheap", 40, 0, 40),
      term("few clicks", 10, 0, 20),
      term("cheap clicks", 40, 0, 1.2),
    ]);
    const neg = out.decisions.filter((d) => d.kind === "negative");
    expect(neg.map((d) => d.kind === "negative" && d.text)).toEqual(["yoga mat cheap"]);
    expect(neg[0]?.params.probability).toBeGreaterThan(0.9);
  });

  it("a stricter confidence keeps a term that a looser one negates", () => {
    const t = term("borderline", 25, 0, 25);
    const strict = optimise(
      input([auto(), exact()], {
        products: [product({}, on)],
        searchTerms: [t],
        options: { negationConfidence: 0.999 },
      }),
    );
    expect(strict.decisions.filter((d) => d.kind === "negative")).toHaveLength(0);
    expect(run([t]).decisions.filter((d) => d.kind === "negative")).toHaveLength(1);
  });

  it("the negation confidence comes from the settings (catalogue value, percent)", () => {
    const t = term("borderline", 25, 0, 25);
    const negatives = (values: object) =>
      run([t], values).decisions.filter((d) => d.kind === "negative");
    expect(negatives({ negationConfidencePercent: 99.9 })).toHaveLength(0);
    expect(negatives({ negationConfidencePercent: 90 })).toHaveLength(1);
  });

  it("harvesting: a converting term becomes an exact keyword in the product's exact ad group and is negated in its source", () => {
    const out = run([term("yoga mat thick", 30, 6, 12)]);
    expect(out.decisions).toContainEqual(
      expect.objectContaining({
        kind: "keyword",
        adGroupId: "ge",
        text: "yoga mat thick",
        reason: "harvestKeyword",
      }),
    );
    expect(out.decisions).toContainEqual(
      expect.objectContaining({
        kind: "negative",
        adGroupId: "ga",
        text: "yoga mat thick",
        reason: "harvestNegateSource",
      }),
    );
  });

  it("a term already an exact keyword of the destination is not harvested again, also when İ lowercases to two code units", () => {
    const keyword = "İZMIR YOGA MAT";
    const text = keyword.toLowerCase();
    expect(text.length).toBe(keyword.length + 1);
    const out = optimise(
      input(
        [
          auto(),
          campaign("exact", [
            adGroup("ge", [
              target("kw", 0.8, sums(500, 50)),
              target("izmir", 0.8, sums(500, 50), { text: keyword }),
            ]),
          ]),
        ],
        { products: [product({}, on)], searchTerms: [term(text, 30, 6, 12)] },
      ),
    );
    expect(out.decisions.filter((d) => d.kind === "keyword")).toHaveLength(0);
    expect(out.decisions).toContainEqual(
      expect.objectContaining({
        kind: "negative",
        adGroupId: "ga",
        text,
        reason: "harvestNegateSource",
        params: { destinationAdGroupId: "ge", orders: 6, existing: true },
      }),
    );
  });

  it("no harvesting or negation when the settings say off (the default)", () => {
    const out = run([term("yoga mat thick", 30, 6, 12), term("yoga mat cheap", 40, 0, 40)], {
      negationEnabled: false,
      harvestingEnabled: false,
    });
    expect(out.decisions.filter((d) => d.kind === "negative" || d.kind === "keyword")).toHaveLength(
      0,
    );
  });
});

describe("budgets", () => {
  it("a campaign capped by its budget while under target is flagged with the expected gain", () => {
    const c = campaign("c", [adGroup("g", [target("k", 1, sums(300, 30, 750, 90))])], {
      dailyBudget: 10,
      dailySpend: [10, 10, 9.9, 10, 4, 10, 10],
    });
    const out = optimise(input([c]));
    const b = out.decisions.find((d) => d.kind === "budget");
    expect(b).toMatchObject({ kind: "budget", oldBudget: 10, newBudget: 12 });
    expect(b?.params.expectedGainMonthly).toBeGreaterThan(0);
  });

  it("the expected gain counts the extra budget only on the days the budget ran out", () => {
    const gainOf = (dailySpend: number[]): number => {
      const c = campaign("c", [adGroup("g", [target("k", 1, sums(300, 30, 750, 90))])], {
        dailyBudget: 10,
        dailySpend,
      });
      const b = optimise(input([c])).decisions.find((d) => d.kind === "budget");
      return b?.params.expectedGainMonthly as number;
    };
    const always = gainOf([10, 10, 10, 10, 10, 10, 10]);
    const fourOfSeven = gainOf([10, 10, 4, 10, 4, 10, 4]);
    expect(always).toBeGreaterThan(0);
    // a raise adds spend on the capped days only: 4 of 7 days, 4/7 of the gain
    expect(fourOfSeven).toBeCloseTo((always * 4) / 7, 1);
  });
});

describe("projectedImpact", () => {
  it("raising a bid on a profitable target gains, with a range around the estimate", () => {
    const x = projectedImpact({
      kind: "bid",
      dailyClicks: 10,
      cpc: 0.3,
      cvrA: 20,
      cvrB: 180,
      orderValue: 25,
      breakEvenAcos: 0.5,
      oldBid: 0.6,
      newBid: 0.7,
    });
    expect(x.monthly).toBeGreaterThan(0);
    expect(x.low).toBeLessThan(x.monthly);
    expect(x.high).toBeGreaterThan(x.monthly);
  });
  it("negating a term that loses money gains", () => {
    const x = projectedImpact({
      kind: "negative",
      dailyClicks: 2,
      cpc: 1,
      cvrA: 0.5,
      cvrB: 40,
      orderValue: 25,
      breakEvenAcos: 0.35,
    });
    expect(x.monthly).toBeGreaterThan(0);
  });
});

it("settings fixture resolves", () => {
  expect(settings({ targetAcos: 12 }).effectiveTargetAcos).toBe(12);
});
