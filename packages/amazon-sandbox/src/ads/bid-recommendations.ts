/** Sponsored Products theme-based bid recommendations. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isObject, mediaTypeOf, sendError, sendJson } from "../http.ts";
import { keywordMatches, targetMatches } from "../matching.ts";
import type { SandboxState } from "../state.ts";
import { type Product, productKey } from "../world.ts";
import { authAds } from "./auth.ts";
import { readBody } from "./request.ts";

const BID_STRATEGIES = ["AUTO_FOR_SALES", "LEGACY_FOR_SALES", "MANUAL", "RULE_BASED"];
const BID_PLACEMENTS = ["PLACEMENT_PRODUCT_PAGE", "PLACEMENT_REST_OF_SEARCH", "PLACEMENT_TOP"];

/** AsinsThemeBasedBidRecommendationRequest.bidding: required `{strategy, adjustments?}` (≤3 placement adjustments). */
function checkNewAdGroupBidding(bidding: unknown): string | undefined {
  if (bidding === undefined || bidding === null)
    return "bidding is required for BIDS_FOR_NEW_AD_GROUP";
  if (!isObject(bidding)) return "bidding must be an object";
  if (typeof bidding.strategy !== "string" || !BID_STRATEGIES.includes(bidding.strategy))
    return `bidding.strategy must be one of ${BID_STRATEGIES.join(", ")}`;
  const adj = bidding.adjustments;
  if (adj === undefined) return undefined;
  if (!Array.isArray(adj) || adj.length > 3)
    return "bidding.adjustments must be an array of at most 3 placement adjustments";
  for (const [i, a] of adj.entries()) {
    if (!isObject(a) || typeof a.predicate !== "string" || !BID_PLACEMENTS.includes(a.predicate))
      return `bidding.adjustments[${i}].predicate must be one of ${BID_PLACEMENTS.join(", ")}`;
    if (
      typeof a.percentage !== "number" ||
      !Number.isInteger(a.percentage) ||
      a.percentage < 0 ||
      a.percentage > 900
    )
      return `bidding.adjustments[${i}].percentage must be an integer 0..900`;
  }
  return undefined;
}

async function recommendBids(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const ctx = authAds(state, req, reply, "v2", true);
  if (!ctx || ctx === "profiles-only") return reply;
  const mt = mediaTypeOf(req);
  if (mt !== "application/json" && !/spthemebasedbidrecommendation\.v[345]\+json/.test(mt))
    return sendError(
      reply,
      "v2",
      415,
      "Content-Type must be application/vnd.spthemebasedbidrecommendation.v3+json",
    );
  const body = readBody(req, reply, "v2");
  if (!body) return reply;
  let products: Product[] = [];
  if (body.recommendationType === "BIDS_FOR_EXISTING_AD_GROUP") {
    const g =
      typeof body.adGroupId === "string"
        ? ctx.world.entities.adGroups.get(body.adGroupId)
        : undefined;
    if (!g || g.profileId !== ctx.profile.profileId || g.campaignId !== body.campaignId)
      return sendError(
        reply,
        "v2",
        400,
        "campaignId and adGroupId must identify an ad group of this profile",
      );
    for (const ad of ctx.world.entities.productAds.values()) {
      if (ad.adGroupId !== g.adGroupId) continue;
      const p = ctx.world.products.get(productKey(ctx.mp.id, ad.asin));
      if (p) products.push(p);
    }
  } else if (body.recommendationType === "BIDS_FOR_NEW_AD_GROUP") {
    if (!Array.isArray(body.asins) || body.asins.length === 0 || body.asins.length > 50)
      return sendError(reply, "v2", 400, "asins must be an array of 1 to 50 ASINs");
    const biddingProblem = checkNewAdGroupBidding(body.bidding);
    if (biddingProblem) return sendError(reply, "v2", 400, biddingProblem);
    products = body.asins.flatMap((a) => {
      const p = ctx.world.products.get(productKey(ctx.mp.id, String(a).toUpperCase()));
      return p ? [p] : [];
    });
  } else {
    return sendError(
      reply,
      "v2",
      400,
      "recommendationType must be BIDS_FOR_EXISTING_AD_GROUP or BIDS_FOR_NEW_AD_GROUP",
    );
  }
  const exprs = body.targetingExpressions;
  if (!Array.isArray(exprs) || exprs.length === 0 || exprs.length > 100)
    return sendError(
      reply,
      "v2",
      400,
      "targetingExpressions must be an array of 1 to 100 expressions",
    );
  const TYPES: Record<string, string> = {
    CLOSE_MATCH: "QUERY_HIGH_REL_MATCHES",
    LOOSE_MATCH: "QUERY_BROAD_REL_MATCHES",
    SUBSTITUTES: "ASIN_SUBSTITUTE_RELATED",
    COMPLEMENTS: "ASIN_ACCESSORY_RELATED",
    PAT_ASIN: "ASIN_SAME_AS",
    PAT_CATEGORY: "ASIN_CATEGORY_SAME_AS",
  };
  const terms = ctx.world.terms.get(ctx.mp.id) ?? [];
  const cats = [...ctx.world.categories.values()].filter((c) => c.marketplaceId === ctx.mp.id);
  const fallback = products[0]
    ? (ctx.world.categories.get(`${ctx.mp.id}|${products[0].categoryKey}`)?.cpc ?? 0.7)
    : cats.reduce((a, c) => a + c.cpc, 0) / Math.max(1, cats.length);
  const results: Record<string, unknown>[] = [];
  for (const e of exprs) {
    if (!isObject(e) || typeof e.type !== "string")
      return sendError(reply, "v2", 400, "each targeting expression needs a type");
    let matches: { termIdx: number }[] = [];
    const kw = /^KEYWORD_(BROAD|EXACT|PHRASE)_MATCH$/.exec(e.type);
    if (kw) {
      if (typeof e.value !== "string" || !e.value.trim())
        return sendError(reply, "v2", 400, `${e.type} needs a value`);
      matches = keywordMatches(ctx.world, ctx.mp.id, e.value, kw[1] as string);
    } else if (TYPES[e.type]) {
      const pred = TYPES[e.type] as string;
      matches = targetMatches(
        ctx.world,
        ctx.mp.id,
        typeof e.value === "string" ? [{ type: pred, value: e.value }] : [{ type: pred }],
        products,
      );
    } else {
      return sendError(reply, "v2", 422, `Unsupported targeting expression type ${e.type}`);
    }
    const cpcs = matches.map((m) => terms[m.termIdx]?.cpc ?? fallback).sort((a, b) => a - b);
    const median = cpcs.length ? (cpcs[Math.floor(cpcs.length / 2)] as number) : fallback;
    const r2 = (x: number) => Math.max(ctx.mp.minBid, Math.round(x * 100) / 100);
    results.push({
      targetingExpression: { type: e.type, value: typeof e.value === "string" ? e.value : null },
      bidValues: [
        { suggestedBid: r2(median * 0.8) },
        { suggestedBid: r2(median) },
        { suggestedBid: r2(median * 1.3) },
      ],
    });
  }
  const impact = (base: number) => ({
    values: [0.8, 1, 1.3].map((f) => ({
      lower: Math.round(base * f * 0.8),
      upper: Math.round(base * f * 1.1),
    })),
  });
  return sendJson(
    reply,
    200,
    {
      bidRecommendations: [
        {
          theme: "CONVERSION_OPPORTUNITIES",
          impactMetrics: { clicks: impact(20 * exprs.length), orders: impact(2 * exprs.length) },
          bidRecommendationsForTargetingExpressions: results,
        },
      ],
    },
    mt === "application/json" ? "application/json" : mt,
  );
}

export function registerBidRecommendationRoutes(app: FastifyInstance, state: SandboxState): void {
  app.post("/sp/targets/bid/recommendations", (req, reply) => recommendBids(state, req, reply));
}
