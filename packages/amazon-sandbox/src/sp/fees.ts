/** Product Fees API v0: referral and FBA fee estimates by category rate card. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { productBySku, productKey, type Seller } from "../world.ts";
import { authSp } from "./auth.ts";
import { bad, money } from "./common.ts";

/**
 * Fees by category, as Amazon's rate cards work: a referral percentage of the price incl.
 * shipping (at least 0.30) and an FBA fulfilment fee by the category's typical size tier (a phone
 * case is a small envelope, a yoga mat or a tent a large parcel). Local currency units.
 */
const CATEGORY_FEES: Record<string, { referral: number; fba: number }> = {
  yoga: { referral: 0.15, fba: 4.95 },
  kitchen: { referral: 0.15, fba: 3.5 },
  pet: { referral: 0.15, fba: 3.8 },
  phone: { referral: 0.08, fba: 2.7 },
  camping: { referral: 0.12, fba: 5.4 },
  office: { referral: 0.15, fba: 3.1 },
};
const DEFAULT_FEES = { referral: 0.15, fba: 3.6 };

export function feeEstimate(p: {
  price: number;
  shipping: number;
  currency: string;
  fba: boolean;
  categoryKey?: string | undefined;
}) {
  const rates = (p.categoryKey && CATEGORY_FEES[p.categoryKey]) || DEFAULT_FEES;
  const referral = Math.max(0.3, (p.price + p.shipping) * rates.referral);
  const fba = p.fba ? rates.fba : 0;
  const fee = (type: string, amount: number) => ({
    FeeType: type,
    FeeAmount: money(p.currency, amount),
    FeePromotion: money(p.currency, 0),
    TaxAmount: money(p.currency, 0),
    FinalFee: money(p.currency, amount),
    IncludedFeeDetailList: [],
  });
  const list = [fee("ReferralFee", referral), fee("VariableClosingFee", 0), fee("PerItemFee", 0)];
  if (p.fba) list.push(fee("FBAFees", fba));
  return { total: money(p.currency, referral + fba), list };
}

/** One fee estimate request: its result, or the message of a 400. */
function feesResult(
  state: SandboxState,

  seller: Seller,
  req: unknown,
  idType: "ASIN" | "SellerSKU",
  idValue: string,
) {
  const w = () => state.world;
  if (!isObject(req)) return { error: "FeesEstimateRequest is required." };
  const mpId = String(req.MarketplaceId ?? "");
  const mp = marketplaceById(mpId);
  if (!mp) return { error: "MarketplaceId is missing or invalid." };
  const pt = req.PriceToEstimateFees;
  const lp = isObject(pt) && isObject(pt.ListingPrice) ? pt.ListingPrice : undefined;
  if (!lp || typeof lp.Amount !== "number" || lp.Amount < 0 || typeof lp.CurrencyCode !== "string")
    return {
      error: "PriceToEstimateFees.ListingPrice with CurrencyCode and Amount is required.",
    };
  if (typeof req.Identifier !== "string") return { error: "Identifier is required." };
  const ship =
    isObject(pt) && isObject(pt.Shipping) && typeof pt.Shipping.Amount === "number"
      ? pt.Shipping.Amount
      : 0;
  const fba = req.IsAmazonFulfilled === true;
  const known =
    idType === "ASIN"
      ? w().products.get(productKey(mpId, idValue.toUpperCase()))
      : productBySku(w(), seller.sellerId, mpId, idValue);
  const identifier = {
    MarketplaceId: mpId,
    SellerId: seller.sellerId,
    IdType: idType,
    IdValue: idValue,
    IsAmazonFulfilled: fba,
    PriceToEstimateFees: pt,
    SellerInputIdentifier: req.Identifier,
  };
  if (!known)
    return {
      result: {
        Status: "ClientError",
        FeesEstimateIdentifier: identifier,
        Error: {
          Type: "Sender",
          Code: "InvalidParameterValue",
          Message: `${idType} ${idValue} not found`,
          Detail: [],
        },
      },
    };
  const est = feeEstimate({
    price: lp.Amount,
    shipping: ship,
    currency: lp.CurrencyCode,
    fba,
    categoryKey: known.categoryKey,
  });
  return {
    result: {
      Status: "Success",
      FeesEstimateIdentifier: identifier,
      FeesEstimate: {
        TimeOfFeesEstimation: new Date(state.now()).toISOString(),
        TotalFeesEstimate: est.total,
        FeeDetailList: est.list,
      },
      Error: null,
    },
  };
}

/** getMyFeesEstimateForSKU / getMyFeesEstimateForASIN. */
async function getMyFeesEstimateFor(
  state: SandboxState,
  idType: "ASIN" | "SellerSKU",
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const body = req.body as unknown;
  if (!isObject(body) || INVALID_JSON in body)
    return bad(reply, "Body must be a JSON object with FeesEstimateRequest.");
  const r = feesResult(
    state,
    seller,
    body.FeesEstimateRequest,
    idType,
    (req.params as { id: string }).id,
  );
  if (r.error) return bad(reply, r.error);
  return sendJson(reply, 200, { payload: { FeesEstimateResult: r.result } });
}

/** getMyFeesEstimates: up to 20 requests in one call. */
async function getMyFeesEstimates(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const body = req.body as unknown;
  if (!Array.isArray(body) || body.length === 0 || body.length > 20)
    return bad(reply, "Body must be an array of 1 to 20 fee estimate requests.");
  const out = [];
  for (const item of body) {
    if (
      !isObject(item) ||
      (item.IdType !== "ASIN" && item.IdType !== "SellerSKU") ||
      typeof item.IdValue !== "string"
    )
      return bad(
        reply,
        "Each item needs IdType (ASIN|SellerSKU), IdValue and FeesEstimateRequest.",
      );
    const r = feesResult(state, seller, item.FeesEstimateRequest, item.IdType, item.IdValue);
    if (r.error) return bad(reply, r.error);
    out.push(r.result);
  }
  return sendJson(reply, 200, out);
}

export function registerFeesRoutes(app: FastifyInstance, state: SandboxState): void {
  for (const [path, idType] of [
    ["/products/fees/v0/listings/:id/feesEstimate", "SellerSKU"],
    ["/products/fees/v0/items/:id/feesEstimate", "ASIN"],
  ] as const) {
    app.post(path, (req, reply) => getMyFeesEstimateFor(state, idType, req, reply));
  }
  app.post("/products/fees/v0/feesEstimate", (req, reply) => getMyFeesEstimates(state, req, reply));
}
