import { describe, expect, it } from "vitest";
import { reasonSentence } from "../src/reason-sentence.ts";

/** Intl writes a no-break space before % and €; the sentences read with plain spaces. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, " ") ?? null;

const BID = {
  clicks: 12,
  orders: 0,
  cvr: 0.041,
  parentCvr: 0.079,
  targetAcos: 0.25,
  targetSource: "product",
  bid: 0.61,
  limited: false,
};

describe("reasonSentence", () => {
  it("a bid on target reads as the issue's sentence, in German and in English", () => {
    expect(plain(reasonSentence("bidOnTarget", BID, { locale: "de", currency: "EUR" }))).toBe(
      "12 Klicks, 0 Bestellungen; geschätzte CVR 4,1 % (Anzeigengruppe 7,9 %); Ziel-ACoS 25 % → Gebot 0,61 €",
    );
    expect(plain(reasonSentence("bidOnTarget", BID, { locale: "en", currency: "EUR" }))).toBe(
      "12 clicks, 0 orders; estimated CVR 4.1% (ad group 7.9%); target ACoS 25% → bid €0.61",
    );
  });

  it("says where the target comes from, one click in the singular, and a limited bid", () => {
    const sentence = reasonSentence(
      "bidOnTarget",
      { ...BID, clicks: 1, orders: 1, targetSource: "spendWeighted", limited: true },
      { locale: "de", currency: "EUR" },
    );
    expect(sentence).toContain("1 Klick, 1 Bestellung;");
    expect(sentence).toContain("nach Ausgaben gewichtetes Ziel");
    expect(sentence).toContain("begrenzt");
    expect(
      reasonSentence("bidOnTarget", { ...BID, targetSource: "fixedFallback" }, { locale: "en" }),
    ).toContain("fixed target: the product has no economics");
  });

  it("every reason code of the optimiser has a sentence in both languages", () => {
    const codes = [
      ["bidDiscovery", BID],
      ["bidLowCover", BID],
      ["bidLowCover", { asin: "B000000001", daysOfCover: 3, stock: 4 }],
      ["bidOutOfStock", BID],
      ["pauseOutOfStock", { asin: "B000000001", stock: 0 }],
      ["resumeOnRestock", { asin: "B000000001", stock: 40 }],
      [
        "negativeByProbability",
        { clicks: 30, orders: 0, spend: 14.2, probability: 0.93, breakEvenCvr: 0.05 },
      ],
      ["harvestKeyword", { orders: 3, clicks: 20, posteriorAcos: 0.12, bid: 0.8 }],
      ["harvestNegateSource", { orders: 3 }],
      [
        "budgetCapped",
        { cappedDays: 5, days: 7, acos: 0.18, targetAcos: 0.25, expectedGainMonthly: 42 },
      ],
    ] as const;
    for (const [code, params] of codes)
      for (const locale of ["de", "en"] as const) {
        const sentence = reasonSentence(code, params, { locale, currency: "EUR" });
        expect(sentence, `${code} ${locale}`).toBeTruthy();
        expect(sentence, `${code} ${locale}`).not.toContain("–");
      }
    expect(
      plain(
        reasonSentence("negativeByProbability", codes[6][1], { locale: "de", currency: "EUR" }),
      ),
    ).toBe(
      "30 Klicks, 0 Bestellungen, Ausgaben 14,20 €; die CVR liegt mit 93 % Wahrscheinlichkeit unter der Break-even-CVR 5 % → negativ exakt",
    );
    expect(reasonSentence("somethingNew", {}, { locale: "de" })).toBeNull();
  });
});
