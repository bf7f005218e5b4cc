/** Sponsored Products v3 negative keywords, at ad group and campaign level. */
import { type NegativeKeyword, newId, type World } from "../world.ts";
import { extended, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentAdGroup, parentCampaign, V } from "./validator.ts";

export function negativeKeywordDef(level: "adGroup" | "campaign"): ResourceDef {
  const isCampaign = level === "campaign";
  const store = (w: World) =>
    isCampaign ? w.entities.campaignNegativeKeywords : w.entities.negativeKeywords;
  return {
    path: isCampaign ? "campaignNegativeKeywords" : "negativeKeywords",
    mediaType: isCampaign
      ? "application/vnd.spCampaignNegativeKeyword.v3+json"
      : "application/vnd.spNegativeKeyword.v3+json",
    key: isCampaign ? "campaignNegativeKeywords" : "negativeKeywords",
    idField: "keywordId",
    successIdField: isCampaign ? "campaignNegativeKeywordId" : "negativeKeywordId",
    successObjField: isCampaign ? "campaignNegativeKeyword" : "negativeKeyword",
    deleteFilter: isCampaign ? "campaignNegativeKeywordIdFilter" : "negativeKeywordIdFilter",
    entityType: isCampaign ? "CAMPAIGN_NEGATIVE_KEYWORD" : "NEGATIVE_KEYWORD",
    store,
    idFilters: isCampaign
      ? { campaignIdFilter: "campaignId", campaignNegativeKeywordIdFilter: "keywordId" }
      : {
          campaignIdFilter: "campaignId",
          adGroupIdFilter: "adGroupId",
          negativeKeywordIdFilter: "keywordId",
        },
    textFilter: {
      name: isCampaign ? "campaignNegativeKeywordTextFilter" : "negativeKeywordTextFilter",
      field: "keywordText",
    },
    matchTypeFilter: true,
    create(ctx, item, loc) {
      const v = new V(item, loc, ctx.mp);
      const campaignId = v.id("campaignId", true);
      const adGroupId = isCampaign ? undefined : v.id("adGroupId", true);
      const keywordText = v.str("keywordText", true, 80);
      const matchType = v.enumOf("matchType", ["NEGATIVE_EXACT", "NEGATIVE_PHRASE"] as const, true);
      const state = v.enumOf("state", WRITABLE_STATES, true);
      const c = parentCampaign(ctx, v, campaignId);
      const g = isCampaign ? undefined : parentAdGroup(ctx, v, campaignId, adGroupId);
      if (
        v.errors.length ||
        !c ||
        (!isCampaign && !g) ||
        keywordText === undefined ||
        matchType === undefined ||
        state === undefined
      )
        return { errors: v.errors };
      const now = stamp(ctx.world);
      const n: NegativeKeyword = {
        keywordId: newId(ctx.world),
        campaignId: c.campaignId,
        adGroupId: g?.adGroupId,
        profileId: ctx.profile.profileId,
        keywordText,
        matchType,
        state,
        created: now,
        updated: now,
      };
      store(ctx.world).set(n.keywordId, n);
      return { entity: n };
    },
    update(ctx, n: NegativeKeyword, item, loc) {
      const v = new V(item, loc, ctx.mp);
      const state = v.enumOf("state", WRITABLE_STATES, false);
      if (v.errors.length) return { errors: v.errors };
      if (state !== undefined) n.state = state;
      n.updated = stamp(ctx.world);
      return { entity: n };
    },
    toJson(n: NegativeKeyword, _ctx, ext) {
      const out: Record<string, unknown> = {
        keywordId: n.keywordId,
        campaignId: n.campaignId,
        keywordText: n.keywordText,
        matchType: n.matchType,
        state: n.state,
      };
      if (!isCampaign) out.adGroupId = n.adGroupId;
      if (ext) out.extendedData = extended(n, "TARGETING_CLAUSE");
      return out;
    },
  };
}
