import { type Database, schema } from "@starport/db";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { syncRunView } from "./resources.ts";

/**
 * Server-sent events with the progress of the caller's sync runs: every run that changed since
 * the last look, as `event: sync-run`. Read from the database each second, so progress written
 * by any worker process shows. Optional `?sellerProfile=<id or IRI>` narrows it to one profile.
 */
export async function streamSyncRuns(
  db: Database,
  principal: Principal,
  sellerProfile: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const profileId = sellerProfile === undefined ? undefined : sellerProfile.split("/").pop();
  const owned = db
    .select({ id: schema.sellerProfiles.id })
    .from(schema.sellerProfiles)
    .where(
      and(
        eq(schema.sellerProfiles.customerId, principal.customerId),
        ...(profileId === undefined ? [] : [eq(schema.sellerProfiles.id, profileId)]),
      ),
    );
  // A profile that is malformed or not the caller's is a 404, as everywhere.
  if (profileId !== undefined && (!isUuid(profileId) || (await owned).length === 0)) {
    throw new NotFoundError();
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  let since = new Date(0);
  let closed = false;
  request.raw.on("close", () => {
    closed = true;
  });
  const limitMs = 30 * 60_000;
  const started = Date.now();
  while (!closed && Date.now() - started < limitMs) {
    try {
      const runs = await db
        .select()
        .from(schema.syncRuns)
        .where(
          and(
            inArray(schema.syncRuns.sellerProfileId, owned),
            gt(schema.syncRuns.updatedAt, since),
          ),
        )
        .orderBy(desc(schema.syncRuns.updatedAt))
        .limit(20);
      for (const run of runs.reverse()) {
        if (run.updatedAt > since) since = run.updatedAt;
        const view = syncRunView(run);
        res.write(
          `event: sync-run\ndata: ${JSON.stringify({ ...view, "@id": `/api/sync_runs/${run.id}`, sellerProfile: `/api/seller_profiles/${run.sellerProfileId}` })}\n\n`,
        );
      }
      if (runs.length === 0) res.write(": keep-alive\n\n");
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  res.end();
}
