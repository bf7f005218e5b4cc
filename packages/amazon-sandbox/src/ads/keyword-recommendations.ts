/** Sponsored Products keyword recommendations (v3/v4/v5 by media type). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { mediaTypeOf, sendError, sendJson } from "../http.ts";
import type { SandboxState } from "../state.ts";
import { relevanceOf } from "../terms.ts";
import { type Product, productKey } from "../world.ts";
import { authAds } from "./auth.ts";
import { readBody } from "./request.ts";

async function recommendKeywords(state: SandboxState, req: FastifyRequest, reply: FastifyReply) {
  const ctx = authAds(state, req, reply, "v2", true);
  if (!ctx || ctx === "profiles-only") return reply;
  const mt = mediaTypeOf(req);
  const version = /spkeywordsrecommendation\.v([345])\+json/.exec(mt)?.[1];
  if (!version)
    return sendError(
      reply,
      "v2",
      415,
      "Content-Type must be application/vnd.spkeywordsrecommendation.v3+json, .v4+json or .v5+json",
    );
  const body = readBody(req, reply, "v2");
  if (!body) return reply;
  const type = body.recommendationType;
  let products: Product[] = [];
  const targetedTexts = new Set<string>();
  if (type === "KEYWORDS_FOR_ASINS") {
    if (!Array.isArray(body.asins) || body.asins.length === 0 || body.asins.length > 50)
      return sendError(reply, "v2", 400, "asins must be an array of 1 to 50 ASINs");
    products = body.asins.flatMap((a) => {
      const p = ctx.world.products.get(productKey(ctx.mp.id, String(a).toUpperCase()));
      return p ? [p] : [];
    });
  } else if (type === "KEYWORDS_FOR_ADGROUP") {
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
      if (ad.adGroupId !== g.adGroupId || ad.state === "ARCHIVED") continue;
      const p = ctx.world.products.get(productKey(ctx.mp.id, ad.asin));
      if (p) products.push(p);
    }
    for (const k of ctx.world.entities.keywords.values())
      if (k.adGroupId === g.adGroupId && k.state !== "ARCHIVED")
        targetedTexts.add(k.keywordText.toLowerCase());
  } else {
    return sendError(
      reply,
      "v2",
      400,
      "recommendationType must be KEYWORDS_FOR_ASINS or KEYWORDS_FOR_ADGROUP",
    );
  }
  const max = body.maxRecommendations ?? 200;
  if (typeof max !== "number" || !Number.isInteger(max) || max < 0 || max > 200)
    return sendError(reply, "v2", 400, "maxRecommendations must be an integer between 0 and 200");
  const terms = ctx.world.terms.get(ctx.mp.id) ?? [];
  const ranked = terms
    .filter((t) => t.asin === undefined && !targetedTexts.has(t.text))
    .map((t) => {
      let r = 0;
      for (const p of products) r = Math.max(r, relevanceOf(ctx.world, p, t.idx));
      return { t, r, score: r * Math.log(1 + t.baseVolume) };
    })
    .filter((x) => x.r >= 0.3)
    .sort((a, b) => b.score - a.score || a.t.idx - b.t.idx)
    .slice(0, max);
  const cents = (x: number): number => Math.max(2, Math.round(x * 100));
  const sb = (cpc: number, id: string) => ({
    rangeStart: cents(cpc * 0.75),
    suggested: cents(cpc),
    rangeEnd: cents(cpc * 1.35),
    bidRecId: id,
  });
  if (version === "3") {
    const out = ranked.flatMap(({ t }, i) =>
      (["EXACT", "PHRASE", "BROAD"] as const).map((matchType, j) => ({
        keyword: t.text,
        matchType,
        bid: cents(t.cpc),
        userSelectedKeyword: false,
        rank: i * 3 + j + 1,
        suggestedBid: sb(t.cpc * (matchType === "EXACT" ? 1 : 0.9), `${t.idx}-${matchType}`),
      })),
    );
    return sendJson(reply, 200, out, mt);
  }
  const keywordTargetList = ranked.map(({ t }, i) => ({
    keyword: t.text,
    recId: `rec-${ctx.mp.countryCode}-${t.idx}`,
    userSelectedKeyword: false,
    searchTermImpressionRank: null,
    searchTermImpressionShare: null,
    bidInfo: (["EXACT", "PHRASE", "BROAD"] as const).map((matchType) => {
      const cpc = t.cpc * (matchType === "EXACT" ? 1 : 0.9);
      const info: Record<string, unknown> = {
        matchType,
        rank: i + 1,
        bid: cents(cpc),
        suggestedBid: sb(cpc, `${t.idx}-${matchType}`),
      };
      if (version === "5") info.theme = "CONVERSION_OPPORTUNITIES";
      return info;
    }),
  }));
  return sendJson(
    reply,
    200,
    version === "5" ? { keywordTargetList, impactMetrics: [] } : { keywordTargetList },
    mt,
  );
}

export function registerKeywordRecommendationRoutes(
  app: FastifyInstance,
  state: SandboxState,
): void {
  app.post("/sp/targets/keywords/recommendations", (req, reply) =>
    recommendKeywords(state, req, reply),
  );
}
