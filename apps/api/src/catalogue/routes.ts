import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { products } from "../advertising/resources.ts";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { NotFoundError } from "../errors.ts";
import { EXPORT_QUERY, exportableResponse, exportFormat } from "../hydra/export.ts";
import { isUuid } from "../hydra/iri.ts";
import { createSerializer, type HydraSettings } from "../hydra/serializer.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { searchParams } from "../request-input.ts";
import { bulkEditBody, bulkEditProducts } from "./bulk-edit-products.ts";
import { type CatalogueFacets, catalogueFacets } from "./catalogue-facets.ts";
import { catalogueToday } from "./collection-rules.ts";
import { exportProducts } from "./export-products.ts";
import { listCatalogueProducts, type ProductListMember } from "./list-products.ts";
import { PRODUCT_LIST_PARAMETERS, parseProductListQuery } from "./product-list-query.ts";

export const CATALOGUE_TAGS = ["Catalogue"];
export const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
/** A seller profile by id or IRI; one that is not the caller's answers 404. */
const sellerProfileRef = z.string().describe("A seller profile's id or IRI");

/** A query value; a repeated key counts with its first value, as before. */
const queryValue = z.union([z.string(), z.array(z.string())]);
/** The product list's named parameters (parseProductListQuery checks them); `order[column]` too. */
const productListQuery = z.looseObject({
  ...Object.fromEntries(PRODUCT_LIST_PARAMETERS.map((name) => [name, queryValue.optional()])),
  ...EXPORT_QUERY,
});

const productPage = z
  .looseObject({ "@context": z.string(), "@id": z.string(), "@type": z.string() })
  .describe("A Hydra collection of Products with stock, economics and ad metrics");
const facets: z.ZodType<CatalogueFacets> = z.object({
  marketplaces: z.array(z.string()),
  brands: z.array(z.string()),
  categories: z.array(z.string()),
});
const bulkResult = z.object({
  action: z.string(),
  products: z.int().min(0),
  changed: z.int().min(0),
  collection: z.uuid().optional().describe("The collection createCollection made"),
});

/**
 * The catalogue's computed reads and bulk writes (issue 11). Members of the product list are
 * Products (their IRIs), enriched with own fields, stock, economics and ad metrics.
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    hydra?: HydraSettings | undefined;
    amazon?: { today?: () => Promise<string> } | undefined;
  },
) {
  const serializer = createSerializer(deps.hydra);
  const registry = new Map();

  app.get(
    "/catalogue/products",
    {
      onRequest: signedIn,
      schema: {
        operationId: "listCatalogueProducts",
        tags: CATALOGUE_TAGS,
        summary:
          "The product list of a seller profile: `sellerProfile` (required), filters " +
          "(marketplace, brand, category, tag, collection, stock, price[gte], price[lte], " +
          "hasCost, search), one `order[column]`, `page`, `itemsPerPage` and the metrics' " +
          "`from`/`to`. With `format=csv|xlsx` (or the Accept header): every page as a file, " +
          "`columns[]` and `locale` (de, en) as the Hydra collections' exports.",
        querystring: productListQuery,
        response: {
          200: exportableResponse(
            "One page of products, or every page as CSV or XLSX",
            productPage,
          ),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const query = searchParams(request.query);
      const format = exportFormat(request, query);
      const today = await catalogueToday(deps.amazon);
      if (format)
        return exportProducts(reply, format, deps.db, requirePrincipal(request), query, today);
      const q = parseProductListQuery(query);
      const { rows, total } = await listCatalogueProducts(
        deps.db,
        requirePrincipal(request),
        q,
        today,
      );
      return serializer.collection(
        products,
        rows.map(({ detailsId, sellerAccountId, tags, ...row }) => ({
          id: row.id,
          fields: {
            ...row,
            sellerAccount: `/api/seller_accounts/${sellerAccountId}`,
            details: detailsId ? `/api/product_details/${detailsId}` : null,
            tags: tags.map((t) => ({ "@id": `/api/tags/${t.id}`, "@type": "Tag" as const, ...t })),
          } satisfies Omit<ProductListMember, "@id" | "@type">,
        })),
        total,
        {
          query,
          path: "/api/catalogue/products",
          paginated: true,
          page: q.page,
          lastPage: Math.max(1, Math.ceil(total / q.itemsPerPage)),
          hasParameters: true,
        },
        [],
        registry,
      );
    },
  );

  app.get(
    "/catalogue/facets",
    {
      onRequest: signedIn,
      schema: {
        operationId: "getCatalogueFacets",
        tags: CATALOGUE_TAGS,
        summary: "The filter bar's choices: a seller profile's marketplaces, brands, categories.",
        querystring: z.object({ sellerProfile: sellerProfileRef.optional() }),
        response: { 200: json("The facets", facets), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const { sellerProfile } = request.query as { sellerProfile?: string };
      const profile = (sellerProfile ?? "").split("/").pop() ?? "";
      const principal = requirePrincipal(request);
      if (!isUuid(profile)) throw new NotFoundError("Not Found");
      return catalogueFacets(deps.db, principal, profile);
    },
  );

  app.post(
    "/catalogue/products/bulk",
    {
      onRequest: signedIn,
      schema: {
        operationId: "bulkEditCatalogueProducts",
        tags: CATALOGUE_TAGS,
        summary:
          "Adds or removes tags, sets the cost, adds to or removes from a manual collection, or " +
          "saves them as a new manual collection (`createCollection`), for up to 1,000 selected " +
          "`products` of one seller profile or every product its `filter` matches (the product " +
          "list's filter parameters, across pages), all or nothing.",
        body: bulkEditBody,
        response: {
          200: json("How many products the action named and changed", bulkResult),
          201: json("The collection createCollection made, and its products", bulkResult),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await bulkEditProducts(
        deps.db,
        requirePrincipal(request),
        request.body,
        await catalogueToday(deps.amazon),
      );
      if (result.collection)
        reply.code(201).header("location", `/api/product_collections/${result.collection}`);
      return result;
    },
  );
}
