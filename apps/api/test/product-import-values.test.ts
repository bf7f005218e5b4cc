import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLocaleDate, parseLocaleNumber } from "../src/product-imports/locale-values.ts";

/** Issue 11 §4: numbers and dates as German and English spreadsheets write them. */

const cents = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((c) => c / 100);

describe("parseLocaleNumber", () => {
  it.each([
    ["1.234,56", 1234.56],
    ["1,234.56", 1234.56],
    ["1.234", 1234],
    ["1.234.567", 1234567],
    ["12,5", 12.5],
    ["0.99", 0.99],
    ["€ 3,50", 3.5],
    ["3,50 €", 3.5],
    ["1 234,56 EUR", 1234.56],
    ["-5", -5],
    ["−2,5", -2.5],
    [",5", 0.5],
  ])("%s → %d", (text, value) => {
    expect(parseLocaleNumber(text)).toEqual({ value, percent: false });
  });

  it("reads percentages", () => {
    expect(parseLocaleNumber("12,5 %")).toEqual({ value: 12.5, percent: true });
    expect(parseLocaleNumber("12.5%")).toEqual({ value: 12.5, percent: true });
  });

  it.each(["", "abc", "1,2,3,4.5", "1.23.4", "12a", "1.234,5,6", "--1", "%", "€"])(
    "refuses %j",
    (text) => {
      expect(parseLocaleNumber(text)).toBeNull();
    },
  );

  it("reads back every amount Intl writes in German and English, with and without grouping", () => {
    fc.assert(
      fc.property(
        cents,
        fc.constantFrom("de-DE", "en-US", "en-GB", "de-AT"),
        fc.boolean(),
        (value, locale, grouping) => {
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            useGrouping: grouping,
          }).format(value);
          expect(parseLocaleNumber(text)?.value).toBeCloseTo(value, 6);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads back German currency and percent formats", () => {
    fc.assert(
      fc.property(cents, (value) => {
        const money = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(
          value,
        );
        expect(parseLocaleNumber(money)).toEqual({
          value: expect.closeTo(value, 6),
          percent: false,
        });
        const percent = new Intl.NumberFormat("de-DE", {
          style: "percent",
          maximumFractionDigits: 2,
        }).format(value / 100);
        expect(parseLocaleNumber(percent)).toEqual({
          value: expect.closeTo(value, 6),
          percent: true,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseLocaleNumber(text);
        expect(result === null || Number.isFinite(result.value)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("parseLocaleDate", () => {
  it.each([
    ["31.12.2026", "2026-12-31"],
    ["1.2.26", "2026-02-01"],
    ["31/12/2026", "2026-12-31"],
    ["2026-12-31", "2026-12-31"],
  ])("%s → %s", (text, iso) => {
    expect(parseLocaleDate(text)).toBe(iso);
  });
  it.each(["32.13.2026", "29.02.2026", "2026-02-30", "morgen", "12/31/2026"])(
    "refuses %s",
    (text) => {
      expect(parseLocaleDate(text)).toBeNull();
    },
  );
  it("reads back every date German Intl writes", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        (date) => {
          const text = new Intl.DateTimeFormat("de-DE", {
            timeZone: "UTC",
            day: "2-digit",
            month: "2-digit",
            year: "numeric",
          }).format(date);
          expect(parseLocaleDate(text)).toBe(date.toISOString().slice(0, 10));
        },
      ),
    );
  });
});
