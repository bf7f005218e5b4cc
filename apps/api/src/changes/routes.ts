import type { Database } from "@starport/db";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import type { Registry } from "../hydra/registry.ts";
import { answer, itemParams, JSON_LD, jsonLdItem } from "../hydra/route-schemas.ts";
import { createSerializer } from "../hydra/serializer.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { addCreation, creationBody } from "./add-creation.ts";
import type { AmazonAccess } from "./amazon-access.ts";
import { bulkBody, bulkChanges } from "./bulk-changes.ts";
import type { ChangeJobs } from "./jobs.ts";
import { pushBatch } from "./push-batch.ts";
import { changeBatches, changes } from "./resources.ts";
import { dismissChange, retryBody, retryChange } from "./retry-change.ts";
import { suggestedBidsOf } from "./suggested-bids.ts";
import { type ChangeBatchRow, type ChangeRow, trayOfCaller } from "./tray.ts";
import { undoBatch, undoChange } from "./undo-changes.ts";

const BATCH = jsonLdItem(changeBatches);
const CHANGE = jsonLdItem(changes);
const batchTags = [changeBatches.shortName];
const changeTags = [changes.shortName];

/** The tray's seller profile: one IRI or id; none, or several (repeated), name none (404). */
const trayQuery = z.object({
  sellerProfile: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("IRI or id of the seller profile"),
});

const bulkResult = z.object({
  batch: z.string().nullable().describe("IRI of the (first) tray the changes went to"),
  batches: z.array(z.string()).describe("IRIs of the trays, one per seller profile"),
  created: z.number().int(),
  skipped: z.array(
    z.object({ entity: z.string(), reason: z.string(), message: z.string().optional() }),
  ),
});

/**
 * The change operations beyond CRUD: push a batch, undo a batch or a change, retry or dismiss a
 * failed change, the caller's tray, staged creations and bulk edits. Each is declared here once,
 * its zod schemas validating the request before the handler and documenting the operation under
 * its resource's tag. Handlers stay thin: use case, JSON-LD out.
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
  const api = app.withTypeProvider<ZodTypeProvider>();
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
  /** A new change (a retry, a creation): 201 with its IRI as location. */
  const sendCreatedChange = (reply: FastifyReply, row: ChangeRow) =>
    reply
      .code(201)
      .type(JSON_LD)
      .header("location", `/api/changes/${row.id}`)
      .send(changeBody(row));

  // Operations on one batch or change that answer a batch queued for Amazon: one declaration each.
  const batchOperations = [
    {
      path: "/change_batches/:id/push",
      operationId: "pushChangeBatch",
      tags: batchTags,
      summary:
        "Pushes a tray (draft) to Amazon: queues its apply job. Again on a failed or partly applied batch: re-sends what is not applied.",
      answers: "The batch, its apply job queued",
      run: pushBatch,
    },
    {
      path: "/change_batches/:id/undo",
      operationId: "undoChangeBatch",
      tags: batchTags,
      summary:
        "Undoes a batch: a new batch with the inverse of every applied change, pushed at once.",
      answers: "The undo batch, pushed",
      run: undoBatch,
    },
    {
      path: "/changes/:id/undo",
      operationId: "undoChange",
      tags: changeTags,
      summary: "Undoes one applied change: a new batch with its inverse, pushed at once.",
      answers: "The undo batch, pushed",
      run: undoChange,
    },
  ];
  for (const { path, operationId, tags, summary, answers, run } of batchOperations) {
    api.post(
      path,
      {
        onRequest: signedIn,
        schema: {
          operationId,
          tags,
          summary,
          params: itemParams,
          response: { 202: answer(answers, BATCH, JSON_LD), ...problems(401, 404, 409) },
        },
      },
      async (request, reply) => {
        const row = await run(db, jobs, requirePrincipal(request), request.params.id);
        return reply.code(202).type(JSON_LD).send(batchBody(row));
      },
    );
  }
  api.post(
    "/changes/:id/retry",
    {
      onRequest: signedIn,
      schema: {
        operationId: "retryChange",
        tags: changeTags,
        summary:
          "Retries a failed change (optionally with a corrected value): a new change in the caller's tray with the entity's current value as old value; the failed change leaves the tray, recorded as retried.",
        params: itemParams,
        // No body retries the value that failed.
        body: retryBody.optional(),
        response: {
          201: answer("The new change in the caller's tray", CHANGE, JSON_LD),
          ...problems(...BODY_PROBLEMS, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const row = await retryChange(
        db,
        requirePrincipal(request),
        request.params.id,
        request.body?.value,
      );
      return sendCreatedChange(reply, row);
    },
  );
  api.post(
    "/changes/:id/dismiss",
    {
      onRequest: signedIn,
      schema: {
        operationId: "dismissChange",
        tags: changeTags,
        summary:
          "Dismisses a failed change: it leaves its author's tray, recorded as dismissed (the history keeps it).",
        params: itemParams,
        response: {
          200: answer("The dismissed change", CHANGE, JSON_LD),
          ...problems(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const row = await dismissChange(db, requirePrincipal(request), request.params.id);
      return reply.code(200).type(JSON_LD).send(changeBody(row));
    },
  );
  api.get(
    "/change_tray",
    {
      onRequest: signedIn,
      schema: {
        operationId: "getChangeTray",
        tags: changeTags,
        summary:
          "The caller's tray of a seller profile: the draft batch and its changes, and the caller's failed changes not yet dismissed or retried.",
        querystring: trayQuery,
        response: {
          200: answer(
            "The caller's tray",
            z.object({
              batch: BATCH.nullable(),
              changes: z.array(CHANGE),
              failed: z.array(CHANGE),
            }),
            JSON_LD,
          ),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { sellerProfile } = request.query;
      const tray = await trayOfCaller(
        db,
        requirePrincipal(request),
        typeof sellerProfile === "string" ? sellerProfile : "",
      );
      return reply
        .type(JSON_LD)
        .header("cache-control", "no-store")
        .send({
          batch: tray.batch ? batchBody(tray.batch) : null,
          changes: tray.changes.map(changeBody),
          failed: tray.failed.map(changeBody),
        });
    },
  );
  api.post(
    "/changes/creations",
    {
      onRequest: signedIn,
      schema: {
        operationId: "addCreation",
        tags: changeTags,
        summary:
          "Stages a new keyword or negative keyword of an existing ad group or campaign in the caller's tray (created on push).",
        body: creationBody,
        response: {
          201: answer("The staged creation in the caller's tray", CHANGE, JSON_LD),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const row = await addCreation(db, requirePrincipal(request), request.body);
      return sendCreatedChange(reply, row);
    },
  );
  api.post(
    "/bulk_changes",
    {
      onRequest: signedIn,
      schema: {
        operationId: "bulkChanges",
        tags: changeTags,
        summary:
          "Adds a change for every selected row (by ids, or every row the collection's query matches) to the caller's tray.",
        body: bulkBody,
        response: {
          200: answer("The trays the changes went to, and the rows left out", bulkResult),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = request.body;
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
    },
  );
}
