/**
 * Listings Items 2021-08-01 putListingsItem: create or fully replace a listing, offer included.
 * The request is read, its attributes checked (offer, then where a new listing lands), and the
 * listing written in every requested marketplace.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, sendJson } from "../../http.ts";
import { addSellerListing, listingStamp } from "../../listings.ts";
import type { SandboxState } from "../../state.ts";
import {
  type Category,
  type Product,
  productBySku,
  productKey,
  type Seller,
  type World,
} from "../../world.ts";
import { bad } from "../common.ts";
import {
  availabilityQuantity,
  type Issue,
  invalidAttribute,
  invalidPrice,
  listingAttribute,
  missingAttribute,
  offerPrice,
} from "./issues.ts";
import { listingCheck, SUBMISSION_DATA, submission } from "./request.ts";

const REQUIREMENTS = ["LISTING", "LISTING_PRODUCT_ONLY", "LISTING_OFFER_ONLY"];

/** One put request being checked: its marketplaces, attributes, and the issues found so far. */
interface PutRequest {
  world: World;
  seller: Seller;
  sku: string;
  mps: string[];
  productType: string;
  attrs: Record<string, unknown>;
  /** Product facts (title) required: not an offer-only listing. */
  productFacts: boolean;
  /** Sales terms (price) required: not a product-only listing. */
  salesTerms: boolean;
  /** The SKU's listing per requested marketplace, undefined where it has none yet. */
  existing: (Product | undefined)[];
  issues: Issue[];
}

/** What the listing gets: the checked attribute values. */
interface ListingValues {
  title: string | undefined;
  brand: string | undefined;
  price: number | undefined;
  quantity: number | undefined;
}

function text(r: PutRequest, name: string, required: boolean): string | undefined {
  const a = listingAttribute(r.attrs, name);
  if (a === undefined) {
    if (required) r.issues.push(missingAttribute(name, r.mps));
    return undefined;
  }
  if (typeof a.value !== "string" || a.value.trim() === "") {
    r.issues.push(invalidAttribute(name, `${name} value must be a non-empty string.`, r.mps));
    return undefined;
  }
  return a.value.trim();
}

/** Title, brand, price and quantity (a new listing needs a title and, with an offer, a price). */
function checkValues(r: PutRequest): ListingValues {
  const isNew = r.existing.some((p) => !p);
  const title = text(r, "item_name", r.productFacts && isNew);
  const brand = text(r, "brand", false);
  const offer = listingAttribute(r.attrs, "purchasable_offer");
  const availability = listingAttribute(r.attrs, "fulfillment_availability");
  let price: number | undefined;
  if (offer !== undefined) {
    price = offerPrice(offer);
    if (price === undefined) r.issues.push(invalidPrice(r.mps));
  } else if (r.salesTerms && isNew) {
    r.issues.push({
      ...missingAttribute("purchasable_offer", r.mps),
      categories: ["MISSING_PRICE"],
    });
  }
  let quantity: number | undefined;
  if (availability !== undefined) {
    quantity = availabilityQuantity(availability);
    if (quantity === undefined)
      r.issues.push(
        invalidAttribute(
          "fulfillment_availability",
          "quantity must be a non-negative integer.",
          r.mps,
        ),
      );
  }
  return { title, brand, price, quantity };
}

function categoryFor(r: PutRequest, m: string): Category | undefined {
  return [...r.world.categories.values()].find(
    (cat) => cat.marketplaceId === m && cat.productType === r.productType,
  );
}

/**
 * Where a missing marketplace's listing lands: the ASIN the seller suggests, else the ASIN the SKU
 * already has elsewhere, else a new ASIN of the product type's category. An existing detail page
 * must not carry another offer (the sandbox keeps one offer per ASIN and marketplace).
 */
function checkTargetAsin(r: PutRequest): string | undefined {
  const w = r.world;
  const missing = r.mps.filter((_m, i) => !r.existing[i]);
  const suggested = missing.length
    ? text(r, "merchant_suggested_asin", !r.productFacts)?.toUpperCase()
    : undefined;
  const targetAsin = suggested ?? r.existing.find((p) => p)?.asin;
  if (suggested && missing.some((m) => !w.products.has(productKey(m, suggested))))
    r.issues.push(
      invalidAttribute(
        "merchant_suggested_asin",
        `ASIN ${suggested} does not exist in every requested marketplace.`,
        r.mps,
      ),
    );
  if (targetAsin && missing.some((m) => w.products.get(productKey(m, targetAsin))?.sellerId))
    r.issues.push(
      invalidAttribute(
        "merchant_suggested_asin",
        `ASIN ${targetAsin} already carries a seller offer (the sandbox keeps one offer per ASIN).`,
        r.mps,
      ),
    );
  const needPage = missing.filter((m) => !targetAsin || !w.products.has(productKey(m, targetAsin)));
  if (needPage.some((m) => !categoryFor(r, m)))
    r.issues.push(
      invalidAttribute(
        "productType",
        `Product type ${r.productType} is not available in the sandbox (use one of ${[
          ...new Set([...w.categories.values()].map((cat) => cat.productType)),
        ].join(", ")}).`,
        r.mps,
      ),
    );
  return targetAsin;
}

/** Writes the listing in every requested marketplace (the same ASIN in each). */
function writeListing(
  r: PutRequest,
  values: ListingValues,
  targetAsin: string | undefined,
  stamp: string,
): Product[] {
  const w = r.world;
  const { sellerId } = r.seller;
  const products: Product[] = [];
  let asin = targetAsin;
  for (const [i, m] of r.mps.entries()) {
    let p = r.existing[i];
    const page = asin ? w.products.get(productKey(m, asin)) : undefined;
    if (!p && page) {
      // the seller's offer joins the existing catalogue page
      page.sellerId = sellerId;
      page.sku = r.sku;
      page.createdDate = stamp.slice(0, 10);
      page.createdAt = stamp;
      w.skuIndex.set(`${sellerId}|${m}|${r.sku}`, page);
      w.matchCache.clear();
      p = page;
    } else if (!p) {
      p = addSellerListing(w, {
        sellerId,
        sku: r.sku,
        marketplaceId: m,
        category: categoryFor(r, m) as Category,
        asin,
        title: values.title ?? r.sku,
        brand: values.brand ?? r.seller.brand,
        price: values.price ?? 0,
        stock: values.quantity ?? 0,
        stamp,
      });
      asin = p.asin; // the same ASIN in every requested marketplace
    }
    if (values.title !== undefined) p.title = values.title;
    if (values.brand !== undefined) p.brand = values.brand;
    if (values.price !== undefined) p.price = values.price;
    if (values.quantity !== undefined) p.stock = values.quantity;
    p.lastUpdatedAt = stamp;
    products.push(p);
  }
  return products;
}

export async function putListingsItem(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const c = listingCheck(state, req, reply, SUBMISSION_DATA);
  if (!c) return reply;
  const { sku } = req.params as { sku: string };
  const body = req.body as unknown;
  if (
    !isObject(body) ||
    INVALID_JSON in body ||
    typeof body.productType !== "string" ||
    body.productType === "" ||
    !isObject(body.attributes)
  )
    return bad(reply, "Body must contain productType and an attributes object.");
  const requirements = body.requirements ?? "LISTING";
  if (typeof requirements !== "string" || !REQUIREMENTS.includes(requirements))
    return bad(reply, `requirements must be one of ${REQUIREMENTS.join(", ")}.`);
  const r: PutRequest = {
    world: state.world,
    seller: c.seller,
    sku,
    mps: c.mps,
    productType: body.productType,
    attrs: body.attributes,
    productFacts: requirements !== "LISTING_OFFER_ONLY",
    salesTerms: requirements !== "LISTING_PRODUCT_ONLY",
    existing: c.mps.map((m) => productBySku(state.world, c.seller.sellerId, m, sku)),
    issues: [],
  };
  const values = checkValues(r);
  const targetAsin = checkTargetAsin(r);
  if (r.issues.length) return sendJson(reply, 200, submission(sku, c.inc, "INVALID", r.issues, []));
  if ((req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW")
    return sendJson(
      reply,
      200,
      submission(
        sku,
        c.inc,
        "VALID",
        [],
        r.existing.filter((p): p is Product => !!p),
      ),
    );
  const stamp = listingStamp(state.world, state.now());
  const products = writeListing(r, values, targetAsin, stamp);
  return sendJson(reply, 200, submission(sku, c.inc, "ACCEPTED", [], products));
}
