/** Sponsored Products v3 product ads. */
import { newId, type ProductAd, productBySku, productKey } from "../world.ts";
import { mkErr } from "./errors.ts";
import { extended, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentAdGroup, parentCampaign, V } from "./validator.ts";

export const productAds: ResourceDef = {
  path: "productAds",
  mediaType: "application/vnd.spProductAd.v3+json",
  key: "productAds",
  idField: "adId",
  successIdField: "adId",
  successObjField: "productAd",
  deleteFilter: "adIdFilter",
  entityType: "PRODUCT_AD",
  store: (w) => w.entities.productAds,
  idFilters: { campaignIdFilter: "campaignId", adGroupIdFilter: "adGroupId", adIdFilter: "adId" },
  create(ctx, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const campaignId = v.id("campaignId", true);
    const adGroupId = v.id("adGroupId", true);
    const state = v.enumOf("state", WRITABLE_STATES, true);
    const sku = v.str("sku", false, 80);
    const asin = v.str("asin", false, 10);
    let product =
      sku !== undefined ? productBySku(ctx.world, ctx.profile.sellerId, ctx.mp.id, sku) : undefined;
    if (sku === undefined && asin === undefined && v.errors.length === 0) v.missing("sku");
    else if (sku !== undefined && !product)
      v.errors.push(
        mkErr(
          "productIdentifierError",
          "INVALID_SKU",
          `SKU ${sku} is not listed by this seller`,
          `${loc}.sku`,
          sku,
        ),
      );
    else if (sku === undefined && asin !== undefined) {
      product = ctx.world.products.get(productKey(ctx.mp.id, asin.toUpperCase()));
      if (!product || product.sellerId !== ctx.profile.sellerId)
        v.errors.push(
          mkErr(
            "asinOwnershipError",
            "INVALID_ASIN",
            `ASIN ${asin} is not owned by this advertiser`,
            `${loc}.asin`,
            asin,
          ),
        );
    }
    const c = parentCampaign(ctx, v, campaignId);
    void c;
    const g = parentAdGroup(ctx, v, campaignId, adGroupId);
    if (v.errors.length || !g || !product || state === undefined) return { errors: v.errors };
    const now = stamp(ctx.world);
    const ad: ProductAd = {
      adId: newId(ctx.world),
      campaignId: g.campaignId,
      adGroupId: g.adGroupId,
      profileId: ctx.profile.profileId,
      sku: product.sku,
      asin: product.asin,
      state: state,
      created: now,
      updated: now,
    };
    ctx.world.entities.productAds.set(ad.adId, ad);
    return { entity: ad };
  },
  update(ctx, ad: ProductAd, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const state = v.enumOf("state", WRITABLE_STATES, false);
    if (v.errors.length) return { errors: v.errors };
    if (state !== undefined) ad.state = state;
    ad.updated = stamp(ctx.world);
    return { entity: ad };
  },
  toJson(ad: ProductAd, _ctx, ext) {
    const out: Record<string, unknown> = {
      adId: ad.adId,
      campaignId: ad.campaignId,
      adGroupId: ad.adGroupId,
      sku: ad.sku,
      asin: ad.asin,
      state: ad.state,
    };
    if (ext) out.extendedData = extended(ad, "AD");
    return out;
  },
};
