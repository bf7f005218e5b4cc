import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../app/i18n/de.json";
import en from "../app/i18n/en.json";
import { getI18n, localeFromAcceptLanguage } from "../app/i18n/i18n.ts";
import { ROUTES } from "../app/route-table.ts";

function flatten(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      flatten(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith("+") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("translations", () => {
  const deKeys = flatten(de).sort();
  const enKeys = flatten(en).sort();

  it("have the same keys in German and English", () => {
    expect(deKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !deKeys.includes(key))).toEqual([]);
  });

  it("name a lifecycle stage with one German term everywhere (Einführung, not Markteinführung)", () => {
    const t = getI18n("de").t;
    const texts = deKeys.map((key) => t(key));
    expect(texts.filter((text) => /Markteinführung/.test(text))).toEqual([]);
    const launch = deKeys.filter((key) => key.endsWith(".launch")).map((key) => t(key));
    expect(new Set(launch)).toEqual(new Set(["Einführung"]));
  });

  it("have no empty strings", () => {
    const t = { de: getI18n("de").t, en: getI18n("en").t };
    for (const key of deKeys) {
      expect(t.de(key), `de:${key}`).not.toBe("");
      expect(t.en(key), `en:${key}`).not.toBe("");
    }
  });

  it("address the user formally in German (Sie, never du)", () => {
    const t = getI18n("de").t;
    // Informal pronouns, and "Bitte" followed by an informal imperative ("Bitte versuche es …").
    const informal =
      /\b(du|dich|dir|dein\w*)\b|\bBitte (?!\w+ Sie\b)(?!benennen oder)\w+(e|ib|ähle) (es|dich|ein|eine|einen|die|sie)\b/i;
    const offenders = deKeys.filter((key) => informal.test(t(key)));
    expect(offenders.map((key) => `${key}: ${t(key)}`)).toEqual([]);
  });

  it("contain every literal key the code uses, and a title and description per page", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, "../app"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z0-9_.-]+)"/g)) {
        used.add(match[1]!);
      }
    }
    for (const { key } of ROUTES) {
      used.add(`pages.${key}.title`);
      used.add(`pages.${key}.description`);
    }
    expect(used.size).toBeGreaterThan(20);
    // A count's key resolves to its plural forms (key_one, key_other).
    const present = (key: string) => deKeys.includes(key) || deKeys.includes(`${key}_other`);
    expect([...used].filter((key) => !present(key))).toEqual([]);
  });
});

describe("Accept-Language", () => {
  it("picks the best supported language by quality", () => {
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,de;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4")).toBe("de");
    expect(localeFromAcceptLanguage("de;q=0.2, en;q=0.7")).toBe("en");
    expect(localeFromAcceptLanguage("fr, es")).toBeNull();
    expect(localeFromAcceptLanguage("en;q=0, de")).toBe("de");
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage(";;;,q=abc")).toBeNull();
  });
});
