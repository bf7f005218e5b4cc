import { describe, expect, it } from "vitest";
import { titleCase } from "../src/products.ts";
import { createWorld } from "../src/world.ts";

/** Issue 17 item 8: product titles were garbled at umlauts ("HandyhÜLle 2 StÜCk DÜNn", "GroSS"). */
describe("product titles", () => {
  it("capitalise each word's first letter, umlauts and ß inside words untouched", () => {
    expect(titleCase("handyhülle 2 stück dünn")).toBe("Handyhülle 2 Stück Dünn");
    expect(titleCase("groß")).toBe("Groß");
    expect(titleCase("äpfel-öl für übersee")).toBe("Äpfel-Öl Für Übersee");
    expect(titleCase("couteau à pain 2x")).toBe("Couteau À Pain 2x");
  });

  it("of a generated German catalogue have no capital letter inside a word", () => {
    const world = createWorld({ seed: 7, productsPerMarketplace: 60 });
    const titles = [...world.products.values()].map((p) => p.title);
    expect(
      titles.some((t) => /[äöüß]/.test(t)),
      "titles with umlauts",
    ).toBe(true);
    // Brands may be written in camel case (BenQ); a capital next to a non-ASCII letter is the bug.
    const garbled = titles.filter((t) =>
      /(?![a-z])\p{Ll}\p{Lu}|\p{Ll}(?![A-Z])\p{Lu}|\p{Ll}SS/u.test(t),
    );
    expect(garbled).toEqual([]);
  });
});
