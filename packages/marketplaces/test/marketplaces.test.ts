import { describe, expect, it } from "vitest";
import {
  CONVERSION_CURRENCIES,
  getMarketplace,
  getMarketplaceByAmazonId,
  MARKETPLACE_CODES,
  MARKETPLACES,
  normalizeMarketplaceCode,
  orderedMarketplaceCodes,
  RATE_BASE_CURRENCY,
  sortMarketplaces,
} from "../src/index.ts";

describe("marketplaces", () => {
  it("lists the spec's display order", () => {
    expect(MARKETPLACE_CODES).toEqual([
      "DE",
      "IT",
      "ES",
      "FR",
      "UK",
      "US",
      "NL",
      "SE",
      "PL",
      "BE",
      "AE",
      "CA",
      "MX",
      "BR",
      "IN",
      "JP",
      "CN",
      "EG",
      "SA",
      "TR",
      "IE",
      "ZA",
      "SG",
      "AU",
    ]);
  });

  it("maps country codes to domains and names, GB as an alias of UK", () => {
    expect(getMarketplace("DE")).toMatchObject({ domain: "amazon.de", name: "Germany" });
    expect(getMarketplace("gb")).toMatchObject({ code: "UK", domain: "amazon.co.uk" });
    expect(getMarketplace("US")?.marketplaceId).toBe("ATVPDKIKX0DER");
    expect(getMarketplaceByAmazonId("A13V1IB3VIYZZH")?.code).toBe("FR");
    expect(getMarketplace("XX")).toBeUndefined();
    expect(normalizeMarketplaceCode(" fr ")).toBe("FR");
    expect(normalizeMarketplaceCode("de-DE")).toBeNull();
  });

  it("puts the preferred marketplace first and the rest in display order", () => {
    expect(orderedMarketplaceCodes(["US", "FR", "DE", "UK"], "FR")).toEqual([
      "FR",
      "DE",
      "UK",
      "US",
    ]);
    expect(orderedMarketplaceCodes(["US", "IT", "DE"])).toEqual(["DE", "IT", "US"]);
    expect(orderedMarketplaceCodes(["AU", "GB", "SE"], null)).toEqual(["GB", "SE", "AU"]);
    expect(orderedMarketplaceCodes(["ES", "GB"], "UK")).toEqual(["GB", "ES"]);
  });

  it("sorts arbitrary items, unknown codes last, stable and without mutating", () => {
    const items = [{ c: "ZZ" }, { c: "JP" }, { c: "DE" }, { c: "YY" }];
    const copy = [...items];
    expect(sortMarketplaces(items, (i) => i.c, "JP").map((i) => i.c)).toEqual([
      "JP",
      "DE",
      "ZZ",
      "YY",
    ]);
    expect(items).toEqual(copy);
  });
});

describe("conversion currencies", () => {
  it("are the spec's list, each the currency of a marketplace Starport knows, the base among them", () => {
    expect(CONVERSION_CURRENCIES).toEqual(["SEK", "PLN", "GBP", "EUR", "USD"]);
    const marketplaceCurrencies = new Set(MARKETPLACES.map((m) => m.currency));
    for (const currency of CONVERSION_CURRENCIES) expect(marketplaceCurrencies).toContain(currency);
    expect(CONVERSION_CURRENCIES).toContain(RATE_BASE_CURRENCY);
  });
});
