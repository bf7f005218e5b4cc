/** Ads API v3 request validation: field checks that collect error items, parent lookups, dates. */
import { parseIsoDate } from "../dates.ts";
import type { Marketplace } from "../marketplaces.ts";
import type { AdGroup, Campaign } from "../world.ts";
import { type ErrItem, mkErr } from "./errors.ts";
import type { Ctx, Item } from "./resource-def.ts";

export class V {
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

export function parentCampaign(ctx: Ctx, v: V, id: string | undefined): Campaign | undefined {
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

export function parentAdGroup(
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

export function validateDate(v: V, field: string, today: string): string | undefined {
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
