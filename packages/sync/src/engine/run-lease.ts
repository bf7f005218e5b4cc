/** A run's lease: taken by one execution, renewed while it runs, handed back when the engine stops. */
import { schema } from "@starport/db";
import { and, eq, sql } from "drizzle-orm";
import { affected, rowsOf } from "../upsert.ts";
import type { EngineDeps, SyncRun } from "./deps.ts";

export class LeaseLost extends Error {
  constructor() {
    super("the run was taken over by another worker");
  }
}

export class EngineStopped extends Error {
  constructor() {
    super("the sync engine is stopping");
  }
}

/**
 * Takes the run if nobody holds a live lease on it; null when it is done or held elsewhere. The
 * lease belongs to this one execution (`owner`), not to the process: two jobs for the same run
 * in one process (a duplicate queued by recovery while the first was starting) must not both
 * run it, and a process never resumes a lease it lost.
 */
export async function claim(
  { db }: EngineDeps,
  leaseSeconds: number,
  runId: string,
  owner: string,
): Promise<SyncRun | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update sync_runs set lease_owner = ${owner},
        lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
        status = 'running', attempts = attempts + 1, error = null,
        started_at = coalesce(started_at, now()), updated_at = now()
      where id = ${runId} and status in ('queued', 'running', 'retrying')
        and (lease_expires_at is null or lease_expires_at < now())
      returning id`),
  );
  if (!rows.length) return null;
  const [run] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, runId));
  return run ?? null;
}

async function renew(
  { db }: EngineDeps,
  leaseSeconds: number,
  runId: string,
  owner: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    update sync_runs set lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
    where id = ${runId} and lease_owner = ${owner} and status = 'running'`);
  return affected(result) > 0;
}

/** Renews the lease every third of its time; a lease found lost aborts the run. */
export function keepLease(
  deps: EngineDeps,
  leaseSeconds: number,
  runId: string,
  owner: string,
  controller: AbortController,
): NodeJS.Timeout {
  return setInterval(
    () => {
      renew(deps, leaseSeconds, runId, owner)
        .then((held) => {
          if (!held) controller.abort(new LeaseLost());
        })
        .catch(() => {});
    },
    Math.max(500, (leaseSeconds * 1000) / 3),
  );
}

/**
 * Handed back: the lease ends now, so the next worker (or this one after a restart) takes the run
 * over at its first step not done, without waiting for the lease.
 */
export async function handBack(deps: EngineDeps, runId: string, owner: string): Promise<void> {
  await deps.db
    .update(schema.syncRuns)
    .set({ leaseExpiresAt: new Date(0), updatedAt: new Date() })
    .where(and(eq(schema.syncRuns.id, runId), eq(schema.syncRuns.leaseOwner, owner)))
    .catch(() => {});
}
