import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import { createSerializer } from "../hydra/serializer.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { users } from "../resources/users.ts";
import type { ChangeJobs } from "./jobs.ts";
import { pushBatch } from "./push-batch.ts";
import { changeBatches, changes } from "./resources.ts";
import type { ChangeBatchRow } from "./tray.ts";

/**
 * The change operations beyond CRUD (declared in resources.ts for the docs): push a batch, undo a
 * batch or a change, retry a failed change, bulk edits. Handlers stay thin: use case, JSON-LD out.
 */
export async function changeRoutes(
  app: FastifyInstance,
  deps: { db: Database; jobs: ChangeJobs; hydraPrefix?: boolean | undefined },
) {
  const serializer = createSerializer({ prefix: deps.hydraPrefix ?? true });
  const registry = new Map(
    [changeBatches, changes, sellerProfiles, users, advertisingProfiles].map((r) => [r.path, r]),
  );
  const batchBody = (row: ChangeBatchRow) =>
    serializer.item(changeBatches, row.id, changeBatches.toOutput(row, { asOf: {} }), registry);

  app.post<{ Params: { id: string } }>("/change_batches/:id/push", async (request, reply) => {
    const row = await pushBatch(deps.db, deps.jobs, requirePrincipal(request), request.params.id);
    return reply.code(202).type("application/ld+json").send(batchBody(row));
  });
}
