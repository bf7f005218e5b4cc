/**
 * Knowledge once (issue 20): the reasons of an import's row errors are written by the API into the
 * error CSV and shown by the web on the import screen. The API cannot read the web's translation
 * files, so the two copies are held equal here, word for word, in German and English.
 */
import { REASON_TEXTS } from "@starport/api/import-reason-texts";
import { describe, expect, it } from "vitest";
import de from "../app/i18n/de.json";
import en from "../app/i18n/en.json";

describe("the import's row error reasons", () => {
  for (const [locale, messages] of [
    ["de", de],
    ["en", en],
  ] as const)
    it(`read the same in the error CSV and on the screen (${locale})`, () => {
      expect(messages.productImports.reason).toEqual(REASON_TEXTS[locale]);
    });
});
