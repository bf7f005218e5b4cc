import { describe, expect, it } from "vitest";
import { changeErrorText } from "../app/components/hangar/changes/format.ts";
import { getI18n } from "../app/i18n/i18n.ts";

/**
 * Issue 17 item 5: an undo after a partial undo failed a row with raw English JSON
 * (`{"message":"The value changed on Amazon since Starport read it.","current":1.24}`) although
 * the German text exists. Every change error reads in the page's language.
 */
describe("change errors", () => {
  const conflict = {
    field: "bid",
    errorCode: "STARPORT_CONFLICT",
    errorMessage: JSON.stringify({
      message: "The value changed on Amazon since Starport read it.",
      current: 1.24,
    }),
  };
  const money = (_: string | null, raw: unknown) =>
    new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(Number(raw));

  it("show a conflict in German with the value Amazon has now, never the JSON", () => {
    const text = changeErrorText(conflict, getI18n("de").t, money);
    expect(text).toMatch(/^Inzwischen bei Amazon auf 1,24\s€ geändert; nicht angewendet\.$/);
  });

  it("translate every code Starport writes, in German and English", () => {
    for (const code of [
      "STARPORT_ENTITY_GONE",
      "STARPORT_PARENT_FAILED",
      "STARPORT_APPLY_ERROR",
      "AMAZON_NO_ANSWER",
      "AMAZON_UNAVAILABLE",
    ]) {
      for (const locale of ["de", "en"] as const) {
        const change = { field: "bid", errorCode: code, errorMessage: "English detail." };
        const text = changeErrorText(change, getI18n(locale).t);
        expect(text, `${code} ${locale}`).toBeTruthy();
        expect(text).not.toContain("English detail");
        expect(text).not.toContain(code);
      }
    }
  });

  it("name Amazon's refusal in the page's language with Amazon's message as the detail", () => {
    const change = { field: "bid", errorCode: "INVALID_ARGUMENT", errorMessage: "Bid too low" };
    expect(changeErrorText(change, getI18n("de").t)).toBe(
      "Von Amazon abgelehnt (INVALID_ARGUMENT): Bid too low",
    );
    expect(
      changeErrorText({ ...change, errorCode: null, errorMessage: null }, getI18n("de").t),
    ).toBeNull();
  });
});
