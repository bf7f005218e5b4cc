import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AmazonDependencies, createAmazonConnections } from "../amazon/connections.ts";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { type SyncEventOptions, streamSyncRuns } from "./sync-events.ts";

const TAGS = ["Amazon"];
const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
/** A seller profile by id or IRI; one that is not the caller's answers 404. */
const sellerProfileRef = z.string().min(1).max(200);
const apiParams = z.object({ api: z.enum(["ads", "sp"]) });

const startBody = z.object({
  api: z.enum(["ads", "sp"]),
  sellerProfile: sellerProfileRef,
  region: z.enum(["EU", "NA", "FE"]).default("EU"),
  returnTo: z.string().max(500).optional(),
});
const callbackBody = z.record(z.string(), z.string().max(4000));
const syncBody = z.object({
  sellerProfile: sellerProfileRef,
  kind: z.enum(["initial", "daily", "entities", "reports", "listings"]).default("daily"),
});
const queuedRun = z.object({ "@id": z.string(), id: z.uuid(), status: z.string() });
const callbackResult = z.union([
  z.object({
    ok: z.literal(true),
    api: z.enum(["ads", "sp"]),
    sellerProfileId: z.uuid(),
    returnTo: z.string(),
    syncRunId: z.uuid(),
  }),
  z.object({ ok: z.literal(false), reason: z.string(), returnTo: z.string() }),
]);
const connectionList = z.object({
  "@id": z.string(),
  member: z.array(
    z.object({
      id: z.uuid(),
      api: z.enum(["ads", "sp"]),
      region: z.string(),
      status: z.string(),
      sellingPartnerId: z.string().nullable(),
      lastError: z.string().nullable(),
      connectedAt: z.iso.datetime(),
    }),
  ),
});

/** Amazon connections, sync requests and progress. Handlers stay thin (write-back: changes/). */
export async function advertisingRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    amazon?: AmazonDependencies | undefined;
    syncEvents?: SyncEventOptions | undefined;
  },
) {
  app.get(
    "/sync_runs/events",
    {
      onRequest: signedIn,
      schema: {
        operationId: "streamSyncRuns",
        tags: ["Amazon"],
        summary: "Server-sent events with the progress of the caller's sync runs.",
        querystring: z.object({ sellerProfile: sellerProfileRef.optional() }),
        response: {
          200: {
            description: "`event: sync-run` with the run as JSON, for every run that changed",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...problems(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      streamSyncRuns(
        deps.db,
        requirePrincipal(request),
        (request.query as { sellerProfile?: string }).sellerProfile,
        request,
        reply,
        deps.syncEvents,
      ),
  );

  const amazon = deps.amazon;
  if (!amazon) return;
  const connections = createAmazonConnections(deps.db, amazon);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/amazon/authorizations",
    {
      onRequest: signedIn,
      schema: {
        operationId: "startAmazonAuthorization",
        tags: TAGS,
        summary: "Starts Login with Amazon for a seller profile; answers the consent page's URL.",
        body: startBody,
        response: {
          200: json("Where to send the seller", z.object({ url: z.url() })),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request) => connections.start(requirePrincipal(request), request.body),
  );
  api.post(
    "/amazon/callbacks/:api",
    {
      onRequest: signedIn,
      schema: {
        operationId: "completeAmazonAuthorization",
        tags: TAGS,
        summary: "Completes Login with Amazon with the query Amazon redirected back with.",
        params: apiParams,
        body: callbackBody,
        response: {
          200: json("Whether the connection succeeded, and where to go next", callbackResult),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request) =>
      connections.complete(requirePrincipal(request), request.params.api, request.body),
  );
  api.get(
    "/amazon/connections",
    {
      onRequest: signedIn,
      schema: {
        operationId: "listAmazonConnections",
        tags: TAGS,
        summary: "The Amazon connections of a seller profile.",
        querystring: z.object({ sellerProfile: sellerProfileRef }),
        response: {
          200: json("The connections", connectionList),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request) => connections.list(requirePrincipal(request), request.query.sellerProfile),
  );
  api.delete(
    "/amazon/connections/:api",
    {
      onRequest: signedIn,
      schema: {
        operationId: "removeAmazonConnection",
        tags: TAGS,
        summary: "Disconnects one Amazon API of a seller profile.",
        params: apiParams,
        querystring: z.object({ sellerProfile: sellerProfileRef }),
        response: { 204: z.null().describe("Disconnected"), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await connections.remove(
        requirePrincipal(request),
        request.query.sellerProfile,
        request.params.api,
      );
      return reply.code(204).send(null);
    },
  );
  api.post(
    "/amazon/syncs",
    {
      onRequest: signedIn,
      schema: {
        operationId: "requestAmazonSync",
        tags: TAGS,
        summary: "Queues a sync of a seller profile's Amazon data.",
        body: syncBody,
        response: {
          202: json("The queued run", queuedRun),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const run = await connections.requestSync(
        requirePrincipal(request),
        body.sellerProfile,
        body.kind,
      );
      return reply
        .code(202)
        .send({ "@id": `/api/sync_runs/${run.id}`, id: run.id, status: run.status });
    },
  );
}
