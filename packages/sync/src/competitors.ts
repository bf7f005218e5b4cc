import type { Amazon, SellingPartnerClient } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, eq, gte, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { amazonClients } from "./amazon-clients.ts";
import type { TokenCipher } from "./secrets.ts";

/**
 * Competitors of a product (issue 11 §6), from the SP-API pricing endpoints: v0 getItemOffers for
 * the sellers on the product's own ASIN (price, Buy Box, fulfilment, rating) and 2022-05-01
 * getCompetitiveSummary for other ASINs (featured offer price) and for similar items
 * (suggestions). Each capture appends one snapshot per competitor, so price and Buy Box have a
 * history; running it twice only adds a second point in time.
 */

type Sp = Pick<SellingPartnerClient, "getItemOffers" | "getCompetitiveSummary" | "getCatalogItem">;

const micros = (amount: number | undefined | null) =>
  amount === undefined || amount === null ? null : Math.round(amount * 1_000_000);

/** The SP client of the seller account that lists the product, or undefined when not connected. */
export async function spClientForProduct(
  db: Database,
  amazon: Amazon,
  cipher: TokenCipher,
  productId: string,
): Promise<SellingPartnerClient | undefined> {
  const [row] = await db
    .select({ account: schema.sellerAccounts, connection: schema.amazonConnections })
    .from(schema.products)
    .innerJoin(schema.sellerAccounts, eq(schema.sellerAccounts.id, schema.products.sellerAccountId))
    .innerJoin(
      schema.amazonConnections,
      and(
        eq(schema.amazonConnections.sellerProfileId, schema.sellerAccounts.sellerProfileId),
        eq(schema.amazonConnections.api, "sp"),
        eq(schema.amazonConnections.sellingPartnerId, schema.sellerAccounts.sellingPartnerId),
      ),
    )
    .where(eq(schema.products.id, productId));
  const connection = row?.connection;
  if (connection?.status !== "connected" || !connection.refreshTokenEncrypted) return undefined;
  return amazonClients(amazon, cipher).sp(connection);
}

async function productOf(db: Database, productId: string) {
  const [product] = await db
    .select()
    .from(schema.products)
    .where(eq(schema.products.id, productId));
  if (!product?.asin) throw new Error(`product ${productId} has no ASIN`);
  return { ...product, asin: product.asin };
}

export interface CompetitorSuggestions {
  /** Other sellers on the product's own ASIN. */
  offers: {
    sellerId: string;
    price: number | null;
    landedPrice: number | null;
    hasBuyBox: boolean;
    fulfillment: "AFN" | "MFN";
    rating: number | null;
  }[];
  /** Similar catalog items (other ASINs). */
  similar: { asin: string }[];
}

/** Amazon's answer before the seller's own listings are taken out (what a cache keeps). */
export interface AmazonCompetitorAnswer {
  offers: CompetitorSuggestions["offers"];
  /** Similar catalog items, in Amazon's order, the product's own ASIN left out. */
  candidates: string[];
}

/** Asks Amazon for other sellers on the product's ASIN and for similar items (two SP-API calls). */
export async function askAmazonForCompetitors(
  db: Database,
  sp: Sp,
  productId: string,
  signal?: AbortSignal,
): Promise<AmazonCompetitorAnswer> {
  const product = await productOf(db, productId);
  const [offers, summaries] = await Promise.all([
    sp.getItemOffers(
      product.asin,
      { MarketplaceId: product.marketplaceId, ItemCondition: "New" },
      signal,
    ),
    sp.getCompetitiveSummary(
      [
        {
          asin: product.asin,
          marketplaceId: product.marketplaceId,
          includedData: ["similarItems"],
        },
      ],
      signal,
    ),
  ]);
  const candidates = (summaries[0]?.body.similarItems ?? [])
    .flatMap((s) => s.items ?? [])
    .map((i) => i.asin)
    .filter((asin): asin is string => !!asin && asin !== product.asin);
  return {
    offers: (offers.Offers ?? [])
      .filter((o) => !o.MyOffer && o.SellerId)
      .map((o) => ({
        sellerId: o.SellerId as string,
        price: o.ListingPrice?.Amount ?? null,
        landedPrice:
          o.ListingPrice?.Amount === undefined
            ? null
            : Math.round(((o.ListingPrice.Amount ?? 0) + (o.Shipping?.Amount ?? 0)) * 100) / 100,
        hasBuyBox: o.IsBuyBoxWinner === true,
        fulfillment: o.IsFulfilledByAmazon ? ("AFN" as const) : ("MFN" as const),
        rating: o.SellerFeedbackRating?.SellerPositiveFeedbackRating ?? null,
      })),
    candidates: [...new Set(candidates)],
  };
}

/**
 * The seller's own listings are never its competitors: another of its products Amazon calls
 * similar is left out (issue 17 §9), read at answer time so that a cached answer stays right.
 */
export async function withoutOwnListings(
  db: Database,
  productId: string,
  answer: AmazonCompetitorAnswer,
): Promise<CompetitorSuggestions> {
  const product = await productOf(db, productId);
  const own =
    answer.candidates.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ asin: schema.products.asin })
              .from(schema.products)
              .where(
                and(
                  eq(schema.products.sellerAccountId, product.sellerAccountId),
                  inArray(schema.products.asin, answer.candidates),
                ),
              )
          ).map((row) => row.asin),
        );
  return {
    offers: answer.offers,
    similar: answer.candidates.filter((asin) => !own.has(asin)).map((asin) => ({ asin })),
  };
}

/**
 * One snapshot per competitor of the product, now. Returns the number of snapshots written.
 * Titles are filled from the catalog when a competitor has none yet.
 */
export async function captureCompetitorSnapshots(
  db: Database,
  sp: Sp,
  productId: string,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  const product = await productOf(db, productId);
  const competitors = await db
    .select()
    .from(schema.productCompetitors)
    .where(eq(schema.productCompetitors.productId, productId));
  if (competitors.length === 0) return 0;
  const capturedAt = options.now ?? new Date();
  const snapshots: (typeof schema.competitorSnapshots.$inferInsert)[] = [];

  const sellers = competitors.filter((c) => c.sellerId !== "" && c.asin === product.asin);
  if (sellers.length) {
    const result = await sp.getItemOffers(
      product.asin,
      { MarketplaceId: product.marketplaceId, ItemCondition: "New" },
      options.signal,
    );
    for (const c of sellers) {
      const offer = (result.Offers ?? []).find((o) => o.SellerId === c.sellerId);
      const price = offer?.ListingPrice?.Amount;
      snapshots.push({
        competitorId: c.id,
        capturedAt,
        priceMicros: micros(price),
        landedPriceMicros:
          price === undefined ? null : micros(price + (offer?.Shipping?.Amount ?? 0)),
        currency: offer?.ListingPrice?.CurrencyCode ?? null,
        hasBuyBox: offer?.IsBuyBoxWinner === true,
        fulfillment: offer ? (offer.IsFulfilledByAmazon ? "AFN" : "MFN") : null,
        rating: offer?.SellerFeedbackRating?.SellerPositiveFeedbackRating ?? null,
      });
    }
  }

  const others = competitors.filter((c) => !sellers.includes(c));
  for (let i = 0; i < others.length; i += 20) {
    const batch = others.slice(i, i + 20);
    const responses = await sp.getCompetitiveSummary(
      batch.map((c) => ({
        asin: c.asin,
        marketplaceId: product.marketplaceId,
        includedData: ["featuredBuyingOptions", "lowestPricedOffers"] as const,
      })),
      options.signal,
    );
    batch.forEach((c, index) => {
      const body = responses[index]?.status.statusCode === 200 ? responses[index]?.body : undefined;
      const featured = body?.featuredBuyingOptions?.[0]?.segmentedFeaturedOffers?.[0];
      const lowest = body?.lowestPricedOffers?.[0]?.offers?.[0];
      const offer = featured ?? lowest;
      const price = offer?.listingPrice.amount;
      const shipping = offer?.shippingOptions?.[0]?.price.amount ?? 0;
      snapshots.push({
        competitorId: c.id,
        capturedAt,
        priceMicros: micros(price),
        landedPriceMicros: price === undefined ? null : micros(price + shipping),
        currency: offer?.listingPrice.currencyCode ?? null,
        // Another ASIN has its own Buy Box; whether "it holds ours" does not apply.
        hasBuyBox: null,
        fulfillment: offer?.fulfillmentType ?? null,
        rating: null,
      });
    });
  }

  const untitled = competitors.filter((c) => !c.title);
  for (const c of untitled) {
    try {
      const item = await sp.getCatalogItem(
        c.asin,
        { marketplaceIds: [product.marketplaceId], includedData: ["summaries"] },
        options.signal,
      );
      const title = item.summaries?.[0]?.itemName;
      if (title)
        await db
          .update(schema.productCompetitors)
          .set({ title })
          .where(eq(schema.productCompetitors.id, c.id));
    } catch {
      // A title is a nicety; the price snapshot matters and is written regardless.
    }
  }

  if (snapshots.length) await db.insert(schema.competitorSnapshots).values(snapshots);
  return snapshots.length;
}

/** Every product of a seller account that has competitors: the sync step's worklist. */
export async function productsWithCompetitors(db: Database, sellerAccountId: string) {
  const rows = await db
    .selectDistinct({ id: schema.products.id })
    .from(schema.products)
    .innerJoin(
      schema.productCompetitors,
      eq(schema.productCompetitors.productId, schema.products.id),
    )
    .where(eq(schema.products.sellerAccountId, sellerAccountId));
  return rows.map((r) => r.id);
}

/**
 * The sync step (after listings and stock, on the daily schedule): a snapshot of every watched
 * competitor of the account's products on the marketplace. Safe to run twice: a product whose
 * competitors all have a snapshot since `since` (the run's creation) is skipped, so a step that
 * is repeated after a crash or a takeover adds no second point in time for the same run.
 */
export async function syncCompetitorSnapshots(
  step: {
    db: Database;
    sp: Sp;
    sellerAccountId: string;
    marketplaceId: string;
    signal: AbortSignal;
    wrote(rows: number): Promise<void>;
  },
  since: Date,
): Promise<void> {
  const { db } = step;
  const due = await db
    .selectDistinct({ id: schema.products.id })
    .from(schema.products)
    .innerJoin(
      schema.productCompetitors,
      eq(schema.productCompetitors.productId, schema.products.id),
    )
    .where(
      and(
        eq(schema.products.sellerAccountId, step.sellerAccountId),
        eq(schema.products.marketplaceId, step.marketplaceId),
        isNotNull(schema.products.asin),
        notExists(
          db
            .select({ one: sql`1` })
            .from(schema.competitorSnapshots)
            .where(
              and(
                eq(schema.competitorSnapshots.competitorId, schema.productCompetitors.id),
                gte(schema.competitorSnapshots.capturedAt, since),
              ),
            ),
        ),
      ),
    );
  for (const { id } of due) {
    step.signal.throwIfAborted();
    const written = await captureCompetitorSnapshots(db, step.sp, id, { signal: step.signal });
    await step.wrote(written);
  }
}
