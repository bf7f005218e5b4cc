import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import type { Registry } from "../hydra/registry.ts";
import { createSerializer } from "../hydra/serializer.ts";
import { parseBody } from "../validation.ts";
import { addCreation, creationBody } from "./add-creation.ts";
import type { AmazonAccess } from "./amazon-access.ts";
import { bulkBody, bulkChanges } from "./bulk-changes.ts";
import type { ChangeJobs } from "./jobs.ts";
import { pushBatch } from "./push-batch.ts";
import { changeBatches, changes, retryBody } from "./resources.ts";
import { dismissChange, retryChange } from "./retry-change.ts";
import { suggestedBidsOf } from "./suggested-bids.ts";
import { type ChangeBatchRow, type ChangeRow, trayOfCaller } from "./tray.ts";
import { undoBatch, undoChange } from "./undo-changes.ts";

const LD = "application/ld+json";

/**
 * The change operations beyond CRUD (declared in resources.ts for the docs): push a batch, undo a
 * batch or a change, retry a failed change, bulk edits. Handlers stay thin: use case, JSON-LD out.
 */
export async function changeRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    jobs: ChangeJobs;
    registry: Registry;
    access?: AmazonAccess | undefined;
    hydraPrefix?: boolean | undefined;
  },
) {
  const { db, jobs } = deps;
  const serializer = createSerializer({ prefix: deps.hydraPrefix ?? true });
  const batchBody = (row: ChangeBatchRow) =>
    serializer.item(
      changeBatches,
      row.id,
      changeBatches.toOutput(row, { asOf: {} }),
      deps.registry.byPath,
    );
  const changeBody = (row: ChangeRow) =>
    serializer.item(changes, row.id, changes.toOutput(row, { asOf: {} }), deps.registry.byPath);
  type WithId = { Params: { id: string } };

  app.post<WithId>("/change_batches/:id/push", async (request, reply) => {
    const row = await pushBatch(db, jobs, requirePrincipal(request), request.params.id);
    return reply.code(202).type(LD).send(batchBody(row));
  });
  app.post<WithId>("/change_batches/:id/undo", async (request, reply) => {
    const row = await undoBatch(db, jobs, requirePrincipal(request), request.params.id);
    return reply.code(202).type(LD).send(batchBody(row));
  });
  app.post<WithId>("/changes/:id/undo", async (request, reply) => {
    const row = await undoChange(db, jobs, requirePrincipal(request), request.params.id);
    return reply.code(202).type(LD).send(batchBody(row));
  });
  app.post<WithId>("/changes/:id/retry", async (request, reply) => {
    const { value } = parseBody(retryBody, request.body ?? {});
    const row = await retryChange(db, requirePrincipal(request), request.params.id, value);
    return reply
      .code(201)
      .type(LD)
      .header("location", `/api/changes/${row.id}`)
      .send(changeBody(row));
  });
  app.post<WithId>("/changes/:id/dismiss", async (request, reply) => {
    const row = await dismissChange(db, requirePrincipal(request), request.params.id);
    return reply.code(200).type(LD).send(changeBody(row));
  });
  app.get<{ Querystring: { sellerProfile?: unknown } }>("/change_tray", async (request, reply) => {
    const principal = requirePrincipal(request);
    // One seller profile; a repeated parameter (an array) names none: 404 like an unknown one.
    const { sellerProfile } = request.query;
    const tray = await trayOfCaller(
      db,
      principal,
      typeof sellerProfile === "string" ? sellerProfile : "",
    );
    return reply
      .type(LD)
      .header("cache-control", "no-store")
      .send({
        batch: tray.batch ? batchBody(tray.batch) : null,
        changes: tray.changes.map(changeBody),
        failed: tray.failed.map(changeBody),
      });
  });
  app.post("/changes/creations", async (request, reply) => {
    const row = await addCreation(
      db,
      requirePrincipal(request),
      parseBody(creationBody, request.body),
    );
    return reply
      .code(201)
      .type(LD)
      .header("location", `/api/changes/${row.id}`)
      .send(changeBody(row));
  });
  app.post("/bulk_changes", async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = parseBody(bulkBody, request.body);
    const result = await bulkChanges(
      { db, principal, registry: deps.registry, serializer },
      principal,
      body,
      deps.access
        ? (entities) => suggestedBidsOf(db, deps.access!, body.entityType, entities)
        : undefined,
    );
    return reply.code(200).send({
      batch: result.batches[0] ? `/api/change_batches/${result.batches[0]}` : null,
      batches: result.batches.map((id) => `/api/change_batches/${id}`),
      created: result.created,
      skipped: result.skipped,
    });
  });
}
