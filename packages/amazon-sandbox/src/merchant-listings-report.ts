/** The SP-API merchant listings report: the seller's listings per marketplace. */
import { sellerProducts, type World } from "./world.ts";

/** GET_MERCHANT_LISTINGS_ALL_DATA as tab-separated text. */
export function merchantListingsTsv(
  world: World,
  sellerId: string,
  marketplaceIds: string[],
): string {
  const cols = [
    "item-name",
    "item-description",
    "listing-id",
    "seller-sku",
    "price",
    "quantity",
    "open-date",
    "image-url",
    "item-is-marketplace",
    "product-id-type",
    "zshop-shipping-fee",
    "item-note",
    "item-condition",
    "zshop-category1",
    "zshop-browse-path",
    "zshop-storefront-feature",
    "asin1",
    "asin2",
    "asin3",
    "will-ship-internationally",
    "expedited-shipping",
    "zshop-boldface",
    "product-id",
    "bid-for-featured-placement",
    "add-delete",
    "pending-quantity",
    "fulfillment-channel",
    "merchant-shipping-group",
    "status",
  ];
  const lines = [cols.join("\t")];
  for (const mpId of marketplaceIds) {
    for (const p of sellerProducts(world, sellerId, mpId)) {
      const row: Record<string, string> = {
        "item-name": p.title,
        "listing-id": `${p.asin.slice(2)}${mpId.slice(0, 3)}`,
        "seller-sku": p.sku,
        price: p.price.toFixed(2),
        quantity: String(p.stock),
        "open-date": `${p.createdDate} 10:00:00 UTC`,
        "item-is-marketplace": "y",
        "product-id-type": "1",
        "item-condition": "11",
        asin1: p.asin,
        "product-id": p.asin,
        "fulfillment-channel": "DEFAULT",
        "merchant-shipping-group": "Migrated Template",
        status: p.stock > 0 ? "Active" : "Inactive",
      };
      lines.push(cols.map((c) => (row[c] ?? "").replace(/[\t\n]/g, " ")).join("\t"));
    }
  }
  return `${lines.join("\n")}\n`;
}
