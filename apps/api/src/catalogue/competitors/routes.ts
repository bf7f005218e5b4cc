import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AmazonDependencies } from "../../amazon/connections.ts";
import { requirePrincipal, signedIn } from "../../auth/authenticate.ts";
import { BODY_PROBLEMS, problems } from "../../openapi.ts";
import { CATALOGUE_TAGS, json } from "../routes.ts";
import {
  type CompetitorSuggestionsView,
  competitorSuggestions,
  refreshCompetitors,
} from "./check-competitors.ts";
import {
  addCompetitor,
  addCompetitorBody,
  listCompetitors,
  removeCompetitor,
} from "./manage-competitors.ts";
import { createSuggestionCache, type SuggestionCache } from "./suggestion-cache.ts";

/** A product by id; a malformed or foreign one answers 404 (the use cases check). */
const productParams = z.object({ id: z.string().max(200) });
const competitorParams = productParams.extend({ competitorId: z.string().max(200) });

const snapshot = z.object({
  capturedAt: z.iso.datetime(),
  price: z.number().nullable(),
  landedPrice: z.number().nullable(),
  currency: z.string().nullable(),
  hasBuyBox: z.boolean().nullable(),
  fulfillment: z.string().nullable(),
  rating: z.number().nullable(),
});
const competitorList = z.object({
  competitors: z.array(
    z.object({
      id: z.uuid(),
      asin: z.string(),
      sellerId: z.string().nullable(),
      source: z.string(),
      title: z.string().nullable(),
      latest: snapshot.nullable(),
      history: z.array(snapshot),
    }),
  ),
});
const suggestions = z.object({
  offers: z.array(
    z.object({
      sellerId: z.string(),
      price: z.number().nullable(),
      landedPrice: z.number().nullable(),
      hasBuyBox: z.boolean(),
      fulfillment: z.enum(["AFN", "MFN"]),
      rating: z.number().nullable(),
    }),
  ),
  similar: z.array(z.object({ asin: z.string() })),
  fetchedAt: z.iso.datetime().describe("When Amazon gave this answer (suggestions are cached)."),
});
const pendingSuggestions = z.object({
  status: z.literal("pending"),
  retryAfterSeconds: z.int().describe("Ask again after this many seconds (also Retry-After)."),
});

/** A product's competitors (issue 11 §6). */
export async function competitorRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    amazon?: AmazonDependencies | undefined;
    suggestionCache?: SuggestionCache;
  },
) {
  const suggestionCache = deps.suggestionCache ?? createSuggestionCache();
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = "/catalogue/products/:id/competitors";
  api.get(
    base,
    {
      onRequest: signedIn,
      schema: {
        operationId: "listProductCompetitors",
        tags: CATALOGUE_TAGS,
        summary: "A product's competitors, each with its latest snapshot and history.",
        params: productParams,
        response: { 200: json("The competitors", competitorList), ...problems(401, 404) },
      },
    },
    async (request) => ({
      competitors: await listCompetitors(deps.db, requirePrincipal(request), request.params.id),
    }),
  );
  api.post(
    base,
    {
      onRequest: signedIn,
      schema: {
        operationId: "addProductCompetitor",
        tags: CATALOGUE_TAGS,
        summary: "Watches another ASIN, or another seller on the product's own ASIN.",
        params: productParams,
        body: addCompetitorBody,
        response: {
          201: json("The new competitor", z.object({ id: z.uuid() })),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const created = await addCompetitor(
        deps.db,
        requirePrincipal(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );
  api.delete(
    `${base}/:competitorId`,
    {
      onRequest: signedIn,
      schema: {
        operationId: "removeProductCompetitor",
        tags: CATALOGUE_TAGS,
        summary: "Stops watching a competitor (its snapshots go with it).",
        params: competitorParams,
        response: { 204: z.null().describe("Removed"), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      await removeCompetitor(
        deps.db,
        requirePrincipal(request),
        request.params.id,
        request.params.competitorId,
      );
      return reply.code(204).send(null);
    },
  );
  api.post(
    `${base}/refresh`,
    {
      onRequest: signedIn,
      schema: {
        operationId: "refreshProductCompetitors",
        tags: CATALOGUE_TAGS,
        summary:
          "Asks Amazon (SP-API pricing) now for snapshots of the product's competitors; 422 " +
          "without a Selling Partner connection or an ASIN.",
        params: productParams,
        response: {
          200: json("How many snapshots were captured", z.object({ snapshots: z.int().min(0) })),
          ...problems(401, 404, 422),
        },
      },
    },
    async (request) =>
      refreshCompetitors(deps.db, deps.amazon, requirePrincipal(request), request.params.id),
  );
  api.get(
    "/catalogue/products/:id/competitor_suggestions",
    {
      onRequest: signedIn,
      schema: {
        operationId: "suggestProductCompetitors",
        tags: CATALOGUE_TAGS,
        summary:
          "What Amazon proposes as competitors: other sellers on the ASIN and similar items; " +
          "422 without a Selling Partner connection or an ASIN.",
        params: productParams,
        response: {
          200: json("The suggestions, with when Amazon gave them", suggestions),
          202: json("Amazon is being asked (its rate limit); ask again later", pendingSuggestions),
          ...problems(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const found = await competitorSuggestions(
        deps.db,
        deps.amazon,
        requirePrincipal(request),
        request.params.id,
        suggestionCache,
      );
      if (found.state === "pending")
        return reply
          .code(202)
          .header("retry-after", String(found.retryAfterSeconds))
          .send({ status: "pending", retryAfterSeconds: found.retryAfterSeconds });
      return {
        ...found.suggestions,
        fetchedAt: found.fetchedAt.toISOString(),
      } satisfies CompetitorSuggestionsView;
    },
  );
}
