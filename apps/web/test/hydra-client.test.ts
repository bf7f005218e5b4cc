import { describe, expect, it } from "vitest";
import { AdvertisingProfileList } from "../app/components/settings/advertising-profiles.ts";
import { getI18n } from "../app/i18n/i18n.ts";
import { ApiError, createApiClient } from "../app/lib/api/client.ts";
import {
  buildUrl,
  createHydraClient,
  parseCollection,
  violationsOf,
} from "../app/lib/api/hydra.ts";
import { fieldErrors } from "../app/lib/hydra-form.ts";
import { convert } from "../app/lib/money.tsx";

function recordingTransport(answer: (path: string, init: RequestInit) => Response) {
  const calls: { path: string; init: RequestInit }[] = [];
  return {
    calls,
    transport: async (path: string, init: RequestInit) => {
      calls.push({ path, init });
      return answer(path, init);
    },
  };
}

const collectionBody = {
  "@id": "/api/tags",
  "@type": "hydra:Collection",
  "hydra:totalItems": 3,
  "hydra:member": [{ "@id": "/api/tags/1", "@type": "Tag", text: "a" }],
  "hydra:view": { "@id": "/api/tags?page=1", "hydra:next": "/api/tags?page=2" },
};

describe("Hydra client", () => {
  it("builds query strings with array parameters as name[]", () => {
    expect(
      buildUrl("/api/conversion_rates", {
        date: "2026-11-22",
        currencyCode: ["SEK", "PLN"],
        skipped: undefined,
        "order[text]": "ASC",
      }),
    ).toBe(
      "/api/conversion_rates?date=2026-11-22&currencyCode%5B%5D=SEK&currencyCode%5B%5D=PLN&order%5Btext%5D=ASC",
    );
  });

  it("reads prefixed and unprefixed collections", () => {
    expect(parseCollection(collectionBody)).toEqual({
      "@id": "/api/tags",
      members: collectionBody["hydra:member"],
      extra: {},
      totalItems: 3,
      view: { next: "/api/tags?page=2" },
    });
    // Keys beside the Hydra terms (e.g. a collection's totals) are kept in extra.
    expect(parseCollection({ member: [], totalItems: 0, totals: { clicks: 4 } })).toMatchObject({
      members: [],
      extra: { totals: { clicks: 4 } },
      totalItems: 0,
      view: null,
    });
  });

  it("serves collection reads from the cache unless fresh, and writes clear it", async () => {
    const { calls, transport } = recordingTransport(
      () => new Response(JSON.stringify(collectionBody), { status: 200 }),
    );
    let now = 0;
    const hydra = createHydraClient(createApiClient({ transport, getToken: () => "tkn" }), {
      now: () => now,
    });
    await hydra.collection("/api/tags", { profile: "p" });
    await hydra.collection("/api/tags", { profile: "p" });
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer tkn");
    await hydra.collection("/api/tags", { profile: "p" }, { fresh: true });
    expect(calls).toHaveLength(2);
    now = 61_000;
    await hydra.collection("/api/tags", { profile: "p" });
    expect(calls).toHaveLength(3);
    await hydra.update("/api/tags/1", { text: "b" });
    expect(calls[3]!.init.method).toBe("PATCH");
    expect(new Headers(calls[3]!.init.headers).get("content-type")).toBe(
      "application/merge-patch+json",
    );
    await hydra.collection("/api/tags", { profile: "p" });
    expect(calls).toHaveLength(5);
    await hydra.create("/api/tags", { text: "c" });
    expect(new Headers(calls[5]!.init.headers).get("content-type")).toBe("application/ld+json");
  });

  it("passes non-Hydra calls through with the token; only their writes clear cached reads", async () => {
    const { calls, transport } = recordingTransport((path) =>
      path === "/api/tags"
        ? new Response(JSON.stringify(collectionBody), { status: 200 })
        : new Response(JSON.stringify({ url: "https://amazon" }), { status: 200 }),
    );
    const hydra = createHydraClient(createApiClient({ transport, getToken: () => "tkn" }));
    await hydra.collection("/api/tags");
    expect(await hydra.json<{ url: string }>("/api/amazon/report.csv")).toEqual({
      url: "https://amazon",
    });
    await hydra.request("/api/amazon/report.csv", { method: "HEAD" });
    await hydra.collection("/api/tags");
    expect(calls).toHaveLength(3);
    expect(new Headers(calls[1]!.init.headers).get("authorization")).toBe("Bearer tkn");
    await hydra.json("/api/amazon/authorizations", { method: "POST", body: "{}" });
    await hydra.collection("/api/tags");
    expect(calls.map((call) => call.path)).toEqual([
      "/api/tags",
      "/api/amazon/report.csv",
      "/api/amazon/report.csv",
      "/api/amazon/authorizations",
      "/api/tags",
    ]);
  });

  it("puts violations on their fields, translated, with the server's message as fallback", () => {
    const error = new ApiError(422, {
      violations: [
        { propertyPath: "name", message: "This value should not be blank.", code: "required" },
        { propertyPath: "settings.defaultCurrency", message: "Odd value.", code: "no-such-code" },
      ],
    });
    expect(violationsOf(error)).toHaveLength(2);
    expect(fieldErrors(error, getI18n("de").t)).toEqual({
      name: "Dieses Feld ist erforderlich.",
      "settings.defaultCurrency": "Odd value.",
    });
    expect(fieldErrors(error, getI18n("en").t).name).toBe(
      getI18n("en").t("formValidationError.required"),
    );
    expect(violationsOf(new ApiError(500, { violations: [] }))).toEqual([]);
    expect(violationsOf(new Error("x"))).toEqual([]);
  });
});

describe("advertising profiles", () => {
  it("fall back to an empty list when the call fails (spec §8)", async () => {
    const { calls, transport } = recordingTransport(
      () => new Response(JSON.stringify({ detail: "boom" }), { status: 500 }),
    );
    const hydra = createHydraClient(createApiClient({ transport, getToken: () => null }));
    expect(await AdvertisingProfileList.load(hydra, "p1")).toEqual([]);
    expect(calls[0]!.path).toBe("/api/advertising_profiles/seller_profile/p1?active=true");
  });
});

describe("conversion", () => {
  const rates = [
    { currencyCode: "USD", conversionRate: 1.2, date: "2026-11-22", stale: false },
    { currencyCode: "SEK", conversionRate: 11, date: "2025-12-01", stale: true },
  ];
  it("converts through the euro and reports the older rate's date", () => {
    expect(convert(12, "USD", "EUR", rates)).toEqual({
      value: 10,
      currency: "EUR",
      rateDate: "2026-11-22",
      stale: false,
    });
    const sek = convert(120, "USD", "SEK", rates)!;
    expect(sek.value).toBeCloseTo(1100);
    expect(sek).toMatchObject({ rateDate: "2025-12-01", stale: true });
    expect(convert(5, "EUR", "EUR", rates)).toEqual({
      value: 5,
      currency: "EUR",
      rateDate: null,
      stale: false,
    });
    expect(convert(5, "PLN", "EUR", rates)).toBeNull();
  });
});
