import { z } from "zod";
import { REFUSES } from "../allowed-methods.ts";
import { problems } from "../openapi.ts";
import { anyQuery } from "../request-input.ts";
import type { AnyResource } from "./resource.ts";

/**
 * Fastify schemas of the Hydra routes. The resource operations are documented from the registry
 * (openapi.ts) and hidden here; their query is any keys, read by the filters. The entrypoint and
 * the contexts are documented by their own schemas.
 */

export const HIDDEN = { schema: { hide: true } };
/** A route that only answers 405 (its method is not among the path's `Allow`). */
export const REFUSED = { schema: { hide: true }, config: REFUSES };
export const COLLECTION = { schema: { hide: true, querystring: anyQuery } };

export const ENTRYPOINT = {
  schema: {
    operationId: "api_entrypoint_get",
    tags: ["Hydra"],
    summary: "The entrypoint: the IRI of every collection.",
    response: {
      200: {
        description: "The Hydra entrypoint",
        content: { "application/ld+json": { schema: z.record(z.string(), z.string()) } },
      },
      ...problems(401),
    },
  },
};
export const CONTEXT = {
  schema: {
    operationId: "api_contexts_get",
    tags: ["Hydra"],
    summary: "The JSON-LD context of a resource, the entrypoint or an error.",
    security: [],
    params: z.object({ shortName: z.string().max(200) }),
    response: {
      200: {
        description: "A JSON-LD context",
        content: {
          "application/ld+json": {
            schema: z.object({ "@context": z.record(z.string(), z.unknown()) }),
          },
        },
      },
      ...problems(404),
    },
  },
};

/**
 * Building blocks of a resource's custom operations (push a batch, run an import …): routes of
 * the feature with their own zod schemas, validated before the handler and documented by them
 * (openapi.ts) under the resource's tag, as API Platform documents its custom operations.
 */

export const JSON_LD = "application/ld+json";

/** `{id}` of an item operation: anything but a uuid names nothing (404). */
export const itemParams = z.object({ id: z.uuid().describe("The item's id") });

/** The resource's item as the serializer answers it: its output with the JSON-LD keys. */
export function jsonLdItem(resource: AnyResource) {
  return resource.output.extend({
    "@context": z.string().optional(),
    "@id": z.string(),
    "@type": z.literal(resource.shortName),
  });
}

/** One documented answer: its description and its body's schema under its content type. */
export function answer(description: string, schema: z.ZodType, contentType = "application/json") {
  return { description, content: { [contentType]: { schema } } };
}
