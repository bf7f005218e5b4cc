import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import { parseBody } from "../validation.ts";
import { decideMatching, decideMatchingBody } from "./decide-matching.ts";

/**
 * The recommendations' operation beyond CRUD (declared in resources.ts for the docs): decide
 * every open recommendation matching the queue's filters at once. Thin: use case, JSON out.
 */
export async function optimiserRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.post("/recommendation_decisions", async (request, reply) => {
    const principal = requirePrincipal(request);
    const result = await decideMatching(
      deps.db,
      principal,
      parseBody(decideMatchingBody, request.body),
    );
    return reply.code(200).send({
      matched: result.matched,
      decided: result.decided.map((id) => `/api/recommendations/${id}`),
      conflicts: result.conflicts.map((c) => ({ ...c, id: `/api/recommendations/${c.id}` })),
      remaining: result.remaining,
    });
  });
}
