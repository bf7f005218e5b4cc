import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../route-table.ts";
import de from "./de.json";
import en from "./en.json";

export const resources = { de: { translation: de }, en: { translation: en } } as const;

const instances = new Map<Locale, I18n>();

/**
 * One i18next instance per locale. The locale of a page comes from its URL, so an instance never
 * changes language and can be shared by concurrent server renders.
 */
export function getI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Picks the best supported locale from an Accept-Language header (quality-ordered). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const candidates = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return {
        language: tag.toLowerCase().split("-")[0] ?? "",
        quality: Number.isNaN(quality) ? 0 : quality,
        position,
      };
    })
    .filter((c) => c.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return candidates.map((c) => c.language).find(isLocale) ?? null;
}

export { DEFAULT_LOCALE };
