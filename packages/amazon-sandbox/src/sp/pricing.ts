/** Product Pricing API v0 (prices, competitive prices, offers) and the 2022-05-01 competitive summary batch. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { offersOf, similarItems } from "../competition.ts";
import { isObject, sendError, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { categoryOf, type Product, productBySku, productKey, type Seller } from "../world.ts";
import { authSp } from "./auth.ts";
import { bad, csv, money } from "./common.ts";

/** The products a Product Pricing v0 request names (Asins or Skus), or undefined after a 400. */
function pricingProducts(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
  seller: Seller,
) {
  const w = () => state.world;
  const q = req.query as Record<string, unknown>;
  const mpId = String(q.MarketplaceId ?? "");
  if (!marketplaceById(mpId)) {
    bad(reply, "MarketplaceId is missing or invalid.");
    return undefined;
  }
  const itemType = q.ItemType;
  if (itemType !== "Asin" && itemType !== "Sku") {
    bad(reply, "ItemType must be Asin or Sku.");
    return undefined;
  }
  const ids = csv(itemType === "Asin" ? q.Asins : q.Skus);
  if (ids.length === 0 || ids.length > 20) {
    bad(reply, `${itemType === "Asin" ? "Asins" : "Skus"} must list 1 to 20 values.`);
    return undefined;
  }
  return ids.map((id) => ({
    id,
    itemType,
    mpId,
    p:
      itemType === "Asin"
        ? w().products.get(productKey(mpId, id.toUpperCase()))
        : productBySku(w(), seller.sellerId, mpId, id),
  }));
}

/** getPricing / getCompetitivePricing: the seller's own price or the buy box's, per item. */
async function getPricing(
  state: SandboxState,
  competitive: boolean,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const items = pricingProducts(state, req, reply, seller);
  if (!items) return reply;
  const payload = items.map(({ id, itemType, mpId, p }) => {
    const key = itemType === "Asin" ? { ASIN: id } : { SellerSKU: id };
    if (!p)
      return {
        status: "ClientError",
        ...key,
        error: { code: "InvalidInput", message: `${id} is not a valid ${itemType}` },
      };
    const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
    const price = {
      LandedPrice: money(cur, p.price),
      ListingPrice: money(cur, p.price),
      Shipping: money(cur, 0),
    };
    const product: Record<string, unknown> = {
      Identifiers: {
        MarketplaceASIN: { MarketplaceId: mpId, ASIN: p.asin },
        ...(itemType === "Sku"
          ? {
              SKUIdentifier: {
                MarketplaceId: mpId,
                SellerId: seller.sellerId,
                SellerSKU: p.sku,
              },
            }
          : {}),
      },
    };
    if (competitive) {
      const buyBox = p.sellerId === seller.sellerId ? p.price : p.refPrice;
      product.CompetitivePricing = {
        CompetitivePrices: [
          {
            CompetitivePriceId: "1",
            Price: {
              LandedPrice: money(cur, buyBox),
              ListingPrice: money(cur, buyBox),
              Shipping: money(cur, 0),
            },
            condition: "New",
            subcondition: "New",
            belongsToRequester: p.sellerId === seller.sellerId,
          },
        ],
        NumberOfOfferListings: [{ Count: 3, condition: "New" }],
      };
      product.SalesRankings = [
        {
          ProductCategoryId: categoryOf(w(), p)?.nodeId ?? "",
          Rank: Math.max(1, Math.round(p.baseRank / p.rankFactor)),
        },
      ];
    } else {
      product.Offers =
        p.sellerId === seller.sellerId
          ? [
              {
                BuyingPrice: price,
                RegularPrice: money(cur, p.price),
                FulfillmentChannel: "MERCHANT",
                ItemCondition: "New",
                ItemSubCondition: "New",
                SellerSKU: p.sku,
              },
            ]
          : [];
    }
    return { status: "Success", ...key, Product: product };
  });
  return sendJson(reply, 200, { payload });
}

/** getItemOffers / getListingOffers: every offer on the product's page, buy box winner marked. */
function offersResponse(
  state: SandboxState,

  seller: Seller,
  p: Product,
  mpId: string,
  key: Record<string, string>,
) {
  const w = () => state.world;
  const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
  const offers = offersOf(w(), p).map((o) => ({
    ...o,
    my: o.mine && o.sellerId === seller.sellerId,
  }));
  const winner = offers.find((o) => o.buyBoxWinner);
  const lowest = offers[0];
  const channel = (o: { fulfillment: string }) => (o.fulfillment === "AFN" ? "Amazon" : "Merchant");
  return {
    payload: {
      ...key,
      marketplaceId: mpId,
      status: "Success",
      ItemCondition: "New",
      Identifier: { MarketplaceId: mpId, ...key, ItemCondition: "New" },
      Summary: {
        TotalOfferCount: offers.length,
        NumberOfOffers: ["Amazon", "Merchant"].map((c) => ({
          condition: "new",
          fulfillmentChannel: c,
          OfferCount: offers.filter((o) => channel(o) === c).length,
        })),
        LowestPrices: lowest
          ? [
              {
                condition: "new",
                fulfillmentChannel: channel(lowest),
                LandedPrice: money(cur, lowest.listingPrice + lowest.shipping),
                ListingPrice: money(cur, lowest.listingPrice),
                Shipping: money(cur, lowest.shipping),
              },
            ]
          : [],
        BuyBoxPrices: winner
          ? [
              {
                condition: "new",
                LandedPrice: money(cur, winner.listingPrice + winner.shipping),
                ListingPrice: money(cur, winner.listingPrice),
                Shipping: money(cur, winner.shipping),
                sellerId: winner.sellerId,
              },
            ]
          : [],
        ListPrice: money(cur, p.refPrice),
        SalesRankings: [
          {
            ProductCategoryId: categoryOf(w(), p)?.nodeId ?? "",
            Rank: Math.max(1, Math.round(p.baseRank / p.rankFactor)),
          },
        ],
      },
      Offers: offers.map((o) => ({
        SellerId: o.sellerId,
        MyOffer: o.my,
        SubCondition: "new",
        IsFulfilledByAmazon: o.fulfillment === "AFN",
        IsBuyBoxWinner: o.buyBoxWinner,
        IsFeaturedMerchant: true,
        ListingPrice: money(cur, o.listingPrice),
        Shipping: money(cur, o.shipping),
        ShippingTime: { minimumHours: 24, maximumHours: 48, availabilityType: "NOW" },
        SellerFeedbackRating: {
          FeedbackCount: o.feedbackCount,
          SellerPositiveFeedbackRating: o.rating,
        },
        ShipsFrom: { Country: marketplaceById(mpId)?.countryCode ?? "DE" },
        PrimeInformation: {
          IsPrime: o.fulfillment === "AFN",
          IsNationalPrime: o.fulfillment === "AFN",
        },
      })),
    },
  };
}

/** Product Pricing 2022-05-01: the competitive summary of up to 20 ASINs in one batch. */
async function getItemsCompetitiveSummary(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const requests = isObject(req.body) ? (req.body as { requests?: unknown }).requests : undefined;
  if (!Array.isArray(requests) || requests.length < 1 || requests.length > 20)
    return bad(reply, "requests must hold 1 to 20 requests.");
  const responses = requests.map((r: unknown) => {
    const item = (isObject(r) ? r : {}) as Record<string, unknown>;
    const asin = String(item.asin ?? "").toUpperCase();
    const mpId = String(item.marketplaceId ?? "");
    const request = { asin, marketplaceId: mpId, includedData: item.includedData };
    const p = marketplaceById(mpId) ? w().products.get(productKey(mpId, asin)) : undefined;
    if (!p)
      return {
        status: { statusCode: 404, reasonPhrase: "Not Found" },
        body: { errors: [{ code: "NOT_FOUND", message: `ASIN ${asin} not found` }] },
        request,
      };
    const cur = marketplaceById(mpId)?.currencyCode ?? "EUR";
    const amount = (v: number) => ({ amount: v, currencyCode: cur });
    const offers = offersOf(w(), p);
    const featured = offers.find((o) => o.buyBoxWinner);
    const offer = (o: (typeof offers)[number]) => ({
      sellerId: o.sellerId,
      condition: "New",
      fulfillmentType: o.fulfillment,
      listingPrice: amount(o.listingPrice),
      shippingOptions: [{ shippingOptionType: "DEFAULT", price: amount(o.shipping) }],
    });
    return {
      status: { statusCode: 200, reasonPhrase: "OK" },
      body: {
        asin: p.asin,
        marketplaceId: mpId,
        featuredBuyingOptions: featured
          ? [
              {
                buyingOptionType: "New",
                segmentedFeaturedOffers: [
                  {
                    ...offer(featured),
                    featuredOfferSegments: [
                      {
                        customerMembership: "NON_PRIME",
                        segmentDetails: { glanceViewWeightPercentage: 100 },
                      },
                    ],
                  },
                ],
              },
            ]
          : [],
        lowestPricedOffers: [
          {
            lowestPricedOffersInput: { itemCondition: "New", offerType: "Consumer" },
            offers: offers.slice(0, 20).map(offer),
          },
        ],
        referencePrices: [{ name: "CompetitivePrice", price: amount(p.refPrice) }],
        similarItems: [{ items: similarItems(w(), p).map((o) => ({ asin: o.asin })) }],
      },
      request,
    };
  });
  return sendJson(reply, 200, { responses });
}

async function getItemOffers(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const q = req.query as Record<string, unknown>;
  const mpId = String(q.MarketplaceId ?? "");
  if (!marketplaceById(mpId)) return bad(reply, "MarketplaceId is missing or invalid.");
  if (typeof q.ItemCondition !== "string") return bad(reply, "ItemCondition is required.");
  const { asin } = req.params as { asin: string };
  const p = w().products.get(productKey(mpId, asin.toUpperCase()));
  if (!p) return sendError(reply, "sp", 404, `ASIN ${asin} not found`);
  return sendJson(reply, 200, offersResponse(state, seller, p, mpId, { ASIN: p.asin }));
}

async function getListingOffers(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const q = req.query as Record<string, unknown>;
  const mpId = String(q.MarketplaceId ?? "");
  if (!marketplaceById(mpId)) return bad(reply, "MarketplaceId is missing or invalid.");
  if (typeof q.ItemCondition !== "string") return bad(reply, "ItemCondition is required.");
  const { sku } = req.params as { sku: string };
  const p = productBySku(w(), seller.sellerId, mpId, sku);
  if (!p) return sendError(reply, "sp", 404, `SKU ${sku} not found`);
  return sendJson(reply, 200, offersResponse(state, seller, p, mpId, { SKU: p.sku }));
}

export function registerPricingRoutes(app: FastifyInstance, state: SandboxState): void {
  for (const path of ["/products/pricing/v0/price", "/products/pricing/v0/competitivePrice"]) {
    const competitive = path.endsWith("competitivePrice");
    app.get(path, (req, reply) => getPricing(state, competitive, req, reply));
  }
  app.post("/batches/products/pricing/2022-05-01/items/competitiveSummary", (req, reply) =>
    getItemsCompetitiveSummary(state, req, reply),
  );
  app.get("/products/pricing/v0/items/:asin/offers", (req, reply) =>
    getItemOffers(state, req, reply),
  );
  app.get("/products/pricing/v0/listings/:sku/offers", (req, reply) =>
    getListingOffers(state, req, reply),
  );
}
