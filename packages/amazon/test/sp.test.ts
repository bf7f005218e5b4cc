import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { regionForMarketplace } from "../src/config.ts";
import {
  AmazonAuthError,
  AmazonInputError,
  AmazonReportError,
  AmazonResponseError,
} from "../src/errors.ts";
import { LwaClient } from "../src/lwa.ts";
import { SellingPartnerClient, toQuery } from "../src/sp/client.ts";
import { Transport } from "../src/transport.ts";
import { type Handler, json, type RecordedCall, scriptedFetch, virtualClock } from "./helpers.ts";

const token: Handler = () =>
  json(200, { access_token: "Atza|SP", expires_in: 3600, token_type: "bearer" });

function setup(...handlers: Handler[]) {
  const fetch = scriptedFetch(token, ...handlers);
  const clock = virtualClock();
  const transport = new Transport({ fetch, now: clock.now, sleep: clock.sleep, random: () => 0.5 });
  const lwa = new LwaClient({ clientId: "c", clientSecret: "s", transport });
  const sp = new SellingPartnerClient({
    lwa,
    transport,
    refreshToken: "Atzr|R",
    marketplace: "ATVPDKIKX0DER",
  });
  const apiCalls = (): RecordedCall[] => fetch.calls.slice(1);
  return { sp, clock, apiCalls };
}

describe("SellingPartnerClient", () => {
  it("sends x-amz-access-token to the regional host and unwraps v0 payloads", async () => {
    const participation = {
      marketplace: {
        id: "ATVPDKIKX0DER",
        countryCode: "US",
        name: "Amazon.com",
        defaultCurrencyCode: "USD",
        defaultLanguageCode: "en_US",
        domainName: "www.amazon.com",
      },
      storeName: "Store",
      participation: { isParticipating: true, hasSuspendedListings: false },
    };
    const { sp, apiCalls } = setup(() => json(200, { payload: [participation] }));
    expect(await sp.getMarketplaceParticipations()).toEqual([participation]);
    const call = apiCalls()[0];
    expect(call?.url).toBe(
      "https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations",
    );
    expect(call?.headers["x-amz-access-token"]).toBe("Atza|SP");
    expect(call?.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(call?.headers.authorization).toBeUndefined();
  });

  it("serialises list query parameters as CSV and encodes path segments", async () => {
    const { sp, apiCalls } = setup(() => json(200, { sku: "a/b c", summaries: [] }));
    await sp.getListingsItem("A3SELLER", "a/b c", {
      marketplaceIds: ["ATVPDKIKX0DER", "A2EUQ1WTGCTBG2"],
      includedData: ["summaries", "offers"],
    });
    expect(apiCalls()[0]?.url).toBe(
      "https://sellingpartnerapi-na.amazon.com/listings/2021-08-01/items/A3SELLER/a%2Fb%20c?marketplaceIds=ATVPDKIKX0DER%2CA2EUQ1WTGCTBG2&includedData=summaries%2Coffers",
    );
    expect(toQuery({ a: [], b: undefined, c: 0, d: false }).toString()).toBe("c=0&d=false");
  });

  it("maps 403 Unauthorized to AmazonAuthError and missing payloads to AmazonResponseError", async () => {
    const denied = setup(() =>
      json(403, {
        errors: [
          {
            code: "Unauthorized",
            message: "Access to requested resource is denied.",
            details: "The access token you provided has expired.",
          },
        ],
      }),
    );
    await expect(
      denied.sp.getPricing({ MarketplaceId: "ATVPDKIKX0DER", ItemType: "Asin", Asins: ["B0"] }),
    ).rejects.toBeInstanceOf(AmazonAuthError);
    const odd = setup(() => json(200, { nothing: true }));
    await expect(
      odd.sp.getPricing({ MarketplaceId: "ATVPDKIKX0DER", ItemType: "Asin", Asins: ["B0"] }),
    ).rejects.toBeInstanceOf(AmazonResponseError);
  });

  it("validates required path parameters locally", async () => {
    const { sp, apiCalls } = setup();
    await expect(
      sp.getCatalogItem("", { marketplaceIds: ["ATVPDKIKX0DER"] }),
    ).rejects.toBeInstanceOf(AmazonInputError);
    expect(() => sp.merchantListings([])).toThrow(AmazonInputError);
    expect(apiCalls()).toHaveLength(0);
    expect(() => regionForMarketplace("ZZ")).toThrow(AmazonInputError);
    expect(regionForMarketplace("GB")).toBe("EU");
  });

  it("enforces the model's per-operation rate (getPricing 0.5/s, burst 1)", async () => {
    const { sp, clock } = setup(() => json(200, { payload: [] }));
    const q = { MarketplaceId: "ATVPDKIKX0DER", ItemType: "Asin" as const, Asins: ["B0"] };
    await sp.getPricing(q);
    await sp.getPricing(q);
    await sp.getPricing(q);
    expect(clock.state.sleeps).toEqual([2000, 2000]);
  });

  it("runs the report lifecycle: create (202) → poll → document → gunzip TSV rows", async () => {
    const tsv =
      "item-name\tseller-sku\tprice\tquantity\nWidget\tW-1\t9.99\t5\nGadget\tG-2\t19.50\t0\n";
    const { sp, apiCalls } = setup(
      () => json(202, { reportId: "ID323" }),
      () => json(200, { reportId: "ID323", processingStatus: "IN_QUEUE" }),
      () => json(200, { reportId: "ID323", processingStatus: "DONE", reportDocumentId: "DOC-1" }),
      () =>
        json(200, {
          reportDocumentId: "DOC-1",
          url: "https://s3.test/doc",
          compressionAlgorithm: "GZIP",
        }),
      () =>
        new Response(gzipSync(tsv), {
          status: 200,
          headers: { "content-type": "text/plain; charset=UTF-8" },
        }),
    );
    const rows = [];
    for await (const row of sp.merchantListings(["ATVPDKIKX0DER"], { initialIntervalMs: 10 }))
      rows.push(row);
    expect(rows).toEqual([
      { "item-name": "Widget", "seller-sku": "W-1", price: "9.99", quantity: "5" },
      { "item-name": "Gadget", "seller-sku": "G-2", price: "19.50", quantity: "0" },
    ]);
    expect(JSON.parse(apiCalls()[0]?.body ?? "")).toEqual({
      reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
      marketplaceIds: ["ATVPDKIKX0DER"],
    });
    expect(apiCalls()[4]?.headers["x-amz-access-token"]).toBeUndefined();
  });

  it("putListingsItem is retried after a 5xx (full replacement), patch is not; delete sends marketplaceIds", async () => {
    const submission = { sku: "S-1", status: "ACCEPTED", submissionId: "sub-1", issues: [] };
    const put = setup(
      () => json(503, { errors: [{ code: "ServiceUnavailable", message: "x" }] }),
      () => json(200, submission),
    );
    const body = {
      productType: "LUGGAGE",
      requirements: "LISTING" as const,
      attributes: { item_name: [{ value: "Bag" }] },
    };
    await expect(
      put.sp.putListingsItem("A3SELLER", "S-1", { marketplaceIds: ["ATVPDKIKX0DER"] }, body),
    ).resolves.toEqual(submission);
    expect(put.apiCalls().map((c) => c.method)).toEqual(["PUT", "PUT"]);
    expect(JSON.parse(put.apiCalls()[0]?.body ?? "")).toEqual(body);

    const patch = setup(() =>
      json(503, { errors: [{ code: "ServiceUnavailable", message: "x" }] }),
    );
    await expect(
      patch.sp.patchListingsItem(
        "A3SELLER",
        "S-1",
        { marketplaceIds: ["ATVPDKIKX0DER"] },
        { productType: "LUGGAGE", patches: [{ op: "delete", path: "/attributes/bullet_point" }] },
      ),
    ).rejects.toMatchObject({ status: 503, code: "ServiceUnavailable" });
    expect(patch.apiCalls()).toHaveLength(1);

    const del = setup(() => json(200, submission));
    await del.sp.deleteListingsItem("A3SELLER", "S-1", { marketplaceIds: ["ATVPDKIKX0DER"] });
    expect(del.apiCalls()[0]?.method).toBe("DELETE");
    expect(del.apiCalls()[0]?.url).toBe(
      "https://sellingpartnerapi-na.amazon.com/listings/2021-08-01/items/A3SELLER/S-1?marketplaceIds=ATVPDKIKX0DER",
    );
  });

  it("raises AmazonReportError for FATAL/CANCELLED reports", async () => {
    const { sp } = setup(() => json(200, { reportId: "R", processingStatus: "CANCELLED" }));
    await expect(sp.waitForReport("R")).rejects.toBeInstanceOf(AmazonReportError);
  });
});
