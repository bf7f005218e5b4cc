/**
 * The words of a collection rule (issue 11 §5): fields, their operators, metrics, windows and the
 * values of the fields chosen from a list. The API's rule schema (collection-rules.ts) and the
 * web's rule editor both read them from here (the web at run time: keep this module free of
 * server code).
 */
import { LIFECYCLE_STAGES } from "@starport/settings";

export const RULE_WINDOWS = [7, 14, 30, 60, 90] as const;
export const RULE_METRICS = [
  "acos",
  "roas",
  "spend",
  "sales",
  "clicks",
  "impressions",
  "orders",
] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];
export const NUMBER_OPERATORS = ["gt", "gte", "lt", "lte", "between"] as const;
export const STOCK_STATUSES = ["in_stock", "low_cover", "out_of_stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** A product's lifecycle stage, or none set. */
export const RULE_LIFECYCLES = [...LIFECYCLE_STAGES, "none"] as const;

/** Each field with its operators, in the editor's order. */
export const RULE_OPERATORS = {
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
} as const;
export type RuleField = keyof typeof RULE_OPERATORS;
export const RULE_FIELDS = Object.keys(RULE_OPERATORS) as RuleField[];
