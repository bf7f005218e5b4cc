import type { GoalStatus } from "@starport/settings";
/** Wire shapes of the collection endpoints (apps/api/src/catalogue/collection-rules.ts). */

export const RULE_FIELDS = [
  "tag",
  "brand",
  "category",
  "marketplace",
  "asin",
  "sku",
  "price",
  "stockStatus",
  "lifecycle",
  "metric",
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const RULE_METRICS = [
  "acos",
  "roas",
  "spend",
  "sales",
  "clicks",
  "impressions",
  "orders",
] as const;
export const RULE_WINDOWS = [7, 14, 30, 60, 90] as const;
export const NUMBER_OPERATORS = ["gt", "gte", "lt", "lte", "between"] as const;

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

export const OPERATORS: Record<RuleField, readonly string[]> = {
  tag: ["is", "isNot"],
  brand: ["is", "isNot", "contains"],
  category: ["is", "isNot", "contains"],
  marketplace: ["is", "isNot"],
  asin: ["matches", "notMatches"],
  sku: ["matches", "notMatches"],
  price: NUMBER_OPERATORS,
  stockStatus: ["is", "isNot"],
  lifecycle: ["is", "isNot"],
  metric: NUMBER_OPERATORS,
};

/** Choices of fields whose value is one of a list. */
export const VALUE_CHOICES: Partial<Record<RuleField, readonly string[]>> = {
  stockStatus: ["in_stock", "low_cover", "out_of_stock"],
  lifecycle: ["launch", "growth", "profit", "clearance", "none"],
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

export interface CollectionSummary {
  id: string;
  name: string;
  description: string;
  colour: string;
  membership: "manual" | "rules";
  priority: number;
  productCount: number;
  spend: number;
  sales: number;
  acos: number | null;
  /** Total sales (ad + organic) of the range; null while none is synced. */
  totalSales: number | null;
  tacos: number | null;
  organicShare: number | null;
  /** Target ACoS (percent) resolved global → collection, and the range's ACoS against it. */
  goal: {
    targetAcos: number | null;
    source: "collection" | "global" | "default";
    status: GoalStatus | null;
  };
}
