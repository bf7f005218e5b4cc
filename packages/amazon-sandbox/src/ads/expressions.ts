/** Targeting expressions: predicate types, their validation and their text form in reports. */
import type { Predicate } from "../world.ts";
import { mkErr } from "./errors.ts";
import type { Item } from "./resource-def.ts";
import type { V } from "./validator.ts";

export const PREDICATE_TYPES_MANUAL = [
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
export const PREDICATE_TYPES_AUTO = [
  "QUERY_HIGH_REL_MATCHES",
  "QUERY_BROAD_REL_MATCHES",
  "ASIN_SUBSTITUTE_RELATED",
  "ASIN_ACCESSORY_RELATED",
];

export function validateExpression(
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

export function expressionString(expr: Predicate[]): string {
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
