import {
  RULE_LIFECYCLES,
  type RULE_METRICS,
  RULE_OPERATORS,
  type RuleField,
  STOCK_STATUSES,
} from "@starport/api/collection-rule-vocabulary";

/**
 * The rule editor's model of the collection endpoints: the vocabulary is the API's
 * (collection-rule-vocabulary.ts); a condition here is a draft the form edits, which the API's
 * rule schema judges on save.
 */

export {
  NUMBER_OPERATORS,
  RULE_FIELDS,
  RULE_METRICS,
  RULE_WINDOWS,
  type RuleField,
} from "@starport/api/collection-rule-vocabulary";

export interface RuleCondition {
  field: RuleField;
  operator: string;
  value: string | number;
  to?: number;
  metric?: (typeof RULE_METRICS)[number];
  windowDays?: number;
}
export interface RuleSet {
  match: "all" | "any";
  conditions: RuleCondition[];
}

/** Each field's operators (the API's rule vocabulary). */
export const OPERATORS: Record<RuleField, readonly string[]> = RULE_OPERATORS;

/** Choices of fields whose value is one of a list. */
export const VALUE_CHOICES: Partial<Record<RuleField, readonly string[]>> = {
  stockStatus: STOCK_STATUSES,
  lifecycle: RULE_LIFECYCLES,
};

export function blankCondition(field: RuleField): RuleCondition {
  const numeric = field === "price" || field === "metric";
  return {
    field,
    operator: OPERATORS[field][0] as string,
    value: numeric ? 0 : (VALUE_CHOICES[field]?.[0] ?? (field === "marketplace" ? "DE" : "")),
    ...(field === "metric" ? { metric: "acos" as const, windowDays: 30 } : {}),
  };
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";
const finite = (v: unknown) => !blank(v) && Number.isFinite(Number(v));

/**
 * Whether a condition is filled in enough for the API to evaluate it (a value, a number, an upper
 * bound not below the lower one): the form asks for no preview of a rule still being written, so
 * an incomplete rule never costs a 422. The API's rule schema stays the judge on save.
 */
export function isCompleteCondition(c: RuleCondition): boolean {
  if (c.field === "price" || c.field === "metric") {
    if (!finite(c.value)) return false;
    if (c.operator === "between" && (!finite(c.to) || Number(c.to) < Number(c.value))) return false;
    return c.field !== "metric" || (c.metric !== undefined && c.windowDays !== undefined);
  }
  return !blank(c.value);
}

export function isCompleteRuleSet(rules: RuleSet): boolean {
  return rules.conditions.length > 0 && rules.conditions.every(isCompleteCondition);
}

/** The rule set as the API takes it: numbers as numbers, `to` only for between. */
export function toWire(rules: RuleSet): RuleSet {
  return {
    match: rules.match,
    conditions: rules.conditions.map((c) => {
      const numeric = c.field === "price" || c.field === "metric";
      const out: RuleCondition = {
        field: c.field,
        operator: c.operator,
        value: numeric ? Number(c.value) : String(c.value).trim(),
      };
      if (numeric && c.operator === "between") out.to = Number(c.to ?? c.value);
      if (c.field === "metric") {
        out.metric = c.metric ?? "acos";
        out.windowDays = c.windowDays ?? 30;
      }
      return out;
    }),
  };
}

/** A row of the Cargo Bay list, as the API declares it. */
export type { CollectionSummary } from "@starport/api/contracts";
