import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  customerOfProfile,
  type Database,
  fairWorkOptions,
  type PgBoss,
  sendFair,
} from "@starport/db";
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Long work on a row (a change batch, a product import) run by pg-boss jobs under a lease on the
 * row (issue 18 §8). The job that takes the lease renews it every third of `leaseSeconds`; nobody
 * else works on the row meanwhile. A process killed mid-way leaves its lease behind, and any
 * worker takes the row over:
 * - at once when the lease names a process of this host that no longer runs (a restart after
 *   kill -9 or a crash: the new process sees its predecessor is gone),
 * - else once the lease has expired (a dead process on another host), checked every
 *   `recoverSeconds`.
 * Taking over cancels the dead process's job (it would otherwise stay "active" in pg-boss until
 * its 15-minute expiry) and queues the row again; the work itself then settles what the dead run
 * left in flight (apply-batch reads its "applying" rows back from Amazon, an import resumes from
 * its checkpoint). Jobs are queued fairly per customer (@starport/db sendFair).
 */

/** Both tables name the lease's columns leaseOwner and leaseExpiresAt (Drizzle sets by property). */
export interface LeasedTable {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  sellerProfileId: PgColumn;
  leaseOwner: PgColumn;
  leaseExpiresAt: PgColumn;
}

export interface LeasedQueueOptions {
  boss: PgBoss;
  db: Database;
  queue: string;
  rows: LeasedTable;
  /** Statuses of rows with work left. */
  open: readonly string[];
  /** The work on one row; `signal` aborts when the lease was lost (stop at the next checkpoint). */
  run(id: string, signal: AbortSignal): Promise<void>;
  /** Runs jobs in this process (roles all and worker); a web process only queues them. */
  work: boolean;
  pollingIntervalSeconds?: number;
  /** Rows worked on at once in this process (at most one per customer). Default 2. */
  concurrency?: number;
  /** Default 15 s: a killed process's work on another host waits at most this long. */
  leaseSeconds?: number;
  /** How often expired leases are looked for (default 5 s). */
  recoverSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface LeasedQueue {
  /** Queues the row's work (its seller profile is looked up when not given). */
  enqueue(id: string, sellerProfileId?: string): Promise<void>;
  /** Takes over rows whose lease holder is dead; returns how many. */
  recover(): Promise<number>;
  stop(): void;
}

export class LeaseLost extends Error {
  constructor() {
    super("the lease on this work was taken over");
  }
}

/** This process, as lease owners name it: host, pid and a per-start id (a container's pid 1 repeats). */
const HOST = hostname().replaceAll("/", "_");
const LIFE = randomUUID().slice(0, 8);
const PROCESS = `${HOST}/${process.pid}/${LIFE}`;

const FREE = { leaseOwner: null, leaseExpiresAt: null } as never;

/** The pg-boss job id at the end of an owner. */
const jobOf = (owner: string) => owner.split("/").at(-1) ?? "";

/** True when the owner is a process of this host that no longer runs. */
export function ownerIsGone(owner: string): boolean {
  const [host, pid, life] = owner.split("/");
  if (host !== HOST || !pid) return false;
  if (Number(pid) === process.pid) return life !== LIFE;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export async function startLeasedQueue(options: LeasedQueueOptions): Promise<LeasedQueue> {
  const { boss, db, queue, rows: t, open } = options;
  const leaseSeconds = options.leaseSeconds ?? 15;
  const leaseUntil = sql`now() + make_interval(secs => ${leaseSeconds})`;
  // "short": one waiting job per row (singleton key), so queuing a row again is harmless.
  await boss.createQueue(queue, {
    policy: "short",
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelay ?? 5,
    retryBackoff: true,
  });

  const enqueue = async (id: string, sellerProfileId?: string) => {
    const profile =
      sellerProfileId ??
      ((
        await db.select({ sellerProfileId: t.sellerProfileId }).from(t.table).where(eq(t.id, id))
      )[0]?.sellerProfileId as string | undefined);
    if (!profile) return; // deleted meanwhile
    const customer = (await customerOfProfile(db, profile)) ?? profile;
    await sendFair(boss, queue, customer, { id }, { singletonKey: id });
  };

  async function claim(id: string, owner: string): Promise<boolean> {
    const claimed = await db
      .update(t.table)
      .set({ leaseOwner: owner, leaseExpiresAt: leaseUntil } as never)
      .where(
        and(
          eq(t.id, id),
          inArray(t.status, [...open]),
          or(isNull(t.leaseOwner), lt(t.leaseExpiresAt, sql`now()`)),
        ),
      )
      .returning({ id: t.id });
    return claimed.length > 0;
  }

  async function renew(id: string, owner: string): Promise<boolean> {
    const kept = await db
      .update(t.table)
      .set({ leaseExpiresAt: leaseUntil } as never)
      .where(and(eq(t.id, id), eq(t.leaseOwner, owner)))
      .returning({ id: t.id });
    return kept.length > 0;
  }

  async function release(id: string, owner: string): Promise<void> {
    await db
      .update(t.table)
      .set(FREE)
      .where(and(eq(t.id, id), eq(t.leaseOwner, owner)));
  }

  async function recover(): Promise<number> {
    const held = (await db
      .select({
        id: t.id,
        sellerProfileId: t.sellerProfileId,
        owner: t.leaseOwner,
        expired: sql<boolean>`${t.leaseExpiresAt} < now()`,
      })
      .from(t.table)
      .where(and(inArray(t.status, [...open]), isNotNull(t.leaseOwner)))) as {
      id: string;
      sellerProfileId: string;
      owner: string;
      expired: boolean;
    }[];
    let taken = 0;
    for (const row of held) {
      if (!row.expired && !ownerIsGone(row.owner)) continue;
      const freed = await db
        .update(t.table)
        .set(FREE)
        .where(and(eq(t.id, row.id), eq(t.leaseOwner, row.owner)))
        .returning({ id: t.id });
      if (!freed.length) continue;
      // The dead run's job would stay "active" until pg-boss's expiry.
      await boss.cancel(queue, jobOf(row.owner)).catch(() => {});
      await enqueue(row.id, row.sellerProfileId);
      taken += 1;
    }
    return taken;
  }

  if (!options.work) return { enqueue, recover, stop() {} };

  await boss.work<{ id: string }>(
    queue,
    {
      ...fairWorkOptions(options.concurrency ?? 2),
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    },
    async ([job]) => {
      if (!job) return;
      const { id } = job.data;
      const owner = `${PROCESS}/${job.id}`;
      if (!(await claim(id, owner))) return; // done, or a live worker holds it
      const controller = new AbortController();
      const renewal = setInterval(
        () => {
          renew(id, owner).then(
            (kept) => {
              if (!kept) controller.abort(new LeaseLost());
            },
            // A renewal that could not run says nothing about the lease; the next one tries again.
            (error) => options.log?.warn({ err: error, queue, id }, "lease renewal failed"),
          );
        },
        (leaseSeconds * 1000) / 3,
      );
      try {
        await options.run(id, controller.signal);
      } finally {
        clearInterval(renewal);
        await release(id, owner).catch(() => {});
      }
    },
  );

  // Rows a stopped or killed process left: a dead holder's are taken over now, the others queued
  // again (a row already waiting keeps its one job).
  await recover();
  const idle = (await db
    .select({ id: t.id, sellerProfileId: t.sellerProfileId })
    .from(t.table)
    .where(and(inArray(t.status, [...open]), isNull(t.leaseOwner)))) as {
    id: string;
    sellerProfileId: string;
  }[];
  for (const row of idle) await enqueue(row.id, row.sellerProfileId);

  const timer = setInterval(
    () => {
      recover().catch((error) => options.log?.warn({ err: error, queue }, "lease recovery failed"));
    },
    (options.recoverSeconds ?? 5) * 1000,
  );
  timer.unref();
  return { enqueue, recover, stop: () => clearInterval(timer) };
}
