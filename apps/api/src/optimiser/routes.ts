import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { answer } from "../hydra/route-schemas.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { decideMatching, decideMatchingBody } from "./decide-matching.ts";
import { recommendations } from "./resources.ts";

const decideMatchingResult = z.object({
  matched: z.number().int(),
  decided: z.array(z.string()).describe("IRIs of the recommendations decided"),
  conflicts: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      status: z.number().int(),
      message: z.string(),
    }),
  ),
  remaining: z.number().int(),
});

/**
 * The recommendations' operation beyond CRUD: decide every open recommendation matching the
 * queue's filters at once, declared here with its zod schemas (validated before the handler,
 * documented under the Recommendation tag). Thin: use case, JSON out.
 */
export async function optimiserRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/recommendation_decisions",
    {
      onRequest: signedIn,
      schema: {
        operationId: "decideMatchingRecommendations",
        tags: [recommendations.shortName],
        summary:
          "Accepts, rejects or snoozes every open recommendation of a seller profile that matches the queue's filters (kind, marketplace, campaign), highest impact first, each on its own: the refused ones (entity changed since …) are listed as conflicts, nothing of them written.",
        body: decideMatchingBody,
        response: {
          200: answer("What was decided, and the refused ones", decideMatchingResult),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await decideMatching(deps.db, requirePrincipal(request), request.body);
      return reply.code(200).send({
        matched: result.matched,
        decided: result.decided.map((id) => `/api/recommendations/${id}`),
        conflicts: result.conflicts.map((c) => ({ ...c, id: `/api/recommendations/${c.id}` })),
        remaining: result.remaining,
      });
    },
  );
}
