/** Sponsored Products v3 negative targeting clauses, at ad group and campaign level. */
import { type NegativeTarget, newId, type World } from "../world.ts";
import { validateExpression } from "./expressions.ts";
import { extended, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentAdGroup, parentCampaign, V } from "./validator.ts";

/** SponsoredProductsCreateOrUpdateNegativeTargetingExpressionPredicateType */
const NEGATIVE_PREDICATES = ["ASIN_SAME_AS", "ASIN_BRAND_SAME_AS"];

export function negativeTargetDef(level: "adGroup" | "campaign"): ResourceDef {
  const isCampaign = level === "campaign";
  const store = (w: World) =>
    isCampaign ? w.entities.campaignNegativeTargets : w.entities.negativeTargets;
  return {
    path: isCampaign ? "campaignNegativeTargets" : "negativeTargets",
    mediaType: isCampaign
      ? "application/vnd.spCampaignNegativeTargetingClause.v3+json"
      : "application/vnd.spNegativeTargetingClause.v3+json",
    key: isCampaign ? "campaignNegativeTargetingClauses" : "negativeTargetingClauses",
    idField: "targetId",
    successIdField: isCampaign ? "campaignNegativeTargetingClauseId" : "targetId",
    successObjField: isCampaign ? "campaignNegativeTargetingClauses" : "negativeTargetingClause",
    deleteFilter: isCampaign ? "campaignNegativeTargetIdFilter" : "negativeTargetIdFilter",
    entityType: isCampaign ? "CAMPAIGN_NEGATIVE_TARGETING_CLAUSE" : "NEGATIVE_TARGETING_CLAUSE",
    store,
    idFilters: isCampaign
      ? { campaignIdFilter: "campaignId", campaignNegativeTargetIdFilter: "targetId" }
      : {
          campaignIdFilter: "campaignId",
          adGroupIdFilter: "adGroupId",
          negativeTargetIdFilter: "targetId",
        },
    create(ctx, item, loc) {
      const v = new V(item, loc, ctx.mp);
      const campaignId = v.id("campaignId", true);
      const adGroupId = isCampaign ? undefined : v.id("adGroupId", true);
      const state = v.enumOf("state", WRITABLE_STATES, true);
      const expression = validateExpression(v, NEGATIVE_PREDICATES);
      const c = parentCampaign(ctx, v, campaignId);
      const g = isCampaign ? undefined : parentAdGroup(ctx, v, campaignId, adGroupId);
      if (v.errors.length || !c || (!isCampaign && !g) || !expression || state === undefined)
        return { errors: v.errors };
      const now = stamp(ctx.world);
      const n: NegativeTarget = {
        targetId: newId(ctx.world),
        campaignId: c.campaignId,
        adGroupId: g?.adGroupId,
        profileId: ctx.profile.profileId,
        expression,
        resolvedExpression: expression,
        state,
        created: now,
        updated: now,
      };
      store(ctx.world).set(n.targetId, n);
      return { entity: n };
    },
    update(ctx, n: NegativeTarget, item, loc) {
      const v = new V(item, loc, ctx.mp);
      const state = v.enumOf("state", WRITABLE_STATES, false);
      // the update model also allows a new expression (same predicate types as create)
      const expression =
        item.expression === undefined ? undefined : validateExpression(v, NEGATIVE_PREDICATES);
      if (v.errors.length) return { errors: v.errors };
      if (state !== undefined) n.state = state;
      if (expression) {
        n.expression = expression;
        n.resolvedExpression = expression;
      }
      n.updated = stamp(ctx.world);
      return { entity: n };
    },
    toJson(n: NegativeTarget, _ctx, ext) {
      const out: Record<string, unknown> = {
        targetId: n.targetId,
        campaignId: n.campaignId,
        expression: n.expression,
        resolvedExpression: n.resolvedExpression,
        state: n.state,
      };
      if (!isCampaign) out.adGroupId = n.adGroupId;
      if (ext) out.extendedData = extended(n, "TARGETING_CLAUSE");
      return out;
    },
  };
}
