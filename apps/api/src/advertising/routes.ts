import type { Database } from "@starport/db";
import { WRITABLE_ENTITIES } from "@starport/sync";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type AmazonDependencies, createAmazonConnections } from "../amazon/connections.ts";
import { requirePrincipal } from "../auth/authenticate.ts";
import { parseBody } from "../validation.ts";
import { streamSyncRuns } from "./sync-events.ts";

const startBody = z.object({
  api: z.enum(["ads", "sp"]),
  sellerProfile: z.string().min(1),
  region: z.enum(["EU", "NA", "FE"]).default("EU"),
  returnTo: z.string().max(500).optional(),
});
const callbackBody = z.record(z.string(), z.string().max(4000));
const syncBody = z.object({
  sellerProfile: z.string().min(1),
  kind: z.enum(["initial", "daily", "entities", "reports", "listings"]).default("daily"),
});
const changesBody = z.object({
  sellerProfile: z.string().min(1),
  entity: z.enum(WRITABLE_ENTITIES as [string, ...string[]]),
  changes: z
    .array(
      z.object({
        id: z.uuid(),
        state: z.enum(["ENABLED", "PAUSED", "ARCHIVED"]).optional(),
        bid: z.number().positive().max(1000).optional(),
        budget: z.number().positive().max(1_000_000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

/** Amazon connections, sync requests and progress, write-back. Handlers stay thin. */
export async function advertisingRoutes(
  app: FastifyInstance,
  deps: { db: Database; amazon?: AmazonDependencies | undefined },
) {
  app.get("/sync_runs/events", async (request, reply) =>
    streamSyncRuns(deps.db, requirePrincipal(request), request, reply),
  );

  const amazon = deps.amazon;
  if (!amazon) return;
  const connections = createAmazonConnections(deps.db, amazon);
  app.post("/amazon/authorizations", async (request) => {
    const body = parseBody(startBody, request.body);
    return connections.start(requirePrincipal(request), body);
  });
  app.post<{ Params: { api: string } }>("/amazon/callbacks/:api", async (request, reply) => {
    const principal = requirePrincipal(request);
    const api = request.params.api === "ads" ? "ads" : request.params.api === "sp" ? "sp" : null;
    if (!api) return reply.code(404).send();
    return connections.complete(principal, api, parseBody(callbackBody, request.body));
  });
  app.get("/amazon/connections", async (request) => {
    const sellerProfile = new URLSearchParams(request.url.split("?")[1] ?? "").get("sellerProfile");
    return connections.list(requirePrincipal(request), sellerProfile ?? "");
  });
  app.delete<{ Params: { api: string } }>("/amazon/connections/:api", async (request, reply) => {
    const sellerProfile = new URLSearchParams(request.url.split("?")[1] ?? "").get("sellerProfile");
    const api = request.params.api === "ads" ? "ads" : "sp";
    await connections.remove(requirePrincipal(request), sellerProfile ?? "", api);
    return reply.code(204).send();
  });
  app.post("/amazon/syncs", async (request, reply) => {
    const body = parseBody(syncBody, request.body);
    const run = await connections.requestSync(
      requirePrincipal(request),
      body.sellerProfile,
      body.kind,
    );
    return reply
      .code(202)
      .send({ "@id": `/api/sync_runs/${run.id}`, id: run.id, status: run.status });
  });
  app.post("/amazon/changes", async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = parseBody(changesBody, request.body);
    const profile = await connections.ownedSellerProfile(principal, body.sellerProfile);
    const run = await amazon.engine.requestSync(profile.id, "write", {
      entity: body.entity,
      changes: body.changes,
    });
    return reply
      .code(202)
      .send({ "@id": `/api/sync_runs/${run.id}`, id: run.id, status: run.status });
  });
}
