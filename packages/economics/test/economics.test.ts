import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeEconomics, type EconomicsInput, targetRelativeToBreakEven } from "../src/index.ts";

const euro = (value: number) => Math.round(value * 1_000_000);

const adference: EconomicsInput = {
  currency: "EUR",
  grossPriceMicros: euro(20),
  vatRate: 0.19,
  referralFeeMicros: euro(3),
  fbaFeeMicros: euro(3.5),
  shippingCostMicros: euro(4.9),
  costOfGoodsMicros: euro(5),
};

describe("computeEconomics", () => {
  it("walks from 20 € gross at 19 % VAT to the break-even ACoS against the gross price", () => {
    const result = computeEconomics(adference);
    expect(result.netPriceMicros).toBe(16_806_723);
    expect(result.contributionMarginMicros).toBe(16_806_723 - euro(3) - euro(3.5) - euro(5));
    expect(result.breakEvenAcos).toBeCloseTo(5.306723 / 20, 6);
    expect(result.missing).toEqual([]);
    expect(result.steps).toEqual([
      { key: "grossPrice", amountMicros: euro(20) },
      { key: "vat", amountMicros: -3_193_277 },
      { key: "netPrice", amountMicros: 16_806_723 },
      { key: "referralFee", amountMicros: -euro(3) },
      { key: "fbaFee", amountMicros: -euro(3.5) },
      { key: "costOfGoods", amountMicros: -euro(5) },
      { key: "contributionMargin", amountMicros: 5_306_723 },
    ]);
  });

  it("deducts the seller's shipping cost when there is no FBA fee (FBM)", () => {
    const result = computeEconomics({ ...adference, fbaFeeMicros: null });
    expect(result.steps[4]).toEqual({ key: "shippingCost", amountMicros: -euro(4.9) });
    expect(result.contributionMarginMicros).toBe(16_806_723 - euro(3) - euro(4.9) - euro(5));
    expect(result.missing).toEqual([]);
  });

  it("reports each missing input instead of counting it as zero", () => {
    const noCost = computeEconomics({ ...adference, costOfGoodsMicros: null });
    expect(noCost.missing).toEqual(["cost"]);
    expect(noCost.contributionMarginMicros).toBeNull();
    expect(noCost.breakEvenAcos).toBeNull();
    expect(noCost.netPriceMicros).toBe(16_806_723);

    const nothing = computeEconomics({
      currency: "EUR",
      grossPriceMicros: null,
      vatRate: null,
      referralFeeMicros: null,
      fbaFeeMicros: null,
      shippingCostMicros: null,
      costOfGoodsMicros: null,
    });
    expect(nothing.missing).toEqual(["price", "vat", "fees", "cost"]);
    expect(nothing.steps.every((step) => step.amountMicros === null)).toBe(true);

    expect(
      computeEconomics({ ...adference, fbaFeeMicros: null, shippingCostMicros: null }).missing,
    ).toEqual(["fees"]);
    expect(computeEconomics({ ...adference, referralFeeMicros: null }).missing).toEqual(["fees"]);
  });

  it("treats nonsense as missing: price 0, VAT outside 0–100 %, negative cost", () => {
    expect(computeEconomics({ ...adference, grossPriceMicros: 0 }).missing).toEqual(["price"]);
    expect(computeEconomics({ ...adference, vatRate: -0.1 }).missing).toEqual(["vat"]);
    expect(computeEconomics({ ...adference, vatRate: 1.5 }).missing).toEqual(["vat"]);
    expect(computeEconomics({ ...adference, costOfGoodsMicros: -1 }).missing).toEqual(["cost"]);
    expect(computeEconomics({ ...adference, vatRate: 0 }).netPriceMicros).toBe(euro(20));
  });

  it("goes negative when the product loses money before ads", () => {
    const result = computeEconomics({ ...adference, costOfGoodsMicros: euro(15) });
    expect(result.breakEvenAcos).toBeLessThan(0);
  });

  const money = fc.integer({ min: 0, max: 10_000_000_000 });
  const inputs = fc.record({
    currency: fc.constant("EUR"),
    grossPriceMicros: fc.integer({ min: 1, max: 10_000_000_000 }),
    vatRate: fc.double({ min: 0, max: 1, noNaN: true }),
    referralFeeMicros: money,
    fbaFeeMicros: fc.option(money, { nil: null }),
    shippingCostMicros: money,
    costOfGoodsMicros: money,
  });

  it("property: break-even never exceeds net / gross, and the steps add up to the margin", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = computeEconomics(input);
        expect(result.missing).toEqual([]);
        const net = result.netPriceMicros as number;
        expect(result.breakEvenAcos as number).toBeLessThanOrEqual(net / input.grossPriceMicros);
        const deductions = result.steps
          .filter(
            (step) => !["grossPrice", "vat", "netPrice", "contributionMargin"].includes(step.key),
          )
          .reduce((sum, step) => sum + (step.amountMicros as number), 0);
        expect(net + deductions).toBe(result.contributionMarginMicros);
      }),
    );
  });

  it("property: raising the cost of goods or a fee never raises break-even", () => {
    fc.assert(
      fc.property(
        inputs,
        money,
        fc.constantFrom("costOfGoodsMicros", "referralFeeMicros"),
        (input, extra, field) => {
          const before = computeEconomics(input).breakEvenAcos as number;
          const after = computeEconomics({ ...input, [field]: input[field] + extra })
            .breakEvenAcos as number;
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it("property: any missing input makes break-even unknown, never a number", () => {
    const field = fc.constantFrom(
      "grossPriceMicros",
      "vatRate",
      "referralFeeMicros",
      "costOfGoodsMicros",
    );
    fc.assert(
      fc.property(inputs, field, (input, name) => {
        const result = computeEconomics({ ...input, [name]: null });
        expect(result.breakEvenAcos).toBeNull();
        expect(result.missing.length).toBe(1);
      }),
    );
  });
});

describe("targetRelativeToBreakEven", () => {
  it("moves by percentage points and refuses targets outside (0 %, 100 %]", () => {
    expect(targetRelativeToBreakEven(0.265, -5)).toBe(0.215);
    expect(targetRelativeToBreakEven(0.265, 3)).toBe(0.295);
    expect(targetRelativeToBreakEven(0.03, -5)).toBeNull();
    expect(targetRelativeToBreakEven(0.99, 5)).toBeNull();
    expect(targetRelativeToBreakEven(null, -5)).toBeNull();
  });
});
