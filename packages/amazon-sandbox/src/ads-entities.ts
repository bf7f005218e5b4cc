/**
 * Sponsored Products v3 entity resources: validation (Amazon's per-index error items),
 * create / update / archive, list filters and JSON shapes.
 */
import { parseIsoDate } from "./dates.ts";
import type { Marketplace } from "./marketplaces.ts";
import {
  type AdGroup,
  type Campaign,
  type Keyword,
  type NegativeKeyword,
  type NegativeTarget,
  newId,
  type Predicate,
  type ProductAd,
  type Profile,
  productBySku,
  productKey,
  type TargetingClause,
  todayOf,
  type World,
} from "./world.ts";

export interface ErrItem {
  errorType: string;
  errorValue: Record<string, Record<string, unknown>>;
}

export interface Ctx {
  world: World;
  profile: Profile;
  mp: Marketplace;
}

// biome-ignore lint/suspicious/noExplicitAny: entity maps are heterogeneous
type AnyEntity = any;
type Item = Record<string, unknown>;
type Result = { entity: AnyEntity } | { errors: ErrItem[] };

export function mkErr(
  selector: string,
  reason: string,
  message: string,
  location: string,
  trigger?: unknown,
  extra: Record<string, unknown> = {},
  marketplace?: string,
): ErrItem {
  const cause: Record<string, unknown> = { location };
  if (trigger !== undefined)
    cause.trigger = typeof trigger === "string" ? trigger : JSON.stringify(trigger);
  const value: Record<string, unknown> = { reason, message, cause, ...extra };
  if (marketplace !== undefined) value.marketplace = marketplace;
  return { errorType: selector, errorValue: { [selector]: value } };
}

/** SponsoredProductsCreateOrUpdateEntityState: every v3 create/update accepts these and stores them as sent. */
const WRITABLE_STATES = ["ENABLED", "PAUSED", "PROPOSED"] as const;

function stamp(world: World): string {
  return `${todayOf(world)}T00:00:00.000Z`;
}

class V {
  errors: ErrItem[] = [];
  readonly item: Item;
  readonly loc: string;
  readonly mp: Marketplace;
  constructor(item: Item, loc: string, mp: Marketplace) {
    this.item = item;
    this.loc = loc;
    this.mp = mp;
  }
  private at(field: string): string {
    return `${this.loc}.${field}`;
  }
  missing(field: string): void {
    this.errors.push(
      mkErr("missingValueError", "MISSING_VALUE", `${field} is required`, this.at(field)),
    );
  }
  str(field: string, required: boolean, max = 255): string | undefined {
    const v = this.item[field];
    if (v === undefined || v === null) {
      if (required) this.missing(field);
      return undefined;
    }
    if (typeof v !== "string") {
      this.errors.push(
        mkErr(
          "malformedValueError",
          "PATTERN_NOT_MATCHED",
          `${field} must be a string`,
          this.at(field),
          v,
        ),
      );
      return undefined;
    }
    if (v.trim() === "") {
      this.errors.push(
        mkErr("malformedValueError", "BLANK", `${field} must not be blank`, this.at(field), v),
      );
      return undefined;
    }
    if (v !== v.trim()) {
      this.errors.push(
        mkErr(
          "malformedValueError",
          "LEADING_OR_TRAILING_WHITESPACE",
          `${field} has leading or trailing whitespace`,
          this.at(field),
          v,
        ),
      );
      return undefined;
    }
    if (v.length > max) {
      this.errors.push(
        mkErr(
          "malformedValueError",
          "TOO_LONG",
          `${field} is longer than ${max} characters`,
          this.at(field),
          v,
        ),
      );
      return undefined;
    }
    return v;
  }
  enumOf<T extends string>(field: string, allowed: readonly T[], required: boolean): T | undefined {
    const v = this.item[field];
    if (v === undefined || v === null) {
      if (required) this.missing(field);
      return undefined;
    }
    if (typeof v !== "string" || !allowed.includes(v as T)) {
      this.errors.push(
        mkErr(
          "rangeError",
          "INVALID_ENUM_VALUE",
          `${field} must be one of ${allowed.join(", ")}`,
          this.at(field),
          v,
          {
            allowed: [...allowed],
          },
        ),
      );
      return undefined;
    }
    return v as T;
  }
  bid(field: string, required: boolean): number | undefined {
    const v = this.item[field];
    if (v === undefined || v === null) {
      if (required) this.missing(field);
      return undefined;
    }
    if (typeof v !== "number" || !Number.isFinite(v)) {
      this.errors.push(
        mkErr(
          "malformedValueError",
          "PATTERN_NOT_MATCHED",
          `${field} must be a number`,
          this.at(field),
          v,
        ),
      );
      return undefined;
    }
    if (v < this.mp.minBid || v > this.mp.maxBid) {
      this.errors.push(
        mkErr(
          "biddingError",
          "BID_OUT_OF_MARKET_PLACE_RANGE",
          `${field} must be between ${this.mp.minBid} and ${this.mp.maxBid}`,
          this.at(field),
          v,
          {},
          this.mp.countryCode,
        ),
      );
      return undefined;
    }
    return Math.round(v * 100) / 100;
  }
  id(field: string, required: boolean): string | undefined {
    const v = this.item[field];
    if (v === undefined || v === null) {
      if (required) this.missing(field);
      return undefined;
    }
    if (typeof v !== "string" || !/^\d{1,20}$/.test(v)) {
      this.errors.push(
        mkErr(
          "malformedValueError",
          "PATTERN_NOT_MATCHED",
          `${field} must be a numeric string`,
          this.at(field),
          v,
        ),
      );
      return undefined;
    }
    return v;
  }
}

function notFound(entityType: string, entityId: string, location: string): ErrItem {
  return mkErr(
    "entityNotFoundError",
    "ENTITY_NOT_FOUND",
    `${entityType} ${entityId} not found`,
    location,
    entityId,
    {
      entityType,
      entityId,
    },
  );
}

function parentCampaign(ctx: Ctx, v: V, id: string | undefined): Campaign | undefined {
  if (id === undefined) return undefined;
  const c = ctx.world.entities.campaigns.get(id);
  if (!c || c.profileId !== ctx.profile.profileId) {
    v.errors.push(
      mkErr(
        "parentEntityError",
        "PARENT_ENTITY_NOT_FOUND",
        `campaign ${id} not found`,
        `${v.loc}.campaignId`,
        id,
      ),
    );
    return undefined;
  }
  if (c.state === "ARCHIVED") {
    v.errors.push(
      mkErr(
        "parentEntityError",
        "PARENT_ENTITY_ARCHIVED",
        `campaign ${id} is archived`,
        `${v.loc}.campaignId`,
        id,
      ),
    );
    return undefined;
  }
  return c;
}

function parentAdGroup(
  ctx: Ctx,
  v: V,
  campaignId: string | undefined,
  id: string | undefined,
): AdGroup | undefined {
  if (id === undefined || campaignId === undefined) return undefined;
  const g = ctx.world.entities.adGroups.get(id);
  if (!g || g.profileId !== ctx.profile.profileId || g.campaignId !== campaignId) {
    v.errors.push(
      mkErr(
        "parentEntityError",
        "PARENT_ENTITY_NOT_FOUND",
        `ad group ${id} not found`,
        `${v.loc}.adGroupId`,
        id,
      ),
    );
    return undefined;
  }
  if (g.state === "ARCHIVED") {
    v.errors.push(
      mkErr(
        "parentEntityError",
        "PARENT_ENTITY_ARCHIVED",
        `ad group ${id} is archived`,
        `${v.loc}.adGroupId`,
        id,
      ),
    );
    return undefined;
  }
  return g;
}

function validateDate(v: V, field: string, today: string): string | undefined {
  const raw = v.item[field];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string" || parseIsoDate(raw) === undefined) {
    v.errors.push(
      mkErr("dateError", "INVALID_DATE", `${field} must be YYYY-MM-DD`, `${v.loc}.${field}`, raw),
    );
    return undefined;
  }
  if (raw < today) {
    const reason =
      field === "startDate" ? "START_DATE_EARLIER_THAN_TODAY" : "END_DATE_EARLIER_THAN_TODAY";
    v.errors.push(
      mkErr(
        "dateError",
        reason,
        `${field} cannot be earlier than today (${today})`,
        `${v.loc}.${field}`,
        raw,
      ),
    );
    return undefined;
  }
  return raw;
}

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

function checkWritable(
  entity: { state: string },
  entityType: string,
  id: string,
  loc: string,
): ErrItem | undefined {
  if (entity.state === "ARCHIVED")
    return mkErr(
      "entityStateError",
      "ARCHIVED_ENTITY_CANNOT_BE_MODIFIED",
      `${entityType} ${id} is archived`,
      loc,
      id,
      { entityType },
    );
  return undefined;
}

const PREDICATE_TYPES_MANUAL = [
  "ASIN_SAME_AS",
  "ASIN_CATEGORY_SAME_AS",
  "ASIN_BRAND_SAME_AS",
  "ASIN_PRICE_LESS_THAN",
  "ASIN_PRICE_BETWEEN",
  "ASIN_PRICE_GREATER_THAN",
  "ASIN_REVIEW_RATING_LESS_THAN",
  "ASIN_REVIEW_RATING_BETWEEN",
  "ASIN_REVIEW_RATING_GREATER_THAN",
  "ASIN_IS_PRIME_SHIPPING_ELIGIBLE",
  "ASIN_AGE_RANGE_SAME_AS",
  "ASIN_GENRE_SAME_AS",
  "ASIN_EXPANDED_FROM",
  "KEYWORD_GROUP_SAME_AS",
];
const PREDICATE_TYPES_AUTO = [
  "QUERY_HIGH_REL_MATCHES",
  "QUERY_BROAD_REL_MATCHES",
  "ASIN_SUBSTITUTE_RELATED",
  "ASIN_ACCESSORY_RELATED",
];

function validateExpression(
  v: V,
  allowed: string[],
  field = "expression",
): Predicate[] | undefined {
  const raw = v.item[field];
  if (raw === undefined || raw === null) {
    v.missing(field);
    return undefined;
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 1000) {
    v.errors.push(
      mkErr(
        "targetingClauseSetupError",
        "TARGETING_EXPRESSION_INVALID_VALUE",
        `${field} must be a non-empty array`,
        `${v.loc}.${field}`,
        raw,
      ),
    );
    return undefined;
  }
  const out: Predicate[] = [];
  for (const [i, p] of raw.entries()) {
    const o = (p ?? {}) as Item;
    const loc = `${v.loc}.${field}[${i}]`;
    if (typeof o.type !== "string" || !allowed.includes(o.type)) {
      if (typeof o.type === "string" && PREDICATE_TYPES_AUTO.includes(o.type)) {
        v.errors.push(
          mkErr(
            "targetingClauseSetupError",
            "AUTO_TARGETING_CLAUSE_CANNOT_BE_CREATED_MANUALLY",
            "auto targeting clauses are created with AUTO campaigns",
            `${loc}.type`,
            o.type,
          ),
        );
      } else {
        v.errors.push(
          mkErr(
            "rangeError",
            "INVALID_ENUM_VALUE",
            `type must be one of ${allowed.join(", ")}`,
            `${loc}.type`,
            o.type,
            { allowed },
          ),
        );
      }
      return undefined;
    }
    const needsValue = o.type !== "ASIN_IS_PRIME_SHIPPING_ELIGIBLE";
    if (needsValue && (typeof o.value !== "string" || o.value.trim() === "")) {
      v.errors.push(
        mkErr("missingValueError", "MISSING_VALUE", `${o.type} requires a value`, `${loc}.value`),
      );
      return undefined;
    }
    if (
      (o.type === "ASIN_SAME_AS" || o.type === "ASIN_EXPANDED_FROM") &&
      !/^[A-Z0-9]{10}$/i.test(String(o.value))
    ) {
      v.errors.push(
        mkErr(
          "targetingClauseSetupError",
          "TARGETING_EXPRESSION_INVALID_VALUE",
          "value must be an ASIN",
          `${loc}.value`,
          o.value,
        ),
      );
      return undefined;
    }
    out.push(
      typeof o.value === "string"
        ? {
            type: o.type,
            value:
              o.type.startsWith("ASIN_SAME") || o.type === "ASIN_EXPANDED_FROM"
                ? o.value.toUpperCase()
                : o.value,
          }
        : { type: o.type },
    );
  }
  return out;
}

function nameTaken(
  items: Iterable<{ name: string; state: string }>,
  name: string,
  except?: AnyEntity,
): boolean {
  for (const it of items)
    if (it !== except && it.state !== "ARCHIVED" && it.name === name) return true;
  return false;
}

export interface ResourceDef {
  path: string;
  mediaType: string;
  key: string;
  idField: string;
  successIdField: string;
  successObjField: string;
  deleteFilter: string;
  entityType: string;
  store: (w: World) => Map<string, AnyEntity>;
  create: (ctx: Ctx, item: Item, loc: string) => Result;
  /** Validates and applies an update; returns errors or the entity. */
  update: (ctx: Ctx, entity: AnyEntity, item: Item, loc: string) => Result;
  canArchive?: (entity: AnyEntity, loc: string) => ErrItem | undefined;
  toJson: (entity: AnyEntity, ctx: Ctx, extended: boolean) => Record<string, unknown>;
  /** list filter name → entity field for `{include: [...]}` id filters. */
  idFilters: Record<string, string>;
  textFilter?: { name: string; field: string };
  matchTypeFilter?: boolean;
}

function extended(
  e: { created: string; updated: string; state: string },
  kind: string,
): Record<string, unknown> {
  const servingStatus =
    e.state === "ENABLED"
      ? `${kind}_STATUS_ENABLED`
      : e.state === "PAUSED"
        ? `${kind}_PAUSED`
        : e.state === "ARCHIVED"
          ? `${kind}_ARCHIVED`
          : "OTHER"; // PROPOSED: not serving, no dedicated serving status in the model
  return {
    creationDateTime: e.created,
    lastUpdateDateTime: e.updated,
    servingStatus,
    servingStatusDetails: [],
  };
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

const campaigns: ResourceDef = {
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

const adGroups: ResourceDef = {
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

const keywords: ResourceDef = {
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

function negativeKeywordDef(level: "adGroup" | "campaign"): ResourceDef {
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

function expressionString(expr: Predicate[]): string {
  const auto: Record<string, string> = {
    QUERY_HIGH_REL_MATCHES: "close-match",
    QUERY_BROAD_REL_MATCHES: "loose-match",
    ASIN_SUBSTITUTE_RELATED: "substitutes",
    ASIN_ACCESSORY_RELATED: "complements",
  };
  return expr
    .map((p) => {
      if (auto[p.type]) return auto[p.type];
      const name = p.type
        .replace(/^ASIN_/, "")
        .toLowerCase()
        .replace(/_same_as$/, "")
        .replace(/_(\w)/g, (_m, ch: string) => ch.toUpperCase());
      return p.value === undefined ? name : `${name}="${p.value}"`;
    })
    .join(" ");
}

export { expressionString };

const targets: ResourceDef = {
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

/** SponsoredProductsCreateOrUpdateNegativeTargetingExpressionPredicateType */
const NEGATIVE_PREDICATES = ["ASIN_SAME_AS", "ASIN_BRAND_SAME_AS"];

function negativeTargetDef(level: "adGroup" | "campaign"): ResourceDef {
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

const productAds: ResourceDef = {
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

export const RESOURCES: readonly ResourceDef[] = [
  campaigns,
  adGroups,
  keywords,
  negativeKeywordDef("adGroup"),
  negativeKeywordDef("campaign"),
  targets,
  negativeTargetDef("adGroup"),
  negativeTargetDef("campaign"),
  productAds,
];

export { checkWritable, notFound };
