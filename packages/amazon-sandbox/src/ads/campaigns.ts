/** Sponsored Products v3 campaigns: budget and dynamic bidding validation, create, update, JSON. */
import { type Campaign, newId, todayOf } from "../world.ts";
import { mkErr } from "./errors.ts";
import {
  type Ctx,
  extended,
  type Item,
  nameTaken,
  type ResourceDef,
  stamp,
  WRITABLE_STATES,
} from "./resource-def.ts";
import { V, validateDate } from "./validator.ts";

const PLACEMENTS = [
  "PLACEMENT_TOP",
  "PLACEMENT_PRODUCT_PAGE",
  "PLACEMENT_REST_OF_SEARCH",
  "SITE_AMAZON_BUSINESS",
] as const;
const STRATEGIES = ["LEGACY_FOR_SALES", "AUTO_FOR_SALES", "MANUAL", "RULE_BASED"] as const;

function validateBudget(v: V, required: boolean): number | undefined {
  const b = v.item.budget;
  if (b === undefined || b === null) {
    if (required) v.missing("budget");
    return undefined;
  }
  if (typeof b !== "object" || Array.isArray(b)) {
    v.errors.push(
      mkErr(
        "malformedValueError",
        "PATTERN_NOT_MATCHED",
        "budget must be an object",
        `${v.loc}.budget`,
        b,
      ),
    );
    return undefined;
  }
  const o = b as Item;
  if (o.budgetType !== "DAILY") {
    v.errors.push(
      mkErr(
        "rangeError",
        "INVALID_ENUM_VALUE",
        "budgetType must be DAILY",
        `${v.loc}.budget.budgetType`,
        o.budgetType,
        { allowed: ["DAILY"] },
      ),
    );
    return undefined;
  }
  if (typeof o.budget !== "number" || !Number.isFinite(o.budget)) {
    v.errors.push(
      mkErr(
        "missingValueError",
        "MISSING_VALUE",
        "budget.budget is required",
        `${v.loc}.budget.budget`,
      ),
    );
    return undefined;
  }
  if (o.budget < v.mp.minBudget) {
    v.errors.push(
      mkErr(
        "budgetError",
        "BUDGET_TOO_LOW",
        `budget must be at least ${v.mp.minBudget}`,
        `${v.loc}.budget.budget`,
        o.budget,
        {},
        v.mp.countryCode,
      ),
    );
    return undefined;
  }
  if (o.budget > v.mp.maxBudget) {
    v.errors.push(
      mkErr(
        "budgetError",
        "BUDGET_TOO_HIGH",
        `budget must be at most ${v.mp.maxBudget}`,
        `${v.loc}.budget.budget`,
        o.budget,
        {},
        v.mp.countryCode,
      ),
    );
    return undefined;
  }
  return Math.round(o.budget * 100) / 100;
}

function validateDynamicBidding(v: V): Campaign["dynamicBidding"] | undefined {
  const d = v.item.dynamicBidding;
  if (d === undefined || d === null) return undefined;
  if (typeof d !== "object" || Array.isArray(d)) {
    v.errors.push(
      mkErr(
        "malformedValueError",
        "PATTERN_NOT_MATCHED",
        "dynamicBidding must be an object",
        `${v.loc}.dynamicBidding`,
        d,
      ),
    );
    return undefined;
  }
  const o = d as Item;
  const strategy = o.strategy;
  if (
    typeof strategy !== "string" ||
    !STRATEGIES.includes(strategy as (typeof STRATEGIES)[number])
  ) {
    v.errors.push(
      mkErr(
        "rangeError",
        "INVALID_ENUM_VALUE",
        `strategy must be one of ${STRATEGIES.join(", ")}`,
        `${v.loc}.dynamicBidding.strategy`,
        strategy,
        {
          allowed: [...STRATEGIES],
        },
      ),
    );
    return undefined;
  }
  const pbs: { placement: string; percentage: number }[] = [];
  const raw = o.placementBidding;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw)) {
      v.errors.push(
        mkErr(
          "malformedValueError",
          "PATTERN_NOT_MATCHED",
          "placementBidding must be an array",
          `${v.loc}.dynamicBidding.placementBidding`,
        ),
      );
      return undefined;
    }
    for (const [i, pb] of raw.entries()) {
      const loc = `${v.loc}.dynamicBidding.placementBidding[${i}]`;
      const p = (pb ?? {}) as Item;
      if (
        typeof p.placement !== "string" ||
        !PLACEMENTS.includes(p.placement as (typeof PLACEMENTS)[number])
      ) {
        v.errors.push(
          mkErr(
            "biddingError",
            "BID_INVALID_PLACEMENT",
            "invalid placement",
            `${loc}.placement`,
            p.placement,
          ),
        );
        return undefined;
      }
      if (
        typeof p.percentage !== "number" ||
        !Number.isInteger(p.percentage) ||
        p.percentage < 0 ||
        p.percentage > 900
      ) {
        v.errors.push(
          mkErr(
            "rangeError",
            p.percentage !== undefined && Number(p.percentage) > 900 ? "TOO_HIGH" : "TOO_LOW",
            "percentage must be an integer 0..900",
            `${loc}.percentage`,
            p.percentage,
            {
              lowerLimit: "0",
              upperLimit: "900",
            },
          ),
        );
        return undefined;
      }
      pbs.push({ placement: p.placement, percentage: p.percentage });
    }
  }
  return { strategy: strategy as Campaign["dynamicBidding"]["strategy"], placementBidding: pbs };
}

function campaignJson(c: Campaign, _ctx: Ctx, ext: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    campaignId: c.campaignId,
    name: c.name,
    targetingType: c.targetingType,
    state: c.state,
    budget: { budget: c.budget.budget, budgetType: c.budget.budgetType },
    startDate: c.startDate,
    dynamicBidding: {
      strategy: c.dynamicBidding.strategy,
      placementBidding: c.dynamicBidding.placementBidding,
    },
  };
  if (c.endDate !== undefined) out.endDate = c.endDate;
  if (c.portfolioId !== undefined) out.portfolioId = c.portfolioId;
  if (c.tags !== undefined) out.tags = c.tags;
  if (ext) out.extendedData = extended(c, "CAMPAIGN");
  return out;
}

export const campaigns: ResourceDef = {
  path: "campaigns",
  mediaType: "application/vnd.spCampaign.v3+json",
  key: "campaigns",
  idField: "campaignId",
  successIdField: "campaignId",
  successObjField: "campaign",
  deleteFilter: "campaignIdFilter",
  entityType: "CAMPAIGN",
  store: (w) => w.entities.campaigns,
  idFilters: { campaignIdFilter: "campaignId", portfolioIdFilter: "portfolioId" },
  textFilter: { name: "nameFilter", field: "name" },
  create(ctx, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const today = todayOf(ctx.world);
    const name = v.str("name", true, 128);
    const targetingType = v.enumOf("targetingType", ["AUTO", "MANUAL"] as const, true);
    const state = v.enumOf("state", WRITABLE_STATES, true);
    const budget = validateBudget(v, true);
    const startDate = validateDate(v, "startDate", today) ?? today;
    const endDate = validateDate(v, "endDate", today);
    const dyn = validateDynamicBidding(v);
    if (endDate !== undefined && endDate < startDate)
      v.errors.push(
        mkErr(
          "dateError",
          "START_DATE_AFTER_END_DATE",
          "startDate is after endDate",
          `${loc}.endDate`,
          endDate,
        ),
      );
    const mine = [...ctx.world.entities.campaigns.values()].filter(
      (c) => c.profileId === ctx.profile.profileId,
    );
    if (name !== undefined && nameTaken(mine, name))
      v.errors.push(
        mkErr(
          "duplicateValueError",
          "NAME_NOT_UNIQUE",
          `a campaign named ${name} exists`,
          `${loc}.name`,
          name,
        ),
      );
    if (
      v.errors.length ||
      name === undefined ||
      targetingType === undefined ||
      state === undefined ||
      budget === undefined
    )
      return { errors: v.errors };
    const now = stamp(ctx.world);
    const c: Campaign = {
      campaignId: newId(ctx.world),
      profileId: ctx.profile.profileId,
      name,
      targetingType,
      state: state,
      budget: { budget, budgetType: "DAILY" },
      startDate,
      endDate,
      dynamicBidding: dyn ?? { strategy: "LEGACY_FOR_SALES", placementBidding: [] },
      portfolioId: typeof item.portfolioId === "string" ? item.portfolioId : undefined,
      tags:
        item.tags && typeof item.tags === "object"
          ? (item.tags as Record<string, string>)
          : undefined,
      created: now,
      updated: now,
    };
    ctx.world.entities.campaigns.set(c.campaignId, c);
    return { entity: c };
  },
  update(ctx, c: Campaign, item, loc) {
    const v = new V(item, loc, ctx.mp);
    const today = todayOf(ctx.world);
    const name = v.str("name", false, 128);
    const state = v.enumOf("state", WRITABLE_STATES, false);
    const budget = validateBudget(v, false);
    const dyn = validateDynamicBidding(v);
    const endDate = item.endDate === null ? null : validateDate(v, "endDate", today);
    let startDate: string | undefined;
    if (item.startDate !== undefined && item.startDate !== c.startDate)
      startDate = validateDate(v, "startDate", today);
    const targetingType = v.enumOf("targetingType", ["AUTO", "MANUAL"] as const, false);
    if (targetingType !== undefined && targetingType !== c.targetingType)
      v.errors.push(
        mkErr(
          "otherError",
          "OTHER_ERROR",
          "targetingType cannot be changed",
          `${loc}.targetingType`,
          targetingType,
        ),
      );
    const mine = [...ctx.world.entities.campaigns.values()].filter(
      (x) => x.profileId === ctx.profile.profileId,
    );
    if (name !== undefined && nameTaken(mine, name, c))
      v.errors.push(
        mkErr(
          "duplicateValueError",
          "NAME_NOT_UNIQUE",
          `a campaign named ${name} exists`,
          `${loc}.name`,
          name,
        ),
      );
    const newStart = startDate ?? c.startDate;
    const newEnd = endDate === null ? undefined : (endDate ?? c.endDate);
    if (newEnd !== undefined && newEnd < newStart)
      v.errors.push(
        mkErr(
          "dateError",
          "START_DATE_AFTER_END_DATE",
          "startDate is after endDate",
          `${loc}.endDate`,
          newEnd,
        ),
      );
    if (v.errors.length) return { errors: v.errors };
    if (name !== undefined) c.name = name;
    if (state !== undefined) c.state = state;
    if (budget !== undefined) c.budget.budget = budget;
    if (dyn !== undefined) c.dynamicBidding = dyn;
    if (startDate !== undefined) c.startDate = startDate;
    if (endDate !== undefined) c.endDate = endDate === null ? undefined : endDate;
    if (typeof item.portfolioId === "string") c.portfolioId = item.portfolioId;
    if (item.tags && typeof item.tags === "object") c.tags = item.tags as Record<string, string>;
    c.updated = stamp(ctx.world);
    return { entity: c };
  },
  toJson: campaignJson,
};
