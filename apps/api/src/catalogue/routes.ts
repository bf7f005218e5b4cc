import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { products } from "../advertising/resources.ts";
import { requirePrincipal } from "../auth/authenticate.ts";
import { NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { createSerializer, type HydraSettings } from "../hydra/serializer.ts";
import { bulkEditProducts } from "./bulk-edit-products.ts";
import { catalogueFacets, listCatalogueProducts } from "./list-products.ts";
import { parseProductListQuery } from "./product-list-query.ts";

const queryOf = (url: string) => new URLSearchParams(url.split("?")[1] ?? "");

/**
 * The catalogue's computed reads and bulk writes (issue 11). Members of the product list are
 * Products (their IRIs), enriched with own fields, stock, economics and ad metrics.
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  deps: { db: Database; hydra?: HydraSettings | undefined },
) {
  const serializer = createSerializer(deps.hydra);
  const registry = new Map();

  app.get("/catalogue/products", async (request) => {
    const query = queryOf(request.url);
    const q = parseProductListQuery(query);
    const { rows, total } = await listCatalogueProducts(deps.db, requirePrincipal(request), q);
    return serializer.collection(
      products,
      rows.map(({ detailsId, sellerAccountId, tags, ...row }) => ({
        id: row.id,
        fields: {
          ...row,
          sellerAccount: `/api/seller_accounts/${sellerAccountId}`,
          details: detailsId ? `/api/product_details/${detailsId}` : null,
          tags: tags.map((t) => ({ "@id": `/api/tags/${t.id}`, "@type": "Tag", ...t })),
        },
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
  });

  app.get("/catalogue/facets", async (request) => {
    const query = queryOf(request.url);
    const profile = (query.get("sellerProfile") ?? "").split("/").pop() ?? "";
    const principal = requirePrincipal(request);
    if (!isUuid(profile)) throw new NotFoundError("Not Found");
    return catalogueFacets(deps.db, principal, profile);
  });

  app.post("/catalogue/products/bulk", async (request) =>
    bulkEditProducts(deps.db, requirePrincipal(request), request.body),
  );
}
