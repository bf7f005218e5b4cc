import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDay } from "../app/components/DateField.tsx";

/** Typed days in the page's language (DateField): what a seller types becomes YYYY-MM-DD. */
describe("parseDay", () => {
  it("reads the German, the English and the ISO form of a day", () => {
    expect(parseDay("31.12.2026")).toBe("2026-12-31");
    expect(parseDay("31/12/2026")).toBe("2026-12-31");
    expect(parseDay("2026-12-31")).toBe("2026-12-31");
    expect(parseDay("1.7.26")).toBe("2026-07-01");
    expect(parseDay(" 05.03.2027 ")).toBe("2027-03-05");
  });

  it("refuses impossible days and other text instead of rolling over", () => {
    for (const text of [
      "31.02.2026",
      "29.02.2027",
      "00.01.2026",
      "12/31/2026",
      "",
      "heute",
      "2026-13-01",
    ])
      expect(parseDay(text)).toBeNull();
    expect(parseDay("29.02.2028")).toBe("2028-02-29");
  });

  it("reads back every day it formats (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split("-");
          expect(parseDay(`${d}.${m}.${y}`)).toBe(iso);
          expect(parseDay(`${d}/${m}/${y}`)).toBe(iso);
          expect(parseDay(iso)).toBe(iso);
        },
      ),
    );
  });
});
