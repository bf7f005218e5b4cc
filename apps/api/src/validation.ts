import type { z } from "zod";
import { ValidationError, type Violation } from "./errors.ts";
import { FORM_VIOLATIONS, type FormViolationCode } from "./violation-catalogue.ts";

/**
 * The API's one mapping from invalid input to constraint violations (spec §5): propertyPath in
 * Symfony's notation, the English message, and a stable code the web translates under
 * `formValidationError.<code>` (the message is only the fallback; both in violation-catalogue.ts).
 */
const MESSAGES = FORM_VIOLATIONS;

export type ViolationCode = FormViolationCode;

export interface CodedViolation extends Violation {
  code: ViolationCode;
}

export function violation(propertyPath: string, code: ViolationCode): CodedViolation {
  return { propertyPath, message: MESSAGES[code], code };
}

/** `settings.defaultCurrency`, `marketplaceParticipations[0].marketplace`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  let result = "";
  for (const part of path) {
    if (typeof part === "number") result += `[${part}]`;
    else result += result ? `.${String(part)}` : String(part);
  }
  return result;
}

/** The value at the issue's path (zod does not report inputs unless asked). */
function valueAt(document: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    document,
  );
}

function codeOf(issue: z.core.$ZodIssue, document: unknown): ViolationCode {
  switch (issue.code) {
    case "invalid_type": {
      const value = valueAt(document, issue.path);
      return value === undefined || value === null ? "required" : "invalid";
    }
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "required" : "tooShort";
      return issue.origin === "array" ? "required" : "tooSmall";
    case "too_big":
      return issue.origin === "string" ? "tooLong" : "tooLarge";
    case "invalid_value":
      return "choice";
    case "invalid_format":
      return issue.format === "email" ? "email" : issue.format === "date" ? "date" : "invalid";
    case "custom": {
      // A refinement names its own code (e.g. settings' minBidAboveMaxBid) when the table has it.
      const code = (issue.params as { code?: string } | undefined)?.code;
      return code && code in MESSAGES ? (code as ViolationCode) : "invalid";
    }
    default:
      return "invalid";
  }
}

/** One violation per property path (the first issue), as a 422. */
export function validationErrorFromZod(error: z.ZodError, document: unknown): ValidationError {
  const seen = new Set<string>();
  const violations: CodedViolation[] = [];
  for (const issue of error.issues) {
    const path = propertyPath(issue.path);
    if (seen.has(path)) continue;
    seen.add(path);
    violations.push(violation(path, codeOf(issue, document)));
  }
  return new ValidationError(violations);
}

/** Parses a request body with the schema; a non-object is a 400, invalid fields a 422. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ValidationError([violation("", "bodyNotObject")], 400);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw validationErrorFromZod(result.error, body);
}
