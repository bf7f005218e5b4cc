/**
 * Errors once (issue 20 §4): every code the API's violation catalogue can send has a German and
 * an English text under the key the web translates it with, so no refusal reaches a seller as
 * the API's English fallback.
 */
import { VIOLATION_CATALOGUE } from "@starport/api/violation-catalogue";
import { describe, expect, it } from "vitest";
import de from "../app/i18n/de.json";
import en from "../app/i18n/en.json";

function textAt(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      messages,
    );
}

describe("the API's violation catalogue", () => {
  const keys = Object.entries(VIOLATION_CATALOGUE).flatMap(([namespace, codes]) =>
    codes.map((code) => `${namespace}.${code}`),
  );

  it("lists the codes of every namespace the web translates", () => {
    expect(keys.length).toBeGreaterThan(50);
  });

  for (const [locale, messages] of [
    ["de", de],
    ["en", en],
  ] as const)
    it(`has a ${locale} text for every code`, () => {
      expect(keys.filter((key) => typeof textAt(messages, key) !== "string")).toEqual([]);
    });
});
