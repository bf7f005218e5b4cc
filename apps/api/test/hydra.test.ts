import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, LD, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

/** Exact wire shapes of the Hydra layer and of every endpoint the spec names (§7). */

const TAG = (n: number) => `3a000000-0000-4000-8000-00000000000${n}`;
const profileA = `/api/seller_profiles/${IDS.profileA}`;
/** Absolute, on the host the request named (app.inject's default is localhost:80). */
const LINK =
  '<http://localhost:80/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"';

describe.each(TEST_DATABASE_KINDS)("Hydra API on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    await t.db.insert(schema.tags).values([
      { id: TAG(1), sellerProfileId: IDS.profileA, text: "winter" },
      { id: TAG(2), sellerProfileId: IDS.profileA, text: "autumn" },
      { id: TAG(3), sellerProfileId: IDS.profileA, text: "summer" },
      { id: TAG(4), sellerProfileId: IDS.profileB, text: "beta only" },
    ]);
    await t.db.insert(schema.brands).values([
      { id: "4a000000-0000-4000-8000-000000000001", sellerProfileId: IDS.profileA, name: "Acme" },
      { id: "4a000000-0000-4000-8000-000000000002", sellerProfileId: IDS.profileB, name: "Bolt" },
    ]);
    await t.db.insert(schema.sellerAccounts).values({
      id: "5a000000-0000-4000-8000-000000000001",
      sellerProfileId: IDS.profileA,
      name: "Alpha EU",
      marketplaceParticipations: [
        { marketplace: "DE", isParticipating: true },
        { marketplace: "FR", isParticipating: false },
      ],
    });
    await t.db.insert(schema.advertisingProfiles).values([
      {
        id: "6a000000-0000-4000-8000-000000000001",
        sellerProfileId: IDS.profileA,
        amazonProfileId: "3456789012345678",
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
        active: true,
      },
      {
        id: "6a000000-0000-4000-8000-000000000002",
        sellerProfileId: IDS.profileA,
        amazonProfileId: "3456789012345679",
        countryCode: "FR",
        currency: "EUR",
        timezone: "Europe/Paris",
        active: false,
      },
    ]);
    await t.db.insert(schema.productCollections).values([
      {
        id: "7a000000-0000-4000-8000-000000000001",
        sellerProfileId: IDS.profileA,
        name: "Bestsellers",
        description: "Top products",
        productCount: 12,
      },
      {
        id: "7a000000-0000-4000-8000-000000000002",
        sellerProfileId: IDS.profileA,
        name: "Clearance",
        description: "Old stock",
        membership: "rules",
        rules: [{ field: "price", operator: "lessThan", value: "10" }],
        productCount: 3,
      },
    ]);
    await t.db.insert(schema.taxes).values([
      {
        id: "8a000000-0000-4000-8000-000000000001",
        customerId: IDS.customerA,
        marketplace: "FR",
        rate: "20.00",
        validFrom: "2024-01-01",
      },
      {
        id: "8a000000-0000-4000-8000-000000000002",
        customerId: IDS.customerA,
        marketplace: "DE",
        rate: "19.00",
        validFrom: "2024-01-01",
      },
      {
        id: "8a000000-0000-4000-8000-000000000003",
        customerId: IDS.customerB,
        marketplace: "SE",
        rate: "25.00",
        validFrom: "2024-01-01",
      },
    ]);
    await t.db.insert(schema.conversionRates).values([
      {
        id: "9a000000-0000-4000-8000-000000000001",
        currencyCode: "USD",
        conversionRate: "1.17",
        date: "2026-11-20",
        source: "ecb",
      },
      {
        id: "9a000000-0000-4000-8000-000000000002",
        currencyCode: "USD",
        conversionRate: "1.18",
        date: "2026-11-22",
        source: "ecb",
      },
      {
        id: "9a000000-0000-4000-8000-000000000003",
        currencyCode: "GBP",
        conversionRate: "0.88",
        date: "2026-11-21",
        source: "ecb",
      },
    ]);
  });
  afterAll(() => t?.dispose());

  it("answers a paged, filtered, ordered collection with view and search", async () => {
    const response = await t.request("own", {
      url: `/api/tags?profile=${IDS.profileA}&order[text]=ASC&itemsPerPage=2`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/ld+json; charset=utf-8");
    expect(response.headers.link).toBe(LINK);
    expect(response.headers["x-request-id"]).toBeTruthy();
    const base = `/api/tags?profile=${IDS.profileA}&order%5Btext%5D=ASC&itemsPerPage=2`;
    const member = (n: number, text: string) => ({
      "@id": `/api/tags/${TAG(n)}`,
      "@type": "Tag",
      id: TAG(n),
      text,
      sellerProfile: profileA,
    });
    const mapping = (variable: string, property: string) => ({
      "@type": "IriTemplateMapping",
      variable,
      property,
      required: false,
    });
    expect(response.json()).toEqual({
      "@context": "/api/contexts/Tag",
      "@id": "/api/tags",
      "@type": "hydra:Collection",
      "hydra:totalItems": 3,
      "hydra:member": [member(2, "autumn"), member(3, "summer")],
      "hydra:view": {
        "@id": `${base}&page=1`,
        "@type": "hydra:PartialCollectionView",
        "hydra:first": `${base}&page=1`,
        "hydra:last": `${base}&page=2`,
        "hydra:next": `${base}&page=2`,
      },
      "hydra:search": {
        "@type": "hydra:IriTemplate",
        "hydra:template":
          "/api/tags{?profile,profile[],text,createdAt[before],createdAt[strictly_before],createdAt[after],createdAt[strictly_after],order[text],order[createdAt]}",
        "hydra:variableRepresentation": "BasicRepresentation",
        "hydra:mapping": [
          mapping("profile", "profile"),
          mapping("profile[]", "profile"),
          mapping("text", "text"),
          mapping("createdAt[before]", "createdAt"),
          mapping("createdAt[strictly_before]", "createdAt"),
          mapping("createdAt[after]", "createdAt"),
          mapping("createdAt[strictly_after]", "createdAt"),
          mapping("order[text]", "text"),
          mapping("order[createdAt]", "createdAt"),
        ],
      },
    });
    const second = await t.request("own", {
      url: `${base.replace("%5B", "[").replace("%5D", "]")}&page=2`,
    });
    expect(second.json()["hydra:member"]).toEqual([member(1, "winter")]);
    expect(second.json()["hydra:view"]).toEqual({
      "@id": `${base}&page=2`,
      "@type": "hydra:PartialCollectionView",
      "hydra:first": `${base}&page=1`,
      "hydra:last": `${base}&page=2`,
      "hydra:previous": `${base}&page=1`,
    });
  });

  it("answers an item with its embedded customer and settings", async () => {
    const response = await t.request("own", { url: profileA });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      "@context": "/api/contexts/SellerProfile",
      "@id": profileA,
      "@type": "SellerProfile",
      id: IDS.profileA,
      name: "Alpha Store",
      customer: {
        "@id": `/api/customers/${IDS.customerA}`,
        "@type": "Customer",
        id: IDS.customerA,
      },
      settings: {
        defaultAdvertisingMetric: "ACoS",
        defaultCurrency: "EUR",
        defaultMarketplace: "DE",
      },
    });
  });

  it("answers invalid values with a 422 ConstraintViolation and writes nothing", async () => {
    const response = await t.request("own", {
      method: "PATCH",
      url: profileA,
      headers: MERGE_PATCH,
      payload: { name: "  ", settings: { defaultCurrency: "XYZ" } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    const detail =
      "name: This value should not be blank.\nsettings.defaultCurrency: The value you selected is not a valid choice.";
    expect(response.json()).toEqual({
      "@context": "/api/contexts/ConstraintViolation",
      "@type": "ConstraintViolation",
      title: "An error occurred",
      "hydra:title": "An error occurred",
      detail,
      "hydra:description": detail,
      status: 422,
      type: "/errors/422",
      violations: [
        { propertyPath: "name", message: "This value should not be blank.", code: "required" },
        {
          propertyPath: "settings.defaultCurrency",
          message: "The value you selected is not a valid choice.",
          code: "choice",
        },
      ],
    });
    expect((await t.request("own", { url: profileA })).json().name).toBe("Alpha Store");
    const typed = await t.request("own", {
      method: "POST",
      url: "/api/taxes",
      headers: LD,
      payload: { marketplace: "DE", rate: "lots", validFrom: "2026-13-01" },
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().violations).toEqual([
      { propertyPath: "rate", message: "This value is not valid.", code: "invalid" },
      { propertyPath: "validFrom", message: "This value is not a valid date.", code: "date" },
    ]);
  });

  it("answers a PATCH that is not merge-patch with a 415", async () => {
    const response = await t.request("own", {
      method: "PATCH",
      url: profileA,
      headers: { "content-type": "application/json" },
      payload: { name: "x" },
    });
    expect(response.statusCode).toBe(415);
    const detail =
      'The content-type "application/json" is not supported. Supported MIME types are "application/merge-patch+json".';
    expect(response.json()).toEqual({
      "@context": "/api/contexts/Error",
      "@type": "hydra:Error",
      title: "An error occurred",
      "hydra:title": "An error occurred",
      detail,
      "hydra:description": detail,
      status: 415,
      type: "/errors/415",
    });
  });

  it("answers another customer's IRI with the same 404 as a missing one", async () => {
    const foreign = await t.request("own", { url: `/api/seller_profiles/${IDS.profileB}` });
    const missing = await t.request("own", {
      url: "/api/seller_profiles/2f000000-0000-4000-8000-00000000000f",
    });
    const expected = {
      "@context": "/api/contexts/Error",
      "@type": "hydra:Error",
      title: "An error occurred",
      "hydra:title": "An error occurred",
      detail: "Not Found",
      "hydra:description": "Not Found",
      status: 404,
      type: "/errors/404",
    };
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(expected);
    expect(missing.json()).toEqual(expected);
    expect((await t.request("own", { url: "/api/seller_profiles/not-a-uuid" })).statusCode).toBe(
      404,
    );
  });

  it("GET /api/seller_profiles/{id}/brands", async () => {
    const response = await t.request("own", { url: `${profileA}/brands` });
    expect(response.json()).toMatchObject({
      "@id": `${profileA}/brands`,
      "@type": "hydra:Collection",
      "hydra:totalItems": 1,
      "hydra:member": [
        {
          "@id": "/api/brands/4a000000-0000-4000-8000-000000000001",
          "@type": "Brand",
          id: "4a000000-0000-4000-8000-000000000001",
          name: "Acme",
          sellerProfile: profileA,
        },
      ],
    });
  });

  it("GET /api/seller_accounts?profile={id}", async () => {
    const response = await t.request("own", {
      url: `/api/seller_accounts?profile=${IDS.profileA}`,
    });
    expect(response.json()["hydra:member"]).toEqual([
      {
        "@id": "/api/seller_accounts/5a000000-0000-4000-8000-000000000001",
        "@type": "SellerAccount",
        id: "5a000000-0000-4000-8000-000000000001",
        name: "Alpha EU",
        sellerProfile: profileA,
        region: "EU",
        sellingPartnerId: null,
        marketplaceParticipations: [
          { marketplace: "DE", isParticipating: true },
          { marketplace: "FR", isParticipating: false },
        ],
      },
    ]);
    const none = await t.request("own", {
      url: "/api/seller_accounts?exists[sellingPartnerId]=true",
    });
    expect(none.json()["hydra:totalItems"]).toBe(0);
  });

  it("GET /api/tags?profile=…&order[text]=DESC and pagination=false", async () => {
    const response = await t.request("own", {
      url: `/api/tags?profile=${profileA}&order[text]=DESC&pagination=false`,
    });
    const body = response.json();
    expect(body["hydra:member"].map((m: { text: string }) => m.text)).toEqual([
      "winter",
      "summer",
      "autumn",
    ]);
    expect(body["hydra:view"]).toEqual({
      "@id": `/api/tags?profile=${encodeURIComponent(profileA)}&order%5Btext%5D=DESC&pagination=false`,
      "@type": "hydra:PartialCollectionView",
    });
  });

  it("GET /api/product_collections?profile&sort&search", async () => {
    const sorted = await t.request("own", {
      url: `/api/product_collections?profile=${IDS.profileA}&sort=-productCount&search=`,
    });
    expect(sorted.json()["hydra:member"].map((m: { name: string }) => m.name)).toEqual([
      "Bestsellers",
      "Clearance",
    ]);
    const searched = await t.request("own", {
      url: `/api/product_collections?profile=${IDS.profileA}&sort=name&search=old%20STOCK`,
    });
    expect(searched.json()["hydra:member"]).toEqual([
      {
        "@id": "/api/product_collections/7a000000-0000-4000-8000-000000000002",
        "@type": "ProductCollection",
        id: "7a000000-0000-4000-8000-000000000002",
        name: "Clearance",
        description: "Old stock",
        colour: "#4c6ef5",
        membership: "rules",
        rules: [{ field: "price", operator: "lessThan", value: "10" }],
        priority: 100,
        productCount: 3,
        sellerProfile: profileA,
      },
    ]);
    const bad = await t.request("own", { url: "/api/product_collections?sort=nonsense" });
    expect(bad.statusCode).toBe(400);
    const range = await t.request("own", { url: "/api/product_collections?productCount[gte]=5" });
    expect(range.json()["hydra:totalItems"]).toBe(1);
  });

  it("GET /api/conversion_rates?date&currencyCode[]: the day's rate or the newest known, marked", async () => {
    const response = await t.request("own", {
      url: "/api/conversion_rates?date=2026-11-22&currencyCode[]=USD&currencyCode[]=GBP&currencyCode[]=SEK",
    });
    const rates = response
      .json()
      ["hydra:member"].map(
        ({ currencyCode, conversionRate, date, stale }: Record<string, unknown>) => ({
          currencyCode,
          conversionRate,
          date,
          stale,
        }),
      );
    expect(rates).toEqual([
      { currencyCode: "GBP", conversionRate: 0.88, date: "2026-11-21", stale: true },
      // Shipped reference data: the newest known SEK rate.
      { currencyCode: "SEK", conversionRate: 10.95, date: "2025-12-01", stale: true },
      { currencyCode: "USD", conversionRate: 1.18, date: "2026-11-22", stale: false },
    ]);
    const older = await t.request("own", {
      url: "/api/conversion_rates?date=2026-11-21&currencyCode=USD",
    });
    expect(older.json()["hydra:member"][0]).toMatchObject({
      conversionRate: 1.17,
      date: "2026-11-20",
    });
    const bad = await t.request("own", { url: "/api/conversion_rates?date=2026-02-31" });
    expect(bad.statusCode).toBe(400);
  });

  it("GET /api/taxes?customer={id}", async () => {
    const response = await t.request("own", { url: `/api/taxes?customer=${IDS.customerA}` });
    expect(response.json()["hydra:member"]).toEqual([
      {
        "@id": "/api/taxes/8a000000-0000-4000-8000-000000000002",
        "@type": "Tax",
        id: "8a000000-0000-4000-8000-000000000002",
        customer: `/api/customers/${IDS.customerA}`,
        marketplace: "DE",
        rate: 19,
        type: "standard",
        validFrom: "2024-01-01",
      },
      {
        "@id": "/api/taxes/8a000000-0000-4000-8000-000000000001",
        "@type": "Tax",
        id: "8a000000-0000-4000-8000-000000000001",
        customer: `/api/customers/${IDS.customerA}`,
        marketplace: "FR",
        rate: 20,
        type: "standard",
        validFrom: "2024-01-01",
      },
    ]);
    const filtered = await t.request("own", {
      url: "/api/taxes?marketplace[]=FR&rate[between]=10..25&validFrom[before]=2024-06-01",
    });
    expect(filtered.json()["hydra:totalItems"]).toBe(1);
    expect(
      (await t.request("own", { url: `/api/taxes?customer=${IDS.customerB}` })).statusCode,
    ).toBe(404);
  });

  it("GET /api/advertising_profiles/seller_profile/{id}?active=true", async () => {
    const response = await t.request("own", {
      url: `/api/advertising_profiles/seller_profile/${IDS.profileA}?active=true`,
    });
    expect(response.json()["hydra:member"]).toEqual([
      {
        "@id": "/api/advertising_profiles/6a000000-0000-4000-8000-000000000001",
        "@type": "AdvertisingProfile",
        id: "6a000000-0000-4000-8000-000000000001",
        sellerProfile: profileA,
        amazonProfileId: "3456789012345678",
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
        active: true,
      },
    ]);
    expect(
      (
        await t.request("own", {
          url: `/api/advertising_profiles/seller_profile/${IDS.profileA}?active=maybe`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("creates, merge-patches nested settings, refuses duplicates and deletes", async () => {
    const created = await t.request("own", {
      method: "POST",
      url: "/api/seller_profiles",
      headers: LD,
      payload: { name: "Second store", settings: { defaultMarketplace: "FR" } },
    });
    expect(created.statusCode).toBe(201);
    const iri = created.json()["@id"];
    expect(created.headers.location).toBe(iri);
    expect(created.json()).toMatchObject({
      customer: { id: IDS.customerA },
      settings: {
        defaultAdvertisingMetric: "ACoS",
        defaultCurrency: "EUR",
        defaultMarketplace: "FR",
      },
    });
    const patched = await t.request("own", {
      method: "PATCH",
      url: iri,
      headers: MERGE_PATCH,
      payload: { settings: { defaultCurrency: "GBP" } },
    });
    expect(patched.json().settings).toEqual({
      defaultAdvertisingMetric: "ACoS",
      defaultCurrency: "GBP",
      defaultMarketplace: "FR",
    });
    const duplicate = await t.request("own", {
      method: "POST",
      url: "/api/tags",
      headers: LD,
      payload: { text: "WINTER", sellerProfile: profileA },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().violations).toEqual([
      { propertyPath: "text", message: "This value is already used.", code: "unique" },
    ]);
    expect((await t.request("own", { method: "DELETE", url: iri })).statusCode).toBe(204);
    expect((await t.request("own", { url: iri })).statusCode).toBe(404);
  });

  it("answers malformed bodies and parameters with a 400, never a 500", async () => {
    const cases = [
      { method: "POST" as const, url: "/api/tags", headers: LD, payload: '{"text": ' },
      { method: "POST" as const, url: "/api/tags", headers: LD, payload: "[1, 2]" },
      {
        method: "POST" as const,
        url: "/api/tags",
        headers: LD,
        payload: { text: "x", sellerProfile: "/api/nope/1" },
      },
      { method: "PATCH" as const, url: profileA, headers: MERGE_PATCH, payload: '"text"' },
      { method: "GET" as const, url: "/api/tags?page=0" },
      { method: "GET" as const, url: "/api/tags?itemsPerPage=-1" },
      { method: "GET" as const, url: "/api/tags?order[text]=sideways" },
      { method: "GET" as const, url: "/api/tags?profile=nonsense" },
    ];
    for (const { method, url, headers, payload } of cases) {
      const response = await t.request("own", { method, url, headers, payload });
      expect(response.statusCode, `${method} ${url} ${String(payload)}`).toBe(400);
      expect(response.json()["@type"]).toBe("hydra:Error");
    }
    const posted = await t.request("own", {
      method: "POST",
      url: "/api/tags",
      headers: { "content-type": "text/plain" },
      payload: "text",
    });
    expect(posted.statusCode).toBe(415);
  });

  it("caps itemsPerPage and documents the API", async () => {
    await t.db.insert(schema.conversionRates).values(
      Array.from({ length: 50 }, (_, day) => ({
        currencyCode: "EUR",
        conversionRate: "1",
        date: new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10),
      })),
    );
    const capped = await t.request("own", { url: "/api/conversion_rates?itemsPerPage=1000" });
    expect(capped.json()["hydra:member"]).toHaveLength(100);
    expect(capped.json()["hydra:totalItems"]).toBe(113);
    const docs = await t.request("anonymous", { url: "/api/docs.json" });
    expect(docs.statusCode).toBe(200);
    expect(
      docs.json().paths["/api/tags"].get.parameters.map((p: { name: string }) => p.name),
    ).toContain("order[text]");
    expect(docs.json().components.schemas["Tag-write"]).toMatchObject({
      type: "object",
      required: ["text", "sellerProfile"],
    });
    expect((await t.request("anonymous", { url: "/api/docs" })).statusCode).toBeLessThan(400);
    expect((await t.request("anonymous", { url: "/api/docs.jsonld" })).json()["@type"]).toBe(
      "hydra:ApiDocumentation",
    );
    expect(
      (await t.request("anonymous", { url: "/api/contexts/Tag" })).json()["@context"],
    ).toMatchObject({
      text: "Tag/text",
    });
    expect((await t.request("own", { url: "/api" })).json()).toMatchObject({ tag: "/api/tags" });
    for (const name of ["Error", "ConstraintViolation", "Entrypoint"]) {
      expect((await t.request("anonymous", { url: `/api/contexts/${name}` })).statusCode).toBe(200);
    }
    expect((await t.request("anonymous", { url: "/api/contexts/Nope" })).statusCode).toBe(404);
  });
});

describe("Hydra prefix setting", () => {
  it("writes unprefixed terms when switched off", async () => {
    const t = await openHydraTestApp("pglite", { hydraPrefix: false });
    try {
      const body = (await t.request("own", { url: "/api/tags?itemsPerPage=1" })).json();
      expect(body["@type"]).toBe("Collection");
      expect(body).toHaveProperty("member");
      expect(body).toHaveProperty("totalItems", 0);
      expect(body.view["@type"]).toBe("PartialCollectionView");
      expect(body.search["@type"]).toBe("IriTemplate");
      expect(body).not.toHaveProperty("hydra:member");
    } finally {
      await t.dispose();
    }
  });
});
