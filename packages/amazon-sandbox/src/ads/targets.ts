/** Sponsored Products v3 targeting clauses (product and auto targets). */
import { newId, type Predicate, type TargetingClause } from "../world.ts";
import { mkErr } from "./errors.ts";
import { PREDICATE_TYPES_MANUAL, validateExpression } from "./expressions.ts";
import { extended, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentAdGroup, parentCampaign, V } from "./validator.ts";

export const targets: ResourceDef = {
  path: "targets",
  mediaType: "application/vnd.spTargetingClause.v3+json",
  key: "targetingClauses",
  idField: "targetId",
  successIdField: "targetId",
  successObjField: "targetingClause",
  deleteFilter: "targetIdFilter",
  entityType: "TARGETING_CLAUSE",
  store: (w) => w.entities.targets,
  idFilters: {
    campaignIdFilter: "campaignId",
    adGroupIdFilter: "adGroupId",
    targetIdFilter: "targetId",
  },
  create(ctx, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const campaignId = v.id("campaignId", true);
    const adGroupId = v.id("adGroupId", true);
    const state = v.enumOf("state", WRITABLE_STATES, true);
    const expressionType = v.enumOf("expressionType", ["MANUAL", "AUTO"] as const, true);
    const bid = v.bid("bid", false);
    if (expressionType === "AUTO")
      v.errors.push(
        mkErr(
          "targetingClauseSetupError",
          "AUTO_TARGETING_CLAUSE_CANNOT_BE_CREATED_MANUALLY",
          "AUTO clauses are created with AUTO campaigns",
          `${loc}.expressionType`,
          "AUTO",
        ),
      );
    const expression = validateExpression(v, PREDICATE_TYPES_MANUAL);
    const c = parentCampaign(ctx, v, campaignId);
    const g = parentAdGroup(ctx, v, campaignId, adGroupId);
    if (c && c.targetingType === "AUTO")
      v.errors.push(
        mkErr(
          "targetingClauseSetupError",
          "TARGETING_TYPE_NOT_ALLOWED_FOR_AUTO_TARGETING_CAMPAIGN",
          "manual targets need a MANUAL campaign",
          `${loc}.campaignId`,
          campaignId,
        ),
      );
    if (v.errors.length || !g || !expression || state === undefined) return { errors: v.errors };
    const now = stamp(ctx.world);
    const t: TargetingClause = {
      targetId: newId(ctx.world),
      campaignId: g.campaignId,
      adGroupId: g.adGroupId,
      profileId: ctx.profile.profileId,
      expression,
      resolvedExpression: expression,
      expressionType: "MANUAL",
      state: state,
      bid,
      created: now,
      updated: now,
    };
    ctx.world.entities.targets.set(t.targetId, t);
    return { entity: t };
  },
  update(ctx, t: TargetingClause, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const bid = v.bid("bid", false);
    const state = v.enumOf("state", WRITABLE_STATES, false);
    let expression: Predicate[] | undefined;
    if (item.expression !== undefined) {
      if (t.expressionType === "AUTO")
        v.errors.push(
          mkErr(
            "targetingClauseSetupError",
            "TARGETING_EXPRESSION_INVALID_VALUE",
            "AUTO clause expressions cannot be changed",
            `${loc}.expression`,
          ),
        );
      else expression = validateExpression(v, PREDICATE_TYPES_MANUAL);
    }
    if (v.errors.length) return { errors: v.errors };
    if (bid !== undefined) t.bid = bid;
    if (state !== undefined) t.state = state;
    if (expression) {
      t.expression = expression;
      t.resolvedExpression = expression;
    }
    t.updated = stamp(ctx.world);
    return { entity: t };
  },
  canArchive(t: TargetingClause, loc) {
    if (t.expressionType === "AUTO")
      return mkErr(
        "entityStateError",
        "AUTO_TARGETING_CLAUSE_CANNOT_BE_ARCHIVED_MANUALLY",
        "auto targeting clauses cannot be archived",
        loc,
        t.targetId,
        { entityType: "TARGETING_CLAUSE" },
      );
    return undefined;
  },
  toJson(t: TargetingClause, ctx, ext) {
    const out: Record<string, unknown> = {
      targetId: t.targetId,
      campaignId: t.campaignId,
      adGroupId: t.adGroupId,
      expression: t.expression,
      resolvedExpression: t.resolvedExpression,
      expressionType: t.expressionType,
      state: t.state,
      bid: t.bid ?? ctx.world.entities.adGroups.get(t.adGroupId)?.defaultBid,
    };
    if (ext) out.extendedData = extended(t, "TARGETING_CLAUSE");
    return out;
  },
};
