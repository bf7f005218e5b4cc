/** Sponsored Products v3 keywords. */
import { type Keyword, newId } from "../world.ts";
import { mkErr } from "./errors.ts";
import { extended, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentAdGroup, parentCampaign, V } from "./validator.ts";

export const keywords: ResourceDef = {
  path: "keywords",
  mediaType: "application/vnd.spKeyword.v3+json",
  key: "keywords",
  idField: "keywordId",
  successIdField: "keywordId",
  successObjField: "keyword",
  deleteFilter: "keywordIdFilter",
  entityType: "KEYWORD",
  store: (w) => w.entities.keywords,
  idFilters: {
    campaignIdFilter: "campaignId",
    adGroupIdFilter: "adGroupId",
    keywordIdFilter: "keywordId",
  },
  textFilter: { name: "keywordTextFilter", field: "keywordText" },
  matchTypeFilter: true,
  create(ctx, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const campaignId = v.id("campaignId", true);
    const adGroupId = v.id("adGroupId", true);
    const keywordText = v.str("keywordText", true, 80);
    const matchType = v.enumOf("matchType", ["EXACT", "PHRASE", "BROAD"] as const, true);
    const state = v.enumOf("state", WRITABLE_STATES, true);
    const bid = v.bid("bid", false);
    const c = parentCampaign(ctx, v, campaignId);
    const g = parentAdGroup(ctx, v, campaignId, adGroupId);
    if (c && c.targetingType === "AUTO")
      v.errors.push(
        mkErr(
          "targetingClauseSetupError",
          "TARGETING_TYPE_NOT_ALLOWED_FOR_AUTO_TARGETING_CAMPAIGN",
          "keywords need a MANUAL campaign",
          `${loc}.campaignId`,
          campaignId,
        ),
      );
    if (g && keywordText !== undefined && matchType !== undefined) {
      for (const k of ctx.world.entities.keywords.values()) {
        if (
          k.adGroupId === g.adGroupId &&
          k.state !== "ARCHIVED" &&
          k.matchType === matchType &&
          k.keywordText.toLowerCase() === keywordText.toLowerCase()
        ) {
          v.errors.push(
            mkErr(
              "duplicateValueError",
              "DUPLICATE_VALUE",
              "the keyword already exists in the ad group",
              `${loc}.keywordText`,
              keywordText,
            ),
          );
          break;
        }
      }
    }
    if (
      v.errors.length ||
      !g ||
      keywordText === undefined ||
      matchType === undefined ||
      state === undefined
    )
      return { errors: v.errors };
    const now = stamp(ctx.world);
    const k: Keyword = {
      keywordId: newId(ctx.world),
      campaignId: g.campaignId,
      adGroupId: g.adGroupId,
      profileId: ctx.profile.profileId,
      keywordText,
      matchType,
      state: state,
      bid,
      created: now,
      updated: now,
    };
    ctx.world.entities.keywords.set(k.keywordId, k);
    return { entity: k };
  },
  update(ctx, k: Keyword, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const bid = v.bid("bid", false);
    const state = v.enumOf("state", WRITABLE_STATES, false);
    if (v.errors.length) return { errors: v.errors };
    if (bid !== undefined) k.bid = bid;
    if (state !== undefined) k.state = state;
    k.updated = stamp(ctx.world);
    return { entity: k };
  },
  toJson(k: Keyword, ctx, ext) {
    const out: Record<string, unknown> = {
      keywordId: k.keywordId,
      campaignId: k.campaignId,
      adGroupId: k.adGroupId,
      keywordText: k.keywordText,
      matchType: k.matchType,
      state: k.state,
      bid: k.bid ?? ctx.world.entities.adGroups.get(k.adGroupId)?.defaultBid,
    };
    if (ext) out.extendedData = extended(k, "TARGETING_CLAUSE");
    return out;
  },
};
