import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { AmazonDependencies } from "../../amazon/connections.ts";
import { requirePrincipal } from "../../auth/authenticate.ts";
import { competitorSuggestions, refreshCompetitors } from "./check-competitors.ts";
import { addCompetitor, listCompetitors, removeCompetitor } from "./manage-competitors.ts";

type Params = { id: string; competitorId?: string };

/** A product's competitors (issue 11 §6). */
export async function competitorRoutes(
  app: FastifyInstance,
  deps: { db: Database; amazon?: AmazonDependencies | undefined },
) {
  const base = "/catalogue/products/:id/competitors";
  app.get(base, async (request) => ({
    competitors: await listCompetitors(
      deps.db,
      requirePrincipal(request),
      (request.params as Params).id,
    ),
  }));
  app.post(base, async (request, reply) => {
    const created = await addCompetitor(
      deps.db,
      requirePrincipal(request),
      (request.params as Params).id,
      request.body,
    );
    return reply.code(201).send(created);
  });
  app.delete(`${base}/:competitorId`, async (request, reply) => {
    const params = request.params as Params;
    await removeCompetitor(
      deps.db,
      requirePrincipal(request),
      params.id,
      params.competitorId ?? "",
    );
    return reply.code(204).send();
  });
  app.post(`${base}/refresh`, async (request) =>
    refreshCompetitors(
      deps.db,
      deps.amazon,
      requirePrincipal(request),
      (request.params as Params).id,
    ),
  );
  app.get("/catalogue/products/:id/competitor_suggestions", async (request) =>
    competitorSuggestions(
      deps.db,
      deps.amazon,
      requirePrincipal(request),
      (request.params as Params).id,
    ),
  );
}
