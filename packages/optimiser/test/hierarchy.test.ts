import { describe, expect, it } from "vitest";
import {
  fitCovariateExponent,
  fitPriorStrength,
  leaveOneOutFactors,
  optimise,
  randomEffectsMeans,
} from "../src/index.ts";
import type { AdGroupNode, CampaignNode, TargetNode } from "../src/types.ts";
import { adGroup, campaign, input, product, sums, target } from "./fixtures.ts";

/** A target with `clicks` clicks at `cvr`, and `impressions` (default 200 per click). */
const t = (id: string, clicks: number, cvr: number, extra: Partial<TargetNode> = {}) => {
  const s = sums(clicks, Math.round(clicks * cvr));
  return target(id, 0.5, s, extra);
};
const productTarget = (id: string, clicks: number, cvr: number): TargetNode =>
  t(id, clicks, cvr, {
    kind: "target",
    text: `asin="B0${id.padEnd(8, "X").slice(0, 8)}"`,
    matchType: null,
  });
const autoTarget = (id: string, clicks: number, cvr: number): TargetNode =>
  t(id, clicks, cvr, { kind: "target", text: "close-match", matchType: null, auto: true });
const group = (id: string, targets: TargetNode[], productId = "p1"): AdGroupNode =>
  adGroup(id, targets, { products: [{ productId, adId: `ad-${id}`, state: "ENABLED" }] });

describe("empirical Bayes: the prior strength", () => {
  it("counts each child once: quiet children spread widely while busy ones sit on the parent → a weak prior", () => {
    // 10 busy children exactly at the parent's 10 %, 10 quiet ones at 2 % or 18 %: the children do
    // differ (τ² ≈ 0.0046 → m ≈ 19); weighting by clicks hid it behind the busy ones (m = 2000)
    const n = 20;
    const idx = Int32Array.from({ length: n }, (_, i) => i);
    const clicks = Float64Array.from(idx, (i) => (i < 10 ? 5000 : 50));
    const orders = Float64Array.from(idx, (i) => (i < 10 ? 500 : i % 2 ? 1 : 9));
    const parent = new Float64Array(n).fill(0.1);
    const m = fitPriorStrength(idx, clicks, orders, parent);
    expect(m).toBeGreaterThan(5);
    expect(m).toBeLessThan(100);
  });
});

describe("empirical Bayes: the children's prior mean", () => {
  it("is their random-effects mean: quiet children that convert worse than the one busy child pull it down", () => {
    // one child 5000 clicks at 12 %, ten with 100 clicks at 4 %: pooled 10.7 %
    const parentOf = new Int32Array(11);
    const clicks = Float64Array.from(parentOf, (_, i) => (i === 0 ? 5000 : 100));
    const orders = Float64Array.from(parentOf, (_, i) => (i === 0 ? 600 : 4));
    const pooled = 640 / 6000;
    const [mean] = randomEffectsMeans(parentOf, clicks, orders, [pooled], 50);
    expect(mean).toBeLessThan(0.08);
    expect(mean).toBeGreaterThan(0.04);
    // identical children: the pooled rate
    const same = randomEffectsMeans(
      parentOf,
      clicks,
      Float64Array.from(clicks, (c) => c * 0.1),
      [0.1],
      50,
    );
    expect(same[0]).toBeCloseTo(0.1, 10);
  });
});

describe("the hierarchy's levels", () => {
  it("targeting kind: a new product-targeting campaign shrinks toward product targeting's rate, not the keywords'", () => {
    const campaigns: CampaignNode[] = [];
    for (let i = 0; i < 4; i++)
      campaigns.push(campaign(`exact${i}`, [group(`ge${i}`, [t(`e${i}`, 2000, 0.12 + i * 0.01)])]));
    for (let i = 0; i < 3; i++)
      campaigns.push(
        campaign(`auto${i}`, [group(`ga${i}`, [autoTarget(`a${i}`, 1000, 0.09 + i * 0.01)])], {
          targetingType: "AUTO",
        }),
      );
    for (let i = 0; i < 4; i++)
      campaigns.push(
        campaign(`pat${i}`, [group(`gp${i}`, [productTarget(`pt${i}`, 300, 0.04 + i * 0.01)])]),
      );
    campaigns.push(campaign("patNew", [group("gpNew", [productTarget("ptNew", 20, 0.05)])]));
    const out = optimise(input(campaigns));
    const est = out.estimates.get("ptNew")?.cvr ?? 0;
    // product targeting converts at ~5.5 %, the account at ~10 %
    expect(est).toBeLessThan(0.07);
    expect(est).toBeGreaterThan(0.04);
  });

  it("product: an ad group with few clicks shrinks toward its product's rate in its other ad groups", () => {
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const cvr = (i: number) => (i === 3 ? 0.03 : 0.1 + (i % 3) * 0.01);
    const exact = campaign(
      "exact",
      ids.map((p, i) => group(`ge-${p}`, [t(`e-${p}`, 1000, cvr(i))], p)),
    );
    const broad = campaign(
      "broad",
      ids.map((p, i) =>
        group(`gb-${p}`, [i === 3 ? t("b-new", 12, 0) : t(`b-${p}`, 400, cvr(i) * 0.8)], p),
      ),
    );
    const out = optimise(
      input([exact, broad], { products: ids.map((id) => product({ id, asin: `B0${id}XXXXXX` })) }),
    );
    const est = out.estimates.get("b-new")?.cvr ?? 0;
    const sibling = out.estimates.get("b-p4")?.cvr ?? 0;
    // p3 converts at 3 % in its exact ad group, the broad campaign at ~8 %
    expect(est).toBeLessThan(0.045);
    expect(sibling).toBeGreaterThan(0.07);
  });

  it("relevance: of two new targets with the same clicks and orders, the one with the higher CTR is estimated higher", () => {
    // in every ad group, targets clicked at 2 % of impressions convert at 15 %, those at 0.5 % at 5 %
    const groups: AdGroupNode[] = [];
    for (let g = 0; g < 20; g++) {
      const ts: TargetNode[] = [];
      for (let k = 0; k < 4; k++) {
        const hi = k % 2 === 0;
        const s = sums(100, hi ? 15 : 5);
        ts.push(target(`g${g}k${k}`, 0.5, { ...s, impressions: hi ? 5000 : 20_000 }));
      }
      if (g === 0) {
        ts.push(target("newHi", 0.5, { ...sums(6, 0), impressions: 300 }));
        ts.push(target("newLo", 0.5, { ...sums(6, 0), impressions: 1200 }));
      }
      groups.push(group(`g${g}`, ts));
    }
    const out = optimise(input([campaign("c", groups)]));
    const hi = out.estimates.get("newHi")?.cvr ?? 0;
    const lo = out.estimates.get("newLo")?.cvr ?? 0;
    expect(hi).toBeGreaterThan(lo * 1.3);
  });
  it("click volume: a quiet target takes the quiet targets' rate, not its ad group's busy targets'", () => {
    // in every ad group two busy keywords (200 clicks) convert at 12 %, two at 20 clicks at 10 %,
    // six quiet ones (2 clicks each, the same CTR) at about 4 % together: the ad group's rate is
    // the busy ones' (the factors' spread is fitted over the volume classes: it needs three)
    const groups: AdGroupNode[] = [];
    let q = 0;
    for (let g = 0; g < 20; g++) {
      const ts: TargetNode[] = [t(`g${g}b0`, 200, 0.12), t(`g${g}b1`, 200, 0.12)];
      ts.push(t(`g${g}m0`, 20, 0.1), t(`g${g}m1`, 20, 0.1));
      for (let k = 0; k < 6; k++) ts.push(t(`g${g}q${k}`, 2, q++ % 12 === 0 ? 0.5 : 0));
      groups.push(group(`g${g}`, ts));
    }
    const out = optimise(input([campaign("c", groups)]));
    const quiet = out.estimates.get("g0q1")?.cvr ?? 0;
    const busy = out.estimates.get("g0b0")?.cvr ?? 0;
    expect(quiet).toBeLessThan(0.08);
    expect(busy).toBeGreaterThan(0.1);
  });
  it("click volume: a quiet ad group takes the quiet ad groups' rate, not its campaign's busy ones'", () => {
    // ten busy ad groups (2000 clicks) convert at 12 %, ten at 50 clicks at 10 %, forty quiet ones
    // (3 clicks each) at about 4 % together, each its own product; a new keyword without clicks in
    // a quiet ad group takes its ad group's rate
    const groups: AdGroupNode[] = [];
    for (let g = 0; g < 10; g++) groups.push(group(`b${g}`, [t(`b${g}k`, 2000, 0.12)], `pb${g}`));
    for (let g = 0; g < 10; g++) groups.push(group(`m${g}`, [t(`m${g}k`, 50, 0.1)], `pm${g}`));
    for (let g = 0; g < 40; g++) {
      const ts = [t(`q${g}k`, 3, g % 8 === 0 ? 0.34 : 0)];
      if (g === 1) ts.push(t("fresh", 0, 0));
      groups.push(group(`q${g}`, ts, `pq${g}`));
    }
    const out = optimise(input([campaign("c", groups)]));
    expect(out.estimates.get("fresh")?.cvr ?? 0).toBeLessThan(0.08);
    expect(out.estimates.get("b0k")?.cvr ?? 0).toBeGreaterThan(0.11);
  });
  it("clause type: a new phrase keyword in an ad group of phrase and broad keywords takes the phrase keywords' rate", () => {
    // in every ad group, phrase keywords convert at 4 %, broad ones at 12 %, exact at 8 % (the
    // factor's spread is fitted over the clause types: it needs three)
    const groups: AdGroupNode[] = [];
    const types = ["PHRASE", "BROAD", "EXACT"] as const;
    const rates = [0.04, 0.12, 0.08];
    for (let g = 0; g < 20; g++) {
      const ts: TargetNode[] = [];
      for (let k = 0; k < 6; k++)
        ts.push(t(`g${g}k${k}`, 100, rates[k % 3] ?? 0, { matchType: types[k % 3] }));
      if (g === 0) {
        ts.push(t("newPhrase", 5, 0, { matchType: "PHRASE" }));
        ts.push(t("newBroad", 5, 0, { matchType: "BROAD" }));
      }
      groups.push(group(`g${g}`, ts));
    }
    const out = optimise(input([campaign("c", groups)]));
    const phrase = out.estimates.get("newPhrase")?.cvr ?? 0;
    const broad = out.estimates.get("newBroad")?.cvr ?? 0;
    expect(phrase).toBeLessThan(0.06);
    expect(broad).toBeGreaterThan(0.09);
  });
});

describe("covariate and cross-cutting factors", () => {
  it("fitCovariateExponent recovers β from rates that scale with x^β", () => {
    const n = 200;
    const clicks = new Float64Array(n).fill(2000);
    const x = Float64Array.from({ length: n }, (_, i) => 0.5 + (i % 10) * 0.15);
    const orders = Float64Array.from(x, (xi) => 2000 * 0.1 * xi ** 0.8);
    const beta = fitCovariateExponent(clicks, orders, new Float64Array(n).fill(0.1), x);
    expect(beta).toBeCloseTo(0.8, 2);
  });

  it("leaveOneOutFactors: a member's factor comes from its group's other members, shrunk toward 1", () => {
    // groups 0..4: observed = expected except group 2 at half; member 5 alone in group 4
    const groupOf = [0, 0, 1, 1, 2, 2, 3, 3, 4, -1];
    const expected = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100];
    const observed = [100, 100, 95, 105, 50, 50, 110, 90, 100, 7];
    const f = leaveOneOutFactors(groupOf, 5, observed, expected);
    expect(f[4]).toBeLessThan(0.7); // group 2's other member converts at half
    expect(f[0]).toBeCloseTo(1, 1);
    expect(f[8]).toBe(1); // alone: nothing left to learn from
    expect(f[9]).toBe(1); // no group
  });
});
