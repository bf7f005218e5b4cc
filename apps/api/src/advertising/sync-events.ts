import { type Database, schema } from "@starport/db";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { syncRunView } from "./resources.ts";

export interface SyncEventOptions {
  /** How long one stream lives; the client then connects again (default 10 minutes). */
  lifetimeMs?: number;
  /** How often the database is read (default each second). */
  intervalMs?: number;
}

const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * Server-sent events with the progress of the caller's sync runs: every run that changed since
 * the last look, as `event: sync-run`. Read from the database each second, so progress written
 * by any worker process shows. Optional `?sellerProfile=<id or IRI>` narrows it to one profile.
 * A HEAD answers the headers at once; a stream stops reading the database as soon as the client
 * goes away, and ends after its lifetime at the latest (the client connects again).
 */
export async function streamSyncRuns(
  db: Database,
  principal: Principal,
  sellerProfile: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  { lifetimeMs = 10 * 60_000, intervalMs = 1_000 }: SyncEventOptions = {},
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
  if (request.method === "HEAD") return reply.code(200).headers(STREAM_HEADERS).send();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { ...STREAM_HEADERS, connection: "keep-alive" });
  // The client reconnects this long after the stream ends.
  res.write(`retry: ${Math.min(intervalMs, 3_000)}\n\n`);
  let wake: () => void = () => {};
  let closed = false;
  const close = () => {
    closed = true;
    wake();
  };
  res.on("close", close);
  const lifetime = setTimeout(close, lifetimeMs);
  let since = new Date(0);
  try {
    while (!closed) {
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
      if (closed) break;
      for (const run of runs.reverse()) {
        if (run.updatedAt > since) since = run.updatedAt;
        const view = syncRunView(run);
        res.write(
          `event: sync-run\ndata: ${JSON.stringify({ ...view, "@id": `/api/sync_runs/${run.id}`, sellerProfile: `/api/seller_profiles/${run.sellerProfileId}` })}\n\n`,
        );
      }
      if (runs.length === 0) res.write(": keep-alive\n\n");
      // Sleeps until the next look, or until the client goes away or the lifetime ends.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } catch (error) {
    request.log.warn({ err: error }, "sync event stream failed");
  } finally {
    clearTimeout(lifetime);
    res.off("close", close);
    res.end();
  }
}
