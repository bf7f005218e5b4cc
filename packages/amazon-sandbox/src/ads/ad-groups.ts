/** Sponsored Products v3 ad groups. */
import { type AdGroup, newId, type TargetingClause } from "../world.ts";
import { mkErr } from "./errors.ts";
import { PREDICATE_TYPES_AUTO } from "./expressions.ts";
import { extended, nameTaken, type ResourceDef, stamp, WRITABLE_STATES } from "./resource-def.ts";
import { parentCampaign, V } from "./validator.ts";

export const adGroups: ResourceDef = {
  path: "adGroups",
  mediaType: "application/vnd.spAdGroup.v3+json",
  key: "adGroups",
  idField: "adGroupId",
  successIdField: "adGroupId",
  successObjField: "adGroup",
  deleteFilter: "adGroupIdFilter",
  entityType: "AD_GROUP",
  store: (w) => w.entities.adGroups,
  idFilters: { campaignIdFilter: "campaignId", adGroupIdFilter: "adGroupId" },
  textFilter: { name: "nameFilter", field: "name" },
  create(ctx, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const campaignId = v.id("campaignId", true);
    const name = v.str("name", true, 255);
    const defaultBid = v.bid("defaultBid", true);
    const state = v.enumOf("state", WRITABLE_STATES, true);
    const c = parentCampaign(ctx, v, campaignId);
    if (c && name !== undefined) {
      const siblings = [...ctx.world.entities.adGroups.values()].filter(
        (g) => g.campaignId === c.campaignId,
      );
      if (nameTaken(siblings, name))
        v.errors.push(
          mkErr(
            "duplicateValueError",
            "NAME_NOT_UNIQUE",
            `an ad group named ${name} exists in the campaign`,
            `${loc}.name`,
            name,
          ),
        );
    }
    if (
      v.errors.length ||
      !c ||
      name === undefined ||
      defaultBid === undefined ||
      state === undefined
    )
      return { errors: v.errors };
    const now = stamp(ctx.world);
    const g: AdGroup = {
      adGroupId: newId(ctx.world),
      campaignId: c.campaignId,
      profileId: ctx.profile.profileId,
      name,
      defaultBid,
      state: state,
      created: now,
      updated: now,
    };
    ctx.world.entities.adGroups.set(g.adGroupId, g);
    if (c.targetingType === "AUTO") {
      for (const type of PREDICATE_TYPES_AUTO) {
        const t: TargetingClause = {
          targetId: newId(ctx.world),
          campaignId: c.campaignId,
          adGroupId: g.adGroupId,
          profileId: g.profileId,
          expression: [{ type }],
          resolvedExpression: [{ type }],
          expressionType: "AUTO",
          state: "ENABLED",
          bid: undefined,
          created: now,
          updated: now,
        };
        ctx.world.entities.targets.set(t.targetId, t);
      }
    }
    return { entity: g };
  },
  update(ctx, g: AdGroup, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const name = v.str("name", false, 255);
    const defaultBid = v.bid("defaultBid", false);
    const state = v.enumOf("state", WRITABLE_STATES, false);
    if (v.errors.length) return { errors: v.errors };
    if (name !== undefined) g.name = name;
    if (defaultBid !== undefined) g.defaultBid = defaultBid;
    if (state !== undefined) g.state = state;
    g.updated = stamp(ctx.world);
    return { entity: g };
  },
  toJson(g: AdGroup, _ctx, ext) {
    const out: Record<string, unknown> = {
      adGroupId: g.adGroupId,
      campaignId: g.campaignId,
      name: g.name,
      defaultBid: g.defaultBid,
      state: g.state,
    };
    if (ext) out.extendedData = extended(g, "AD_GROUP");
    return out;
  },
};
