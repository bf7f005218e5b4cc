import type { z } from "zod";
import { ValidationError, type Violation } from "./errors.ts";

/**
 * Stable violation codes; the web translates them under `formValidationError.<code>` and shows
 * the English message only as a fallback.
 */
export type ViolationCode =
  | "required"
  | "invalid"
  | "email"
  | "tooShort"
  | "tooLong"
  | "tooSmall"
  | "tooLarge"
  | "emailTaken"
  | "bodyNotObject";

export interface CodedViolation extends Violation {
  code: ViolationCode;
}

const MESSAGES: Record<ViolationCode, string> = {
  required: "This value should not be blank.",
  invalid: "This value is not valid.",
  email: "This value is not a valid email address.",
  tooShort: "This value is too short.",
  tooLong: "This value is too long.",
  tooSmall: "This value is too small.",
  tooLarge: "This value is too large.",
  emailTaken: "This email address is already registered.",
  bodyNotObject: "The request body must be a JSON object.",
};

export function violation(propertyPath: string, code: ViolationCode): CodedViolation {
  return { propertyPath, message: MESSAGES[code], code };
}

function codeOf(issue: z.core.$ZodIssue, input: unknown): ViolationCode {
  switch (issue.code) {
    case "invalid_type": {
      const value = issue.path.reduce<unknown>(
        (node, key) =>
          node && typeof node === "object"
            ? (node as Record<PropertyKey, unknown>)[key]
            : undefined,
        input,
      );
      return value === undefined || value === null ? "required" : "invalid";
    }
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "required" : "tooShort";
      return issue.origin === "array" ? "required" : "tooSmall";
    case "too_big":
      return issue.origin === "string" ? "tooLong" : "tooLarge";
    case "invalid_format":
      return issue.format === "email" ? "email" : "invalid";
    default:
      return "invalid";
  }
}

/** Parses a request body with the schema; failures are a 422 naming each field (spec §5). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ValidationError([violation("", "bodyNotObject")], 400);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const violations: CodedViolation[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    if (seen.has(path)) continue;
    seen.add(path);
    violations.push(violation(path, codeOf(issue, body)));
  }
  throw new ValidationError(violations);
}
