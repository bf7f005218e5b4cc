import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { campaignCreationBody, createCampaign } from "./create-campaign.ts";
import type { ChangeJobs } from "./jobs.ts";

/** `POST /api/campaign_creations`: the campaign wizard's payload → a pushed batch of creations. */
export async function campaignCreationRoutes(
  app: FastifyInstance,
  deps: { db: Database; jobs: ChangeJobs },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/campaign_creations",
    {
      onRequest: signedIn,
      schema: {
        operationId: "createCampaign",
        tags: ["ChangeBatch"],
        summary:
          "Creates a Sponsored Products campaign with its ad group, product ads, keywords or targets and negatives as one pushed batch of creations.",
        body: campaignCreationBody,
        response: {
          202: {
            description: "The pushed batch; GET it for the progress",
            content: {
              "application/json": {
                schema: z.object({ batch: z.string().describe("IRI of the change batch") }),
              },
            },
          },
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { batchId } = await createCampaign(
        deps.db,
        deps.jobs,
        requirePrincipal(request),
        request.body,
      );
      return reply.code(202).send({ batch: `/api/change_batches/${batchId}` });
    },
  );
}
