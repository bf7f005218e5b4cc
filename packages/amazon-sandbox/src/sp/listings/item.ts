/** Listings Items 2021-08-01: a seller's listing as the API answers it, by includedData. */
import { marketplaceById } from "../../marketplaces.ts";
import type { SandboxState } from "../../state.ts";
import { categoryOf, type Product } from "../../world.ts";
import { sandboxImageUrl } from "../catalog.ts";

export const LISTING_DATA = [
  "summaries",
  "attributes",
  "issues",
  "offers",
  "fulfillmentAvailability",
  "procurement",
  "relationships",
  "productTypes",
];

export function listingItem(
  state: SandboxState,
  p: Product,
  included: string[],
  base: string,
): Record<string, unknown> {
  const mp = marketplaceById(p.marketplaceId);
  const cat = categoryOf(state.world, p);
  const out: Record<string, unknown> = { sku: p.sku };
  for (const d of included) {
    if (d === "summaries")
      out.summaries = [
        {
          marketplaceId: p.marketplaceId,
          asin: p.asin,
          productType: cat?.productType ?? "PRODUCT",
          conditionType: "new_new",
          status: p.stock > 0 ? ["BUYABLE", "DISCOVERABLE"] : ["DISCOVERABLE"],
          itemName: p.title,
          createdDate: p.createdAt,
          lastUpdatedDate: p.lastUpdatedAt,
          mainImage: {
            link: sandboxImageUrl(base, p.asin),
            height: 1000,
            width: 1000,
          },
        },
      ];
    if (d === "offers")
      out.offers = [
        {
          marketplaceId: p.marketplaceId,
          offerType: "B2C",
          price: { currencyCode: mp?.currencyCode ?? "EUR", amount: p.price.toFixed(2) },
        },
      ];
    if (d === "fulfillmentAvailability")
      out.fulfillmentAvailability = [{ fulfillmentChannelCode: "DEFAULT", quantity: p.stock }];
    if (d === "issues") out.issues = [];
    if (d === "attributes")
      out.attributes = {
        item_name: [{ value: p.title, marketplace_id: p.marketplaceId }],
        brand: [{ value: p.brand, marketplace_id: p.marketplaceId }],
        purchasable_offer: [
          {
            marketplace_id: p.marketplaceId,
            currency: mp?.currencyCode,
            our_price: [{ schedule: [{ value_with_tax: p.price }] }],
          },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: "DEFAULT", quantity: p.stock }],
      };
    if (d === "productTypes")
      out.productTypes = [
        { marketplaceId: p.marketplaceId, productType: cat?.productType ?? "PRODUCT" },
      ];
    if (d === "relationships")
      out.relationships = [{ marketplaceId: p.marketplaceId, relationships: [] }];
    if (d === "procurement") out.procurement = [];
  }
  return out;
}
