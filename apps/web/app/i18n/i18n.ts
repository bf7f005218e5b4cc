import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../route-table.ts";
import deUrl from "./de.json?url";
import enUrl from "./en.json?url";

type Messages = Record<string, unknown>;

/**
 * The server (and tests) bundle the messages of every locale. The browser loads only the page's
 * locale, as JSON (loadLocale, before hydration and before a navigation into another locale):
 * bundled, both locales were about 40 KiB of every page's first-load JavaScript (issue 23).
 */
const messages = new Map<Locale, Messages>(
  import.meta.env.SSR
    ? Object.entries(
        import.meta.glob<Messages>("./*.json", { eager: true, import: "default" }),
      ).map(([file, json]) => [file.slice(2, -5) as Locale, json])
    : [],
);

/** Where the browser fetches a locale's messages (the document preloads its own). */
export const MESSAGES_URL: Readonly<Record<Locale, string>> = { de: deUrl, en: enUrl };

const loading = new Map<Locale, Promise<void>>();

/** Makes a locale's messages available in the browser; resolves at once when they are. */
export function loadLocale(locale: Locale): Promise<void> {
  if (messages.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = fetch(MESSAGES_URL[locale])
      .then((response) => {
        if (!response.ok) throw new Error(`${MESSAGES_URL[locale]}: ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((json) => {
        messages.set(locale, json);
        instances.get(locale)?.addResourceBundle(locale, "translation", json, true, true);
      })
      .finally(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

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
      resources: { [locale]: { translation: messages.get(locale) ?? {} } },
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
