import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { z } from "zod";
import { errorBody } from "./errors.ts";
import { openApiDocument } from "./hydra/openapi.ts";
import { createRegistry } from "./hydra/registry.ts";
import type { AnyResource } from "./hydra/resource.ts";
import { multipartFile } from "./request-input.ts";

/**
 * The one OpenAPI document of /api (served at /api/docs.json): the Hydra resources, generated from
 * the registry, and every other route from its own Fastify schema (zod). A route that is not a
 * public operation (the catch-all, the 405 answers) declares `hide: true`.
 */

type Json = Record<string, unknown>;

const PROBLEMS = {
  400: "Malformed request: a query value, JSON syntax or a body that is no JSON object",
  401: "Not signed in, or the Authorization header names an invalid or revoked token",
  403: "Signed in, but not allowed to do this",
  404: "Not found, or not visible to the caller",
  405: "The resource does not support this method",
  409: "The item's state does not allow this",
  413: "The body is larger than allowed",
  415: "The body's content type is not supported",
  422: "Invalid input: the violations name each field",
  429: "Too many attempts; Retry-After says when to try again",
  503: "A component the API needs is down",
} as const;

export type ProblemStatus = keyof typeof PROBLEMS;

const problemContent = { "application/problem+json": { schema: errorBody } };

/** The error answers an operation can give, for its `response` schema. */
export function problems(...statuses: ProblemStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: PROBLEMS[status], content: problemContent }]),
  );
}

/** The error answers every operation with a JSON body can give besides its own. */
export const BODY_PROBLEMS = [400, 413, 415, 422] as const satisfies readonly ProblemStatus[];

/** The content types JSON bodies are documented with (merge patches are Hydra's own). */
const JSON_BODY_TYPES = ["application/json", "application/ld+json"];

/** The repository names no open-source licence; SPDX's form for one of its own. */
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/**
 * Marks an operation whose body may be left out (its schema takes undefined, e.g. a retry that
 * re-sends the failed value): @fastify/swagger calls every body required, the document is fixed
 * afterwards. A file upload's body is read by its handler and stays required.
 */
const OPTIONAL_BODY = "x-optional-body";

function markOptionalBody(paths: Json): Json {
  for (const item of Object.values(paths) as Json[]) {
    for (const operation of Object.values(item) as Json[]) {
      if (!operation?.[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) (operation.requestBody as Json).required = false;
    }
  }
  return paths;
}

export async function registerOpenApi(
  app: FastifyInstance,
  resources: readonly AnyResource[],
): Promise<void> {
  const hydra = openApiDocument(createRegistry(resources));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Starport API",
        version: "1.0.0",
        description:
          "The API of Starport: Hydra / JSON-LD resources and the routes of sign-in, onboarding, " +
          "support and the Amazon connection. Most operations need a Bearer token from POST /api/login.",
        license: LICENSE,
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const schema = document.schema as Json | undefined;
      // Routes without a zod schema are not public operations (or belong to the Hydra part).
      if (!schema || schema.hide || !schema.operationId) {
        return { schema: { hide: true } as never, url: document.url };
      }
      const body = schema.body;
      const withTypes = isZodSchema(body)
        ? {
            consumes: JSON_BODY_TYPES,
            ...schema,
            ...(body !== multipartFile && body.safeParse(undefined).success
              ? { [OPTIONAL_BODY]: true }
              : {}),
          }
        : schema;
      return jsonSchemaTransform({ ...document, schema: withTypes as never });
    },
    transformObject: (document) => {
      const dynamic = jsonSchemaTransformObject(document) as Json;
      const components = (dynamic.components ?? {}) as Json;
      const hydraComponents = (hydra.components ?? {}) as Json;
      const paths = sortKeys({
        ...(hydra.paths as Json),
        ...markOptionalBody((dynamic.paths ?? {}) as Json),
      });
      const schemas = {
        ...(hydraComponents.schemas as Json),
        ...((components.schemas ?? {}) as Json),
      };
      return {
        ...dynamic,
        paths,
        components: { ...components, schemas: sortKeys(referenced(paths, schemas)) },
      } as never;
    },
  });
  app.get("/docs.json", { schema: { hide: true } }, async () => app.swagger());
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/** The schemas the paths use, directly or through other schemas (zod registers more). */
function referenced(paths: Json, schemas: Json): Json {
  const used = new Set<string>();
  const pending = [JSON.stringify(paths)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(SCHEMA_REF)) {
      const key = decodeURIComponent(name!);
      if (used.has(key) || !(key in schemas)) continue;
      used.add(key);
      pending.push(JSON.stringify(schemas[key]));
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

function sortKeys(record: Json): Json {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
