import type { ImportReason } from "./fields.ts";

/**
 * Reasons of row errors in the downloadable error CSV ({{row}}: the other row of a duplicate). The
 * screens show the same texts from the web's i18n (productImports.reason); the API cannot read the
 * web's files, so apps/web/test/import-reason-texts.test.ts holds the two equal. German addresses
 * the user formally.
 */
export const REASON_TEXTS: Record<"de" | "en", Record<ImportReason, string>> = {
  de: {
    missingKey: "Weder SKU noch ASIN angegeben.",
    unknownProduct: "Kein Produkt mit dieser SKU/ASIN im Marktplatz.",
    notANumber: "Keine Zahl.",
    negative: "Der Wert darf nicht negativ sein.",
    tooLarge: "Der Wert ist zu groß.",
    tooManyDecimals: "Höchstens zwei Nachkommastellen.",
    invalidDate: "Kein gültiges Datum (z. B. 31.12.2026).",
    invalidCurrency: "Keine gültige Währung (z. B. EUR).",
    invalidMarketplace: "Unbekannter Marktplatz.",
    invalidLifecycle: "Unbekannte Lebenszyklus-Phase.",
    tagTooLong: "Ein Tag ist länger als 64 Zeichen.",
    tooManyTags: "Zu viele Tags (höchstens 50).",
    tooLong: "Der Wert ist zu lang.",
    duplicateKey:
      "Dasselbe Produkt (SKU bzw. ASIN und Marktplatz) wie Zeile {{row}}; Zeile {{row}} gilt.",
    costAbovePrice:
      "Der Einkaufspreis liegt über dem Verkaufspreis (Tausendertrennzeichen?). Übernommen, bitte prüfen Sie ihn.",
  },
  en: {
    missingKey: "Neither SKU nor ASIN given.",
    unknownProduct: "No product with this SKU/ASIN in the marketplace.",
    notANumber: "Not a number.",
    negative: "The value must not be negative.",
    tooLarge: "The value is too large.",
    tooManyDecimals: "At most two decimals.",
    invalidDate: "Not a valid date (e.g. 2026-12-31).",
    invalidCurrency: "Not a valid currency (e.g. EUR).",
    invalidMarketplace: "Unknown marketplace.",
    invalidLifecycle: "Unknown lifecycle stage.",
    tagTooLong: "A tag is longer than 64 characters.",
    tooManyTags: "Too many tags (at most 50).",
    tooLong: "The value is too long.",
    duplicateKey: "Same product (SKU or ASIN and marketplace) as row {{row}}; row {{row}} applies.",
    costAbovePrice:
      "The cost is above the selling price (thousands separator?). Applied; please check it.",
  },
};

export const CSV_HEADERS = {
  de: ["Zeile", "Spalte", "Wert", "Grund"],
  en: ["Row", "Column", "Value", "Reason"],
} as const;
