/** Listings Items 2021-08-01 putListingsItem: create or fully replace a listing, offer included. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, sendJson } from "../../http.ts";
import { addSellerListing, listingStamp } from "../../listings.ts";
import type { SandboxState } from "../../state.ts";
import { type Category, type Product, productBySku, productKey } from "../../world.ts";
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

export async function putListingsItem(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
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
  const attrs = body.attributes;
  const productFacts = requirements !== "LISTING_OFFER_ONLY";
  const salesTerms = requirements !== "LISTING_PRODUCT_ONLY";
  const issues: Issue[] = [];
  const attr = (name: string) => listingAttribute(attrs, name);
  const title = attr("item_name");
  const brand = attr("brand");
  const offer = attr("purchasable_offer");
  const availability = attr("fulfillment_availability");
  const suggestedAsin = attr("merchant_suggested_asin");

  const text = (name: string, a: Record<string, unknown> | undefined, required: boolean) => {
    if (a === undefined) {
      if (required) issues.push(missingAttribute(name, c.mps));
      return undefined;
    }
    if (typeof a.value !== "string" || a.value.trim() === "") {
      issues.push(invalidAttribute(name, `${name} value must be a non-empty string.`, c.mps));
      return undefined;
    }
    return a.value.trim();
  };
  const existing = c.mps.map((m) => productBySku(w(), c.seller.sellerId, m, sku));
  const isNew = existing.some((p) => !p);
  const titleValue = text("item_name", title, productFacts && isNew);
  const brandValue = text("brand", brand, false);
  let price: number | undefined;
  if (offer !== undefined) {
    price = offerPrice(offer);
    if (price === undefined) issues.push(invalidPrice(c.mps));
  } else if (salesTerms && isNew) {
    issues.push({
      ...missingAttribute("purchasable_offer", c.mps),
      categories: ["MISSING_PRICE"],
    });
  }
  let quantity: number | undefined;
  if (availability !== undefined) {
    quantity = availabilityQuantity(availability);
    if (quantity === undefined)
      issues.push(
        invalidAttribute(
          "fulfillment_availability",
          "quantity must be a non-negative integer.",
          c.mps,
        ),
      );
  }
  // Where a missing marketplace's listing lands: the ASIN the seller suggests, else the ASIN the SKU
  // already has elsewhere, else a new ASIN of the product type's category. An existing detail page
  // must not carry another offer (the sandbox keeps one offer per ASIN and marketplace).
  const missing = c.mps.filter((_m, i) => !existing[i]);
  const suggested = missing.length
    ? text("merchant_suggested_asin", suggestedAsin, !productFacts)?.toUpperCase()
    : undefined;
  const targetAsin = suggested ?? existing.find((p) => p)?.asin;
  if (suggested && missing.some((m) => !w().products.has(productKey(m, suggested))))
    issues.push(
      invalidAttribute(
        "merchant_suggested_asin",
        `ASIN ${suggested} does not exist in every requested marketplace.`,
        c.mps,
      ),
    );
  if (targetAsin && missing.some((m) => w().products.get(productKey(m, targetAsin))?.sellerId))
    issues.push(
      invalidAttribute(
        "merchant_suggested_asin",
        `ASIN ${targetAsin} already carries a seller offer (the sandbox keeps one offer per ASIN).`,
        c.mps,
      ),
    );
  const categoryFor = (m: string) =>
    [...w().categories.values()].find(
      (cat) => cat.marketplaceId === m && cat.productType === body.productType,
    );
  const needPage = missing.filter(
    (m) => !targetAsin || !w().products.has(productKey(m, targetAsin)),
  );
  if (needPage.some((m) => !categoryFor(m)))
    issues.push(
      invalidAttribute(
        "productType",
        `Product type ${body.productType} is not available in the sandbox (use one of ${[
          ...new Set([...w().categories.values()].map((cat) => cat.productType)),
        ].join(", ")}).`,
        c.mps,
      ),
    );

  if (issues.length) return sendJson(reply, 200, submission(sku, c.inc, "INVALID", issues, []));
  const preview = (req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW";
  if (preview)
    return sendJson(
      reply,
      200,
      submission(
        sku,
        c.inc,
        "VALID",
        [],
        existing.filter((p): p is Product => !!p),
      ),
    );
  const stamp = listingStamp(w(), state.now());
  const products: Product[] = [];
  let asin = targetAsin;
  for (const [i, m] of c.mps.entries()) {
    let p = existing[i];
    const page = asin ? w().products.get(productKey(m, asin)) : undefined;
    if (!p && page) {
      // the seller's offer joins the existing catalogue page
      page.sellerId = c.seller.sellerId;
      page.sku = sku;
      page.createdDate = stamp.slice(0, 10);
      page.createdAt = stamp;
      w().skuIndex.set(`${c.seller.sellerId}|${m}|${sku}`, page);
      w().matchCache.clear();
      p = page;
    } else if (!p) {
      p = addSellerListing(w(), {
        sellerId: c.seller.sellerId,
        sku,
        marketplaceId: m,
        category: categoryFor(m) as Category,
        asin,
        title: titleValue ?? sku,
        brand: brandValue ?? c.seller.brand,
        price: price ?? 0,
        stock: quantity ?? 0,
        stamp,
      });
      asin = p.asin; // the same ASIN in every requested marketplace
    }
    if (titleValue !== undefined) p.title = titleValue;
    if (brandValue !== undefined) p.brand = brandValue;
    if (price !== undefined) p.price = price;
    if (quantity !== undefined) p.stock = quantity;
    p.lastUpdatedAt = stamp;
    products.push(p);
  }
  return sendJson(reply, 200, submission(sku, c.inc, "ACCEPTED", [], products));
}
