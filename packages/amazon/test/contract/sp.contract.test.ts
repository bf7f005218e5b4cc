/** Contract tests: the SP-API client against the in-process sandbox. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmazonApiError, AmazonAuthError, AmazonReportError } from "../../src/errors.ts";
import type { SellingPartnerClient } from "../../src/sp/client.ts";
import {
  checkAnswersAgainstModels,
  collect,
  DE,
  FR,
  type Harness,
  SELLER_ID,
  startSandbox,
  US,
} from "./harness.ts";

let h: Harness;
let sp: SellingPartnerClient;
let mine: { sku: string; asin: string; title: string }[];

beforeAll(async () => {
  h = await startSandbox();
  sp = h.amazon.sp({
    refreshToken: h.spRefreshToken,
    marketplace: "DE",
    sellingPartnerId: SELLER_ID,
  });
  mine = [...h.sandbox.world.skuIndex.values()]
    .filter((p) => p.marketplaceId === DE && p.sellerId === SELLER_ID)
    .map((p) => ({ sku: p.sku, asin: p.asin, title: p.title }))
    .sort((a, b) => a.sku.localeCompare(b.sku));
});
afterAll(() => h.close());
checkAnswersAgainstModels(() => h);

const first = () => {
  const p = mine[0];
  if (!p) throw new Error("no products");
  return p;
};

describe("sellers", () => {
  it("marketplace participations per region host", async () => {
    const eu = await sp.getMarketplaceParticipations();
    expect(eu.map((p) => p.marketplace.id).sort()).toEqual([DE, FR].sort());
    expect(eu[0]).toMatchObject({
      participation: { isParticipating: true, hasSuspendedListings: false },
    });
    const na = await h.amazon
      .sp({ refreshToken: h.spRefreshToken, region: "NA" })
      .getMarketplaceParticipations();
    expect(na.map((p) => p.marketplace.id)).toEqual([US]);
  });

  it("a region the seller is not registered in answers 403 → AmazonAuthError", async () => {
    const fe = h.amazon.sp({ refreshToken: h.spRefreshToken, region: "FE" });
    const error = await fe.getMarketplaceParticipations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonAuthError);
    expect(error).toMatchObject({ status: 403, code: "Unauthorized" });
  });
});

describe("catalog items 2022-04-01", () => {
  it("getCatalogItem with includedData", async () => {
    const p = first();
    const item = await sp.getCatalogItem(p.asin, {
      marketplaceIds: [DE],
      includedData: ["summaries", "images", "salesRanks", "identifiers"],
    });
    expect(item.asin).toBe(p.asin);
    expect(item.summaries?.[0]).toMatchObject({ marketplaceId: DE, itemName: p.title });
    expect(item.images?.[0]?.images[0]?.variant).toBe("MAIN");
    expect(item.salesRanks?.[0]?.displayGroupRanks?.[0]?.rank).toBeGreaterThan(0);
    expect(item.identifiers?.[0]?.identifiers[0]?.identifierType).toBe("EAN");
  });

  it("unknown ASIN → 404 AmazonApiError NotFound", async () => {
    const error = await sp
      .getCatalogItem("B000000000", { marketplaceIds: [DE] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 404, code: "NotFound" });
  });

  it("searchCatalogItems by identifiers and by keywords, following pageToken", async () => {
    const asins = mine.slice(0, 3).map((p) => p.asin);
    const byId = await sp.searchCatalogItems({
      marketplaceIds: [DE],
      identifiers: asins,
      identifiersType: "ASIN",
    });
    expect(byId.items.map((i) => i.asin).sort()).toEqual([...asins].sort());
    const word =
      first()
        .title.split(" ")
        .find((w) => w.length > 4) ?? first().title;
    const page1 = await sp.searchCatalogItems({
      marketplaceIds: [DE],
      keywords: [word],
      pageSize: 5,
    });
    const all = await collect(
      sp.iterateCatalogItems({ marketplaceIds: [DE], keywords: [word], pageSize: 5 }),
    );
    expect(all.length).toBe(page1.numberOfResults);
    expect(new Set(all.map((i) => i.asin)).size).toBe(all.length);
    expect(all.map((i) => i.asin)).toContain(first().asin);
  });
});

describe("listings items 2021-08-01", () => {
  it("getListingsItem with offers and availability", async () => {
    const p = first();
    const item = await sp.getListingsItem(SELLER_ID, p.sku, {
      marketplaceIds: [DE],
      includedData: ["summaries", "offers", "fulfillmentAvailability"],
    });
    expect(item.sku).toBe(p.sku);
    expect(item.summaries?.[0]).toMatchObject({ asin: p.asin, marketplaceId: DE });
    expect(item.offers?.[0]?.price.currencyCode).toBe("EUR");
    expect(typeof item.fulfillmentAvailability?.[0]?.quantity).toBe("number");
  });

  it("searchListingsItems pages through every SKU", async () => {
    const all = await collect(
      sp.iterateListingsItems(SELLER_ID, {
        marketplaceIds: [DE],
        pageSize: 6,
        sortBy: "sku",
        sortOrder: "ASC",
      }),
    );
    expect(all.map((i) => i.sku)).toEqual(mine.map((p) => p.sku));
  });

  it("patchListingsItem changes the price; invalid patches come back INVALID with issues", async () => {
    const p = first();
    const accepted = await sp.patchListingsItem(
      SELLER_ID,
      p.sku,
      { marketplaceIds: [DE] },
      {
        productType: "PRODUCT",
        patches: [
          {
            op: "replace",
            path: "/attributes/purchasable_offer",
            value: [
              {
                marketplace_id: DE,
                currency: "EUR",
                our_price: [{ schedule: [{ value_with_tax: 12.34 }] }],
              },
            ],
          },
        ],
      },
    );
    expect(accepted).toMatchObject({ sku: p.sku, status: "ACCEPTED", issues: [] });
    const item = await sp.getListingsItem(SELLER_ID, p.sku, {
      marketplaceIds: [DE],
      includedData: ["offers"],
    });
    expect(item.offers?.[0]?.price.amount).toBe("12.34");

    const invalid = await sp.patchListingsItem(
      SELLER_ID,
      p.sku,
      { marketplaceIds: [DE] },
      {
        productType: "PRODUCT",
        patches: [
          {
            op: "replace",
            path: "/attributes/fulfillment_availability",
            value: [{ quantity: -3 }],
          },
        ],
      },
    );
    expect(invalid.status).toBe("INVALID");
    expect(invalid.issues?.[0]).toMatchObject({
      severity: "ERROR",
      categories: ["INVALID_ATTRIBUTE"],
      attributeNames: ["fulfillment_availability"],
    });
  });

  it("searchListingsItems sorts by lastUpdatedDate descending by default and honours sortBy/sortOrder", async () => {
    const updated = (i: { summaries?: { lastUpdatedDate?: string }[] }) =>
      i.summaries?.[0]?.lastUpdatedDate ?? "";
    const byDefault = await collect(
      sp.iterateListingsItems(SELLER_ID, { marketplaceIds: [DE], pageSize: 7 }),
    );
    expect(byDefault).toHaveLength(mine.length);
    const stamps = byDefault.map(updated);
    expect(stamps.every((t) => t !== "")).toBe(true);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(new Set(stamps).size).toBeGreaterThan(1);

    // a submission makes the oldest listing the most recently updated one
    const oldest = byDefault.at(-1)?.sku ?? "";
    const accepted = await sp.patchListingsItem(
      SELLER_ID,
      oldest,
      { marketplaceIds: [DE] },
      {
        productType: "PRODUCT",
        patches: [
          {
            op: "replace",
            path: "/attributes/fulfillment_availability",
            value: [{ fulfillment_channel_code: "DEFAULT", quantity: 40 }],
          },
        ],
      },
    );
    expect(accepted.status).toBe("ACCEPTED");
    const top = await sp.searchListingsItems(SELLER_ID, { marketplaceIds: [DE], pageSize: 1 });
    expect(top.items[0]?.sku).toBe(oldest);

    const created = await collect(
      sp.iterateListingsItems(SELLER_ID, {
        marketplaceIds: [DE],
        pageSize: 20,
        sortBy: "createdDate",
        sortOrder: "ASC",
      }),
    );
    const createdStamps = created.map((i) => i.summaries?.[0]?.createdDate ?? "");
    expect(createdStamps).toEqual([...createdStamps].sort());
    const skusDesc = await sp.searchListingsItems(SELLER_ID, {
      marketplaceIds: [DE],
      pageSize: 3,
      sortBy: "sku",
      sortOrder: "DESC",
    });
    expect(skusDesc.items.map((i) => i.sku)).toEqual(
      mine
        .map((p) => p.sku)
        .reverse()
        .slice(0, 3),
    );
  });

  it("putListingsItem creates and replaces a listing; deleteListingsItem removes it", async () => {
    const sku = "CONTRACT-PUT-0001";
    const listing = (price: number, quantity: number) => ({
      productType: "KITCHEN",
      requirements: "LISTING" as const,
      attributes: {
        item_name: [{ value: "Northwind Contract Knife Set", marketplace_id: DE }],
        brand: [{ value: "Northwind", marketplace_id: DE }],
        purchasable_offer: [
          {
            marketplace_id: DE,
            currency: "EUR",
            our_price: [{ schedule: [{ value_with_tax: price }] }],
          },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: "DEFAULT", quantity }],
      },
    });
    // VALIDATION_PREVIEW validates without creating
    const preview = await sp.putListingsItem(
      SELLER_ID,
      sku,
      { marketplaceIds: [DE], mode: "VALIDATION_PREVIEW" },
      listing(19.99, 5),
    );
    expect(preview).toMatchObject({ sku, status: "VALID", issues: [] });
    await expect(
      sp.getListingsItem(SELLER_ID, sku, { marketplaceIds: [DE] }),
    ).rejects.toMatchObject({ status: 404 });

    const created = await sp.putListingsItem(
      SELLER_ID,
      sku,
      { marketplaceIds: [DE], includedData: ["identifiers", "issues"] },
      listing(19.99, 5),
    );
    expect(created).toMatchObject({ sku, status: "ACCEPTED", issues: [] });
    expect(created.submissionId).toMatch(/\S/);
    const asin = created.identifiers?.[0]?.asin ?? "";
    expect(created.identifiers).toEqual([{ marketplaceId: DE, asin }]);
    expect(asin).toMatch(/^B0[A-Z0-9]{8}$/);
    const item = await sp.getListingsItem(SELLER_ID, sku, {
      marketplaceIds: [DE],
      includedData: ["summaries", "offers", "fulfillmentAvailability"],
    });
    expect(item.summaries?.[0]).toMatchObject({
      asin,
      itemName: "Northwind Contract Knife Set",
      productType: "KITCHEN",
    });
    expect(item.offers?.[0]?.price.amount).toBe("19.99");
    expect(item.fulfillmentAvailability?.[0]?.quantity).toBe(5);

    // a second PUT is a full replacement of the same listing
    const replaced = await sp.putListingsItem(
      SELLER_ID,
      sku,
      { marketplaceIds: [DE] },
      listing(24.5, 9),
    );
    expect(replaced.status).toBe("ACCEPTED");
    const after = await sp.getListingsItem(SELLER_ID, sku, {
      marketplaceIds: [DE],
      includedData: ["summaries", "offers", "fulfillmentAvailability"],
    });
    expect(after.summaries?.[0]?.asin).toBe(asin);
    expect(after.offers?.[0]?.price.amount).toBe("24.50");
    expect(after.fulfillmentAvailability?.[0]?.quantity).toBe(9);

    // a new listing without its required attributes is INVALID, with categorised issues
    const incomplete = await sp.putListingsItem(
      SELLER_ID,
      "CONTRACT-PUT-0002",
      { marketplaceIds: [DE] },
      { productType: "KITCHEN", attributes: {} },
    );
    expect(incomplete.status).toBe("INVALID");
    expect(incomplete.issues?.map((i) => i.categories)).toEqual([
      ["MISSING_ATTRIBUTE"],
      ["MISSING_PRICE"],
    ]);

    const deleted = await sp.deleteListingsItem(SELLER_ID, sku, { marketplaceIds: [DE] });
    expect(deleted).toMatchObject({ sku, status: "ACCEPTED", issues: [] });
    await expect(
      sp.getListingsItem(SELLER_ID, sku, { marketplaceIds: [DE] }),
    ).rejects.toMatchObject({ status: 404 });
    const listed = await collect(
      sp.iterateListingsItems(SELLER_ID, { marketplaceIds: [DE], pageSize: 20 }),
    );
    expect(listed.map((i) => i.sku)).not.toContain(sku);
    const again = await sp.deleteListingsItem(SELLER_ID, sku, { marketplaceIds: [DE] });
    expect(again.status).toBe("INVALID");
    expect(again.issues?.[0]?.categories).toBeDefined();
  });

  it("unknown SKU → 404", async () => {
    await expect(
      sp.getListingsItem(SELLER_ID, "NOPE-1", { marketplaceIds: [DE] }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("product pricing v0", () => {
  it("getPricing by ASIN and getCompetitivePricing by SKU", async () => {
    const p = first();
    const prices = await sp.getPricing({
      MarketplaceId: DE,
      ItemType: "Asin",
      Asins: [p.asin, "B000000000"],
    });
    expect(prices).toHaveLength(2);
    expect(prices[0]).toMatchObject({ status: "Success", ASIN: p.asin });
    expect(prices[0]?.Product?.Offers?.[0]?.BuyingPrice.ListingPrice?.CurrencyCode).toBe("EUR");
    expect(prices[1]?.status).toBe("ClientError");
    const competitive = await sp.getCompetitivePricing({
      MarketplaceId: DE,
      ItemType: "Sku",
      Skus: [p.sku],
    });
    expect(
      competitive[0]?.Product?.CompetitivePricing?.CompetitivePrices[0]?.CompetitivePriceId,
    ).toBe("1");
  });

  it("getItemOffers and getListingOffers", async () => {
    const p = first();
    const byAsin = await sp.getItemOffers(p.asin, { MarketplaceId: DE, ItemCondition: "New" });
    expect(byAsin.ASIN).toBe(p.asin);
    expect(byAsin.Offers.some((o) => o.MyOffer)).toBe(true);
    expect(byAsin.Summary.TotalOfferCount).toBe(byAsin.Offers.length);
    const bySku = await sp.getListingOffers(p.sku, { MarketplaceId: DE, ItemCondition: "New" });
    expect(bySku.SKU).toBe(p.sku);
    expect(bySku.Offers.filter((o) => o.IsBuyBoxWinner)).toHaveLength(1);
  });
});

describe("product fees v0", () => {
  const request = (id: string) => ({
    FeesEstimateRequest: {
      MarketplaceId: DE,
      IsAmazonFulfilled: true,
      Identifier: id,
      PriceToEstimateFees: {
        ListingPrice: { CurrencyCode: "EUR", Amount: 29.99 },
        Shipping: { CurrencyCode: "EUR", Amount: 0 },
      },
    },
  });

  it("estimates by SKU, by ASIN and in a batch", async () => {
    const p = first();
    const bySku = await sp.getMyFeesEstimateForSKU(p.sku, request("req-sku"));
    expect(bySku.Status).toBe("Success");
    expect(bySku.FeesEstimateIdentifier).toMatchObject({
      IdType: "SellerSKU",
      IdValue: p.sku,
      SellerInputIdentifier: "req-sku",
    });
    const total = bySku.FeesEstimate?.TotalFeesEstimate?.Amount ?? 0;
    const sum = (bySku.FeesEstimate?.FeeDetailList ?? []).reduce(
      (a, f) => a + f.FinalFee.Amount!,
      0,
    );
    expect(total).toBeGreaterThan(0);
    expect(sum).toBeCloseTo(total, 2);
    const byAsin = await sp.getMyFeesEstimateForASIN(p.asin, request("req-asin"));
    expect(byAsin.FeesEstimateIdentifier?.IdType).toBe("ASIN");
    const batch = await sp.getMyFeesEstimates([
      { IdType: "ASIN", IdValue: p.asin, FeesEstimateRequest: request("b1").FeesEstimateRequest },
      {
        IdType: "SellerSKU",
        IdValue: "UNKNOWN-SKU",
        FeesEstimateRequest: request("b2").FeesEstimateRequest,
      },
    ]);
    expect(batch.map((r) => r.Status)).toEqual(["Success", "ClientError"]);
  });

  it("an invalid request is a typed 400", async () => {
    const bad = {
      FeesEstimateRequest: { MarketplaceId: DE, Identifier: "x" },
    } as unknown as Parameters<SellingPartnerClient["getMyFeesEstimateForSKU"]>[1];
    await expect(sp.getMyFeesEstimateForSKU(first().sku, bad)).rejects.toMatchObject({
      status: 400,
      code: "InvalidInput",
    });
  });
});

describe("reports 2021-06-30 (merchant listings)", () => {
  it("create → poll → document → gunzip TSV rows", async () => {
    const rows = await collect(sp.merchantListings([DE], { initialIntervalMs: 20 }));
    expect(rows.map((r) => r["seller-sku"]).sort()).toEqual(mine.map((p) => p.sku));
    const row = rows.find((r) => r["seller-sku"] === first().sku);
    expect(row).toMatchObject({ asin1: first().asin, "item-name": first().title });
    expect(Number(row?.price)).toBeGreaterThan(0);
  });

  it("getReports lists created reports; getReport/getReportDocument expose the lifecycle", async () => {
    const { reportId } = await sp.createReport({
      reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
      marketplaceIds: [FR],
    });
    const listed = await sp.getReports({ reportTypes: ["GET_MERCHANT_LISTINGS_ALL_DATA"] });
    expect(listed.reports.map((r) => r.reportId)).toContain(reportId);
    const done = await sp.waitForReport(reportId, { initialIntervalMs: 20 });
    expect(done.processingStatus).toBe("DONE");
    const doc = await sp.getReportDocument(done.reportDocumentId ?? "");
    expect(doc.compressionAlgorithm).toBe("GZIP");
    const rows = await collect(sp.downloadReportRows(doc));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("a cancelled report ends the wait with AmazonReportError", async () => {
    const { reportId } = await sp.createReport({
      reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
      marketplaceIds: [DE],
    });
    await sp.cancelReport(reportId);
    const error = await sp
      .waitForReport(reportId, { initialIntervalMs: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonReportError);
    expect(error).toMatchObject({ status: "CANCELLED", reportId });
  });

  it("unsupported report types are typed 400s", async () => {
    await expect(
      sp.createReport({ reportType: "GET_NOTHING", marketplaceIds: [DE] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
