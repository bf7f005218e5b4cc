import { z } from "zod";
import { REFUSES } from "../allowed-methods.ts";
import { problems } from "../openapi.ts";
import { anyQuery } from "../request-input.ts";

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
