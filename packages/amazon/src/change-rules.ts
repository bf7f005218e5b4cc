import { spLimitsOf } from "./limits.ts";

/** A changeable value in API terms. */
export type ChangeValue = string | number | null;
/** The states an Sponsored Products entity may be set to. */
export const SP_ENTITY_STATES = ["ENABLED", "PAUSED", "ARCHIVED"] as const;
/** Amazon's keyword rules: at most 80 characters and 10 words. */
export const KEYWORD_MAX_CHARS = 80;
export const KEYWORD_MAX_WORDS = 10;
/** Campaign bidding strategies Starport may set. */
export const SP_BIDDING_STRATEGIES = ["LEGACY_FOR_SALES", "AUTO_FOR_SALES", "MANUAL"] as const;

/**
 * Checks a new value against Amazon's rules before anything is sent (issue 10 §3): bids and
 * budgets within the marketplace's limits, allowed state transitions, name rules, placements
 * 0–900 %, dates. Pure: the API, the optimiser and the backtest validate through it alike. Answers the message code of the violation (the web translates
 * `changes.violation.<code>`), or null when the value is valid; `params` carries the limits.
 */
export interface ChangeViolation {
  code: ChangeRuleCode;
  params?: Record<string, string | number>;
}

/** Every code `validateChangeValue` answers (each has an English fallback in the API's catalogue). */
export const CHANGE_RULE_CODES = [
  "notANumber",
  "bidOutOfRange",
  "tooManyDecimals",
  "budgetOutOfRange",
  "invalidState",
  "archivedIsFinal",
  "nameBlank",
  "nameTooLong",
  "nameInvalidCharacters",
  "nameWhitespace",
  "invalidBiddingStrategy",
  "notAnInteger",
  "placementOutOfRange",
  "invalidDate",
  "startAfterEnd",
  "endBeforeStart",
  "fieldNotEditable",
] as const;
export type ChangeRuleCode = (typeof CHANGE_RULE_CODES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string =>
  typeof v === "string" && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function validateChangeValue(input: {
  field: string;
  value: unknown;
  countryCode: string;
  /** The entity's synced row in API terms (current state, start date …). */
  current: Record<string, ChangeValue>;
}): ChangeViolation | null {
  const { field, value, current } = input;
  const limits = spLimitsOf(input.countryCode);
  const number = typeof value === "number" && Number.isFinite(value) ? value : undefined;
  switch (field) {
    case "bid":
      if (number === undefined) return { code: "notANumber" };
      if (number < limits.minBid || number > limits.maxBid)
        return { code: "bidOutOfRange", params: { min: limits.minBid, max: limits.maxBid } };
      if (Math.abs(number * 100 - Math.round(number * 100)) > 1e-6)
        return { code: "tooManyDecimals", params: { decimals: 2 } };
      return null;
    case "budget":
      if (number === undefined) return { code: "notANumber" };
      if (number < limits.minBudget || number > limits.maxBudget)
        return {
          code: "budgetOutOfRange",
          params: { min: limits.minBudget, max: limits.maxBudget },
        };
      return null;
    case "state":
      if (typeof value !== "string" || !(SP_ENTITY_STATES as readonly string[]).includes(value))
        return { code: "invalidState" };
      if (current.state === "ARCHIVED") return { code: "archivedIsFinal" };
      return null;
    case "name":
      if (typeof value !== "string" || value.trim() === "") return { code: "nameBlank" };
      if (value.length > 128) return { code: "nameTooLong", params: { max: 128 } };
      if (/[<>]/.test(value)) return { code: "nameInvalidCharacters" };
      if (value !== value.trim()) return { code: "nameWhitespace" };
      return null;
    case "biddingStrategy":
      if (
        typeof value !== "string" ||
        !(SP_BIDDING_STRATEGIES as readonly string[]).includes(value)
      )
        return { code: "invalidBiddingStrategy" };
      return null;
    case "placementTopOfSearch":
    case "placementProductPage":
    case "placementRestOfSearch":
      if (number === undefined || !Number.isInteger(number)) return { code: "notAnInteger" };
      if (number < 0 || number > 900)
        return { code: "placementOutOfRange", params: { min: 0, max: 900 } };
      return null;
    case "startDate":
      if (!isDate(value)) return { code: "invalidDate" };
      if (typeof current.endDate === "string" && value > current.endDate)
        return { code: "startAfterEnd" };
      return null;
    case "endDate":
      if (value === null) return null;
      if (!isDate(value)) return { code: "invalidDate" };
      if (typeof current.startDate === "string" && value < current.startDate)
        return { code: "endBeforeStart" };
      return null;
    default:
      return { code: "fieldNotEditable" };
  }
}
