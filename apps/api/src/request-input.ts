import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { NotFoundError, ValidationError } from "./errors.ts";
import { BadRequestError } from "./hydra/http-errors.ts";
import { propertyPath, validationErrorFromZod, violation } from "./validation.ts";

/**
 * The API's one gate for input, in front of every route under /api: which bodies are JSON, what
 * a text value may contain, and how a route's zod schemas (params, querystring, body) turn bad
 * input into 4xx answers before a handler — or PostgreSQL — sees it.
 */

/** Every JSON body type the API reads: plain JSON, JSON-LD (Hydra clients) and merge patches. */
export const JSON_MEDIA_TYPES = [
  "application/json",
  "application/ld+json",
  "application/merge-patch+json",
] as const;

/** PostgreSQL text cannot hold U+0000; such a value is refused here rather than failing there. */
const NUL = "\u0000";

/** Deeper JSON is refused before anything walks it recursively (merge patch, zod, serializer). */
const MAX_DEPTH = 32;

type Finding = { kind: "nul" | "depth"; path: PropertyKey[] };

/** The first string or key holding NUL, or the first place nested deeper than MAX_DEPTH. */
function inspect(document: unknown): Finding | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: document, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes(NUL)) return { kind: "nul", path };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_DEPTH) return { kind: "depth", path };
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (key.includes(NUL)) return { kind: "nul", path: childPath };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

/** A schema of a route that needs none of its own: any query keys, string or repeated values. */
export const anyQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * The body of a file upload (multipart/form-data, the file in field `file`): documented here, read
 * as a stream by its handler, which answers its own violations (no file, too large, unreadable).
 * The validator lets it through untouched: nothing is buffered to validate it beforehand.
 */
export const multipartFile = z.unknown().meta({
  type: "object",
  properties: { file: { type: "string", format: "binary" } },
  required: ["file"],
});

/** A route's schema parts for a file upload: the form's content type and `multipartFile`. */
export const MULTIPART_UPLOAD = { consumes: ["multipart/form-data"], body: multipartFile };

/** Fastify's parsed query as URLSearchParams, in the order the parameters came. */
export function searchParams(query: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (query === null || typeof query !== "object") return params;
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function registerRequestInput(app: FastifyInstance): void {
  // The API reads JSON only: any other body is a 415 (Fastify would read text/plain).
  app.removeContentTypeParser("text/plain");
  // JSON-LD and merge-patch bodies are JSON; Fastify's parser keeps prototype poisoning out.
  app.addContentTypeParser(
    JSON_MEDIA_TYPES.filter((type) => type !== "application/json"),
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (inspect(request.params)) throw new NotFoundError();
    const inQuery = inspect(request.query);
    if (inQuery) throw new ValidationError([violation(propertyPath(inQuery.path), "invalid")], 400);
    const inBody = inspect(request.body);
    if (inBody?.kind === "depth") throw new BadRequestError("The JSON body is nested too deeply.");
    if (inBody) throw new ValidationError([violation(propertyPath(inBody.path), "invalid")]);
  });

  // Route schemas are zod: a bad path parameter names nothing (404), a bad query value is a
  // 400, a body that is no JSON object a 400 and invalid fields a 422 with their violations.
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data) => {
    if (schema === multipartFile) return { value: data };
    if (httpPart === "body" && data == null && schema.safeParse(undefined).success) {
      return { value: undefined };
    }
    if (httpPart === "body" && !isPlainObject(data) && !(schema instanceof z.ZodArray)) {
      return { error: new ValidationError([violation("", "bodyNotObject")], 400) };
    }
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    if (httpPart === "params") return { error: new NotFoundError() };
    const error = validationErrorFromZod(result.error, data);
    if (httpPart === "body") return { error };
    return { error: new ValidationError(error.violations, 400) };
  });
  app.setSerializerCompiler(sendAsIs);
}

/** Responses are documented by their zod schemas and sent as they are (the schemas do not filter). */
export const sendAsIs = () => (data: unknown) => JSON.stringify(data);
