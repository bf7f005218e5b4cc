import type { Database } from "@starport/db";
import { GOAL_STATUSES } from "@starport/settings";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { EXPORT_QUERY, exportableResponse, exportFormat } from "../hydra/export.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { searchParams } from "../request-input.ts";
import { catalogueToday } from "./collection-rules.ts";
import { exportCollectionSummaries } from "./export-collections.ts";
import { previewCollection, previewCollectionBody } from "./preview-collection.ts";
import { CATALOGUE_TAGS, json } from "./routes.ts";
import { type CollectionSummaries, summarizeCollections } from "./summarize-collections.ts";

const summaries: z.ZodType<CollectionSummaries> = z.object({
  currency: z.string().describe("The currency of every amount: the seller profile's default"),
  unconvertedCurrencies: z
    .array(z.string())
    .describe("Currencies without a known conversion rate, whose amounts are left out"),
  collections: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      description: z.string(),
      colour: z.string(),
      membership: z.string(),
      priority: z.int(),
      productCount: z.int().min(0),
      spend: z.number(),
      sales: z.number(),
      acos: z.number().nullable(),
      totalSales: z.number().nullable(),
      tacos: z.number().nullable(),
      organicShare: z.number().nullable(),
      goal: z.object({
        targetAcos: z
          .number()
          .nullable()
          .describe("percent; null when relative to break-even (per product)"),
        source: z.enum(["collection", "global", "default"]),
        status: z.enum(GOAL_STATUSES).nullable(),
      }),
    }),
  ),
});
const preview = z.object({
  count: z.int().min(0),
  sample: z.array(
    z.object({
      id: z.uuid(),
      sku: z.string(),
      asin: z.string().nullable(),
      title: z.string(),
      marketplace: z.string(),
    }),
  ),
});

/**
 * Computed reads of collections (issue 11 §5). Writes go through the Hydra resource
 * (/api/product_collections) and the product list's bulk action (manual members); a collection's
 * products are the product list filtered by `collection`.
 */
export async function collectionRoutes(
  app: FastifyInstance,
  deps: { db: Database; amazon?: { today?: () => Promise<string> } | undefined },
) {
  app.get(
    "/catalogue/collections",
    {
      onRequest: signedIn,
      schema: {
        operationId: "summarizeCatalogueCollections",
        tags: CATALOGUE_TAGS,
        summary:
          "Every collection of a seller profile with its product count and the ad KPIs of its " +
          "products from `from` to `to` (all three required), money in the profile's default " +
          "currency. With `format=csv|xlsx` (or the Accept header): the list as a file, " +
          "`columns[]` and `locale` (de, en) as the Hydra collections' exports.",
        querystring: z.object({
          sellerProfile: z.string().describe("A seller profile's id or IRI").optional(),
          from: z.string().describe("First day (YYYY-MM-DD)").optional(),
          to: z.string().describe("Last day (YYYY-MM-DD), at most 731 days later").optional(),
          ...EXPORT_QUERY,
        }),
        response: {
          200: exportableResponse("The collections, or the list as CSV or XLSX", summaries),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const query = searchParams(request.query);
      const format = exportFormat(request, query);
      const summaries = await summarizeCollections(
        deps.db,
        requirePrincipal(request),
        {
          sellerProfile: query.get("sellerProfile") ?? undefined,
          from: query.get("from") ?? undefined,
          to: query.get("to") ?? undefined,
        },
        await catalogueToday(deps.amazon),
      );
      if (format) return exportCollectionSummaries(reply, format, summaries, query);
      return summaries;
    },
  );

  app.post(
    "/catalogue/collections/preview",
    {
      onRequest: signedIn,
      schema: {
        operationId: "previewCatalogueCollection",
        tags: CATALOGUE_TAGS,
        summary: "How many products an unsaved rule set matches, with the first ten of them.",
        body: previewCollectionBody,
        response: {
          200: json("The count and a sample", preview),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request) =>
      previewCollection(
        deps.db,
        requirePrincipal(request),
        request.body,
        await catalogueToday(deps.amazon),
      ),
  );
}
