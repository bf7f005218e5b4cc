/**
 * The Intl locale of a UI language, the one place that decides it: German as in Germany
 * (1.234,56 €, 5,5 %, 31.12.2026) and English as in Britain (€1,234.56, 5.5%, 31/12/2026: the
 * day before the month, as on the European marketplaces most sellers here run). A full tag
 * ("en-US") is kept as it is.
 */
export function intlLocale(language: string): string {
  if (language.includes("-")) return language;
  return language === "en" ? "en-GB" : "de-DE";
}
