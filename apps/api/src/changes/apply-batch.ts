import { AmazonApiError, AmazonNetworkError, AmazonTimeoutError } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { upsertRows } from "@starport/sync";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import {
  type AdvertisingProfile,
  type AmazonAccess,
  adsClientFor,
  amazonErrorOf,
  type EntityResource,
  resourceOf,
  specOf,
} from "./amazon-access.ts";
import { applyCreations, CREATION_ORDER, recoverCreations } from "./apply-creations.ts";
import { type ChangeValue, fieldOf, sameValue, tableOf } from "./fields.ts";
import { markRecommendationsApplied } from "./mark-recommendations-applied.ts";
import { type ChangeBatchRow, type ChangeRow, recount } from "./tray.ts";
import { inUuids } from "./uuid-list.ts";

/**
 * Applies a pushed batch to Amazon (issue 10 §1), as the job of that batch:
 * - per advertising profile and entity type, in chunks of at most 1,000 (Amazon's limit);
 * - a chunk's rows are marked `applying` (committed) before the call, so a run killed mid-call
 *   leaves evidence: the next run reads those entities back from Amazon and marks them applied
 *   when Amazon already has the new value, else sends them again (updates are absolute values);
 * - the conflict guard fails an update whose entity changed since Starport read it;
 * - the 207 answer is read per index: accepted rows update the synced row and become `applied`,
 *   refused ones `failed` with Amazon's code and message; the batch's counts move as it goes;
 * - 429/5xx beyond the transport's own retries put the chunk back to pending and retry later,
 *   so a batch keeps going, and never applies a row twice.
 */

export interface ApplyOptions {
  /** Rows per Amazon call (≤ 1,000). */
  chunkSize?: number;
  /** Rows left `applying` longer than this are a dead run's (default 2 minutes). */
  staleAfterMs?: number;
  /** Attempts of a row on transient errors before it fails (default 6). */
  maxAttempts?: number;
  /** Pause before retrying a chunk after a transient error (default 1 s, doubled each time). */
  retryDelayMs?: number;
  /**
   * Called when Amazon answered a call, before its outcome is recorded (tests crash here: Amazon
   * has applied the rows, Starport does not know yet).
   */
  afterCall?: () => void | Promise<void>;
  /** Aborted when the run lost its lease (another worker took the batch over): stops before the next chunk. */
  signal?: AbortSignal;
  /** Called after each chunk (tests stop a process mid-batch here). */
  onChunk?: (done: { batchId: string; applied: number; failed: number }) => void | Promise<void>;
}

const c = schema.changes;
const b = schema.changeBatches;

export const CONFLICT = "STARPORT_CONFLICT";

/** Stops a run on the spot, as a killed process would (tests throw it from a hook). */
export class ApplyAborted extends Error {}

/** Worth another try: throttling, Amazon's 5xx, timeouts and network failures. */
function isTransient(error: unknown): boolean {
  if (error instanceof AmazonTimeoutError || error instanceof AmazonNetworkError) return true;
  if (error instanceof AmazonApiError) return error.status === 429 || error.status >= 500;
  return false;
}

async function markFailed(
  db: Database,
  ids: readonly string[],
  code: string,
  message: string,
): Promise<void> {
  if (!ids.length) return;
  await db
    .update(c)
    .set({ status: "failed", errorCode: code, errorMessage: message, updatedAt: new Date() })
    .where(inUuids(c.id, ids));
}

async function markApplied(db: Database, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const now = new Date();
  await db
    .update(c)
    .set({ status: "applied", errorCode: null, errorMessage: null, appliedAt: now, updatedAt: now })
    .where(inUuids(c.id, ids));
  await markRecommendationsApplied(db, ids);
}

async function backToPending(db: Database, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.update(c).set({ status: "pending", updatedAt: new Date() }).where(inUuids(c.id, ids));
}

async function profileOf(db: Database, id: string): Promise<AdvertisingProfile> {
  const [profile] = await db
    .select()
    .from(schema.advertisingProfiles)
    .where(eq(schema.advertisingProfiles.id, id));
  if (!profile) throw new Error(`advertising profile ${id} no longer exists`);
  return profile;
}

async function syncedRows(db: Database, entityType: string, ids: readonly string[]) {
  const table = tableOf(entityType) as typeof schema.keywords;
  const rows = ids.length ? await db.select().from(table).where(inUuids(table.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r as unknown as Record<string, unknown>]));
}

const amazonIdOf = (entityType: string, row: Record<string, unknown>) =>
  String(row[specOf(entityType).entity.amazonId]);

/** Updates the synced rows from the entities Amazon returned (only what it accepted). */
async function upsertAccepted(
  db: Database,
  entityType: string,
  level: string | null | undefined,
  profile: AdvertisingProfile,
  entities: unknown[],
): Promise<void> {
  if (!entities.length) return;
  const spec = specOf(entityType, level);
  await upsertRows(
    db,
    spec.upsert,
    entities.map((e) => spec.toRow(e as Record<string, unknown>, profile.id)),
  );
}

/** Sends one chunk of updates (state ARCHIVED goes through Amazon's archive call). */
async function applyUpdates(
  db: Database,
  access: AmazonAccess,
  chunk: ChangeRow[],
  options: ApplyOptions,
): Promise<void> {
  const first = chunk[0]!;
  const entityType = first.entityType;
  const profile = await profileOf(db, first.advertisingProfileId);
  const rows = await syncedRows(
    db,
    entityType,
    chunk.map((ch) => ch.entityId ?? "").filter(Boolean),
  );
  const gone: string[] = [];
  const conflicts: { id: string; current: ChangeValue }[] = [];
  // Per level (negatives live in two Amazon resources), per entity: one item with every field.
  const byLevel = new Map<string, Map<string, { item: Record<string, unknown>; ids: string[] }>>();
  const archives = new Map<string, Map<string, string[]>>();
  for (const change of chunk) {
    const row = change.entityId ? rows.get(change.entityId) : undefined;
    const def = change.field ? fieldOf(entityType, change.field) : undefined;
    if (!row || !def) {
      gone.push(change.id);
      continue;
    }
    const current = def.read(row);
    if (!sameValue(current, change.oldValue)) {
      conflicts.push({ id: change.id, current });
      continue;
    }
    const level = String(row.level ?? "");
    const amazonId = amazonIdOf(entityType, row);
    if (change.field === "state" && change.newValue === "ARCHIVED") {
      const group = archives.get(level) ?? new Map<string, string[]>();
      group.set(amazonId, [...(group.get(amazonId) ?? []), change.id]);
      archives.set(level, group);
      continue;
    }
    const group = byLevel.get(level) ?? new Map();
    const entry = group.get(amazonId) ?? {
      item: { [specOf(entityType).entity.amazonIdField]: amazonId },
      ids: [],
    };
    def.write(entry.item, change.newValue as ChangeValue, row);
    entry.ids.push(change.id);
    group.set(amazonId, entry);
    byLevel.set(level, group);
  }
  await markFailed(db, gone, "STARPORT_ENTITY_GONE", "The entity no longer exists in Starport.");
  for (const { id, current } of conflicts)
    await markFailed(
      db,
      [id],
      CONFLICT,
      JSON.stringify({
        message: "The value changed on Amazon since Starport read it.",
        current,
      }),
    );
  if (byLevel.size === 0 && archives.size === 0) return;
  const ads = await adsClientFor(db, access, profile);
  for (const [level, group] of byLevel) {
    const entries = [...group.values()];
    const resource: EntityResource = resourceOf(ads, specOf(entityType, level || null));
    const answer = await resource.update(
      profile.amazonProfileId,
      entries.map((e) => e.item),
      { returnRepresentation: true },
    );
    await options.afterCall?.();
    await record(
      db,
      entityType,
      level,
      profile,
      answer,
      entries.map((e) => e.ids),
    );
  }
  for (const [level, group] of archives) {
    const ids = [...group.keys()];
    const resource = resourceOf(ads, specOf(entityType, level || null));
    const answer = await resource.delete(profile.amazonProfileId, ids);
    await options.afterCall?.();
    await record(db, entityType, level, profile, answer, [...group.values()], "ARCHIVED");
  }
}

/** Reads a 207 answer: accepted → synced row + applied; refused → failed with Amazon's words. */
async function record(
  db: Database,
  entityType: string,
  level: string,
  profile: AdvertisingProfile,
  answer: {
    success: { index: number; entity?: unknown }[];
    error: { index: number; errors: unknown[] }[];
  },
  idsByIndex: string[][],
  archivedState?: string,
): Promise<void> {
  const applied: string[] = [];
  const entities: unknown[] = [];
  for (const s of answer.success) {
    applied.push(...(idsByIndex[s.index] ?? []));
    if (s.entity) entities.push(s.entity);
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await upsertAccepted(t, entityType, level || null, profile, entities);
    if (archivedState && entities.length === 0 && applied.length) {
      // The archive call answers ids only: the synced rows take the state themselves.
      const table = tableOf(entityType) as typeof schema.keywords;
      const rowIds = (await t.select({ id: c.entityId }).from(c).where(inUuids(c.id, applied))).map(
        (r) => r.id as string,
      );
      await t.update(table).set({ state: archivedState }).where(inUuids(table.id, rowIds));
    }
    await markApplied(t, applied);
    for (const e of answer.error) {
      const { code, message } = amazonErrorOf(e.errors);
      await markFailed(t, idsByIndex[e.index] ?? [], code, message);
    }
  });
  const answered = new Set([...answer.success, ...answer.error].map((x) => x.index));
  const unanswered = idsByIndex.flatMap((ids, index) => (answered.has(index) ? [] : ids));
  await markFailed(db, unanswered, "AMAZON_NO_ANSWER", "Amazon gave no answer for this row.");
}

/**
 * Rows a dead run left `applying`: read back from Amazon; where Amazon has the new value they
 * are applied (and the synced row follows), else they go back to pending to be sent again.
 */
async function recoverStale(
  db: Database,
  access: AmazonAccess,
  batchId: string,
  staleAfterMs: number,
): Promise<void> {
  const stale = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.batchId, batchId),
        eq(c.status, "applying"),
        lt(c.updatedAt, new Date(Date.now() - staleAfterMs)),
      ),
    );
  if (!stale.length) return;
  await recoverCreations(
    db,
    access,
    stale.filter((s) => s.operation === "create"),
  );
  const updates = stale.filter((s) => s.operation !== "create");
  const groups = new Map<string, ChangeRow[]>();
  for (const s of updates) {
    const key = `${s.advertisingProfileId}|${s.entityType}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    const profile = await profileOf(db, first.advertisingProfileId);
    const rows = await syncedRows(
      db,
      first.entityType,
      group.map((g) => g.entityId ?? "").filter(Boolean),
    );
    const ads = await adsClientFor(db, access, profile);
    const spec = specOf(first.entityType);
    const amazonIds = [...new Set([...rows.values()].map((r) => amazonIdOf(first.entityType, r)))];
    const onAmazon = new Map<string, Record<string, unknown>>();
    for (const level of new Set([...rows.values()].map((r) => String(r.level ?? "")))) {
      const resource = resourceOf(ads, specOf(first.entityType, level || null));
      // The id filter of a list is the one its archive call takes (keywordIdFilter …).
      const idFilter = (resource as unknown as { spec: { deleteFilter: string } }).spec
        .deleteFilter;
      for (let i = 0; i < amazonIds.length; i += 1000) {
        const listed = await resource.listAll(profile.amazonProfileId, {
          [idFilter]: { include: amazonIds.slice(i, i + 1000) },
          includeExtendedDataFields: false,
        });
        for (const e of listed) onAmazon.set(String(e[spec.entity.amazonIdField]), e);
      }
    }
    const done: string[] = [];
    const again: string[] = [];
    const entities: unknown[] = [];
    for (const change of group) {
      const row = change.entityId ? rows.get(change.entityId) : undefined;
      const def = change.field ? fieldOf(change.entityType, change.field) : undefined;
      const remote = row ? onAmazon.get(amazonIdOf(change.entityType, row)) : undefined;
      if (!row || !def || !remote) {
        again.push(change.id);
        continue;
      }
      const asRow = spec.toRow(remote, profile.id);
      // toRow speaks SQL column names; the field definitions read Drizzle properties.
      const props: Record<string, unknown> = { ...row };
      for (const col of spec.entity.columns) props[col.property] = asRow[col.name];
      if (sameValue(def.read(props), change.newValue)) {
        done.push(change.id);
        entities.push(remote);
      } else again.push(change.id);
    }
    await upsertAccepted(db, first.entityType, null, profile, entities);
    await markApplied(db, done);
    await backToPending(db, again);
  }
}

/** Claims the next chunk: one profile, one entity type, creations only once their parent exists. */
async function claimChunk(db: Database, batchId: string, size: number): Promise<ChangeRow[]> {
  return db.transaction(async (tx) => {
    const parent = sql`(${c.parentChangeId} is null or exists (select 1 from changes p where p.id = ${c.parentChangeId} and p.status = 'applied'))`;
    const phase = sql`case when ${c.operation} = 'create' then array_position(array[${sql.join(
      CREATION_ORDER.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[], ${c.entityType}) else 100 end`;
    const [next] = await tx
      .select()
      .from(c)
      .where(and(eq(c.batchId, batchId), eq(c.status, "pending"), parent))
      .orderBy(phase, asc(c.createdAt))
      .limit(1);
    if (!next) return [];
    const kind = next.operation === "create" ? "create" : "update";
    const ids = tx
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          eq(c.batchId, batchId),
          eq(c.status, "pending"),
          eq(c.advertisingProfileId, next.advertisingProfileId),
          eq(c.entityType, next.entityType),
          kind === "create"
            ? eq(c.operation, "create")
            : or(eq(c.operation, "update"), eq(c.operation, "archive")),
          parent,
        ),
      )
      .orderBy(asc(c.createdAt))
      .limit(size)
      .for("update", { skipLocked: true });
    return tx
      .update(c)
      .set({ status: "applying", attempts: sql`${c.attempts} + 1`, updatedAt: new Date() })
      .where(inArray(c.id, ids))
      .returning();
  });
}

/** The batch's status from its counts once nothing is left to do. */
function finalStatus(batch: ChangeBatchRow): ChangeBatchRow["status"] {
  if (batch.applied === batch.total) return "applied";
  if (batch.applied === 0) return "failed";
  return "partially_applied";
}

export async function applyBatch(
  db: Database,
  access: AmazonAccess,
  batchId: string,
  options: ApplyOptions = {},
): Promise<ChangeBatchRow | undefined> {
  const chunkSize = Math.min(1000, options.chunkSize ?? 1000);
  const maxAttempts = options.maxAttempts ?? 6;
  let delay = options.retryDelayMs ?? 1000;
  const [started] = await db
    .update(b)
    .set({ status: "applying" })
    .where(and(eq(b.id, batchId), inArray(b.status, ["pending", "applying"])))
    .returning();
  if (!started) return undefined;
  await recoverStale(db, access, batchId, options.staleAfterMs ?? 120_000);
  for (;;) {
    if (options.signal?.aborted) throw new ApplyAborted("lease lost");
    const chunk = await claimChunk(db, batchId, chunkSize);
    if (!chunk.length) break;
    try {
      if (chunk[0]!.operation === "create") await applyCreations(db, access, chunk);
      else await applyUpdates(db, access, chunk, options);
      delay = options.retryDelayMs ?? 1000;
    } catch (error) {
      if (error instanceof ApplyAborted) throw error;
      // Rows of this chunk Amazon did not answer yet: again later, or failed after enough tries.
      const open = await db
        .select()
        .from(c)
        .where(
          and(
            inUuids(
              c.id,
              chunk.map((x) => x.id),
            ),
            eq(c.status, "applying"),
          ),
        );
      const message = error instanceof Error ? error.message : String(error);
      if (!isTransient(error)) {
        await markFailed(
          db,
          open.map((o) => o.id),
          "STARPORT_APPLY_ERROR",
          message,
        );
      } else {
        await markFailed(
          db,
          open.filter((o) => o.attempts >= maxAttempts).map((o) => o.id),
          "AMAZON_UNAVAILABLE",
          message,
        );
        if (chunk[0]!.operation === "create")
          await recoverCreations(
            db,
            access,
            open.filter((o) => o.attempts < maxAttempts),
          );
        await backToPending(
          db,
          (
            await db
              .select({ id: c.id })
              .from(c)
              .where(
                and(
                  inUuids(
                    c.id,
                    chunk.map((x) => x.id),
                  ),
                  eq(c.status, "applying"),
                ),
              )
          ).map((o) => o.id),
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    }
    const counts = await recount(db, batchId);
    await options.onChunk?.({ batchId, applied: counts.applied, failed: counts.failed });
  }
  // Creations whose parent failed can never be sent.
  await db
    .update(c)
    .set({
      status: "failed",
      errorCode: "STARPORT_PARENT_FAILED",
      errorMessage: "Its parent could not be created.",
      updatedAt: new Date(),
    })
    .where(
      and(eq(c.batchId, batchId), eq(c.status, "pending"), sql`${c.parentChangeId} is not null`),
    );
  const counts = await recount(db, batchId);
  const open = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.batchId, batchId), inArray(c.status, ["pending", "applying"])));
  if ((open[0]?.n ?? 0) > 0) return counts; // another worker holds rows of this batch
  const [finished] = await db
    .update(b)
    .set({ status: finalStatus(counts), finishedAt: new Date() })
    .where(and(eq(b.id, batchId), eq(b.status, "applying")))
    .returning();
  return finished ?? counts;
}
