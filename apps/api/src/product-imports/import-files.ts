import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";

/**
 * Lifetime of uploaded files (issue 18 §11): a file lives while its import may still read it
 * (uploaded, queued, running). When the import is done its row errors, with their original
 * cells, are in the database and the file goes; an upload never started is abandoned after a
 * day; a file without an import (its seller profile was deleted) goes at the next sweep.
 */

/** An upload not started within this time is abandoned: its file is deleted. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** A file younger than this may belong to an upload still being checked (no row yet). */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** How often a worker process sweeps the imports folder. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes an import's stored file and records it (never fails the caller on a missing file). */
export async function deleteImportFile(
  db: Database,
  dataDir: string,
  imp: { id: string; storagePath: string },
): Promise<void> {
  await rm(join(dataDir, imp.storagePath), { force: true });
  await db
    .update(schema.productImports)
    .set({ fileDeletedAt: new Date() })
    .where(and(eq(schema.productImports.id, imp.id), isNull(schema.productImports.fileDeletedAt)));
}

export interface SweepResult {
  abandoned: number;
  deletedFiles: number;
  deletedBytes: number;
}

/**
 * One sweep: marks uploads older than a day abandoned, deletes the files of done and abandoned
 * imports and every file in DATA_DIR/imports no import needs. Safe to run concurrently and twice.
 */
export async function sweepImportFiles(
  db: Database,
  dataDir: string,
  now = new Date(),
): Promise<SweepResult> {
  const t = schema.productImports;
  const abandoned = await db
    .update(t)
    .set({ status: "abandoned", finishedAt: now })
    .where(
      and(eq(t.status, "uploaded"), lt(t.createdAt, new Date(now.getTime() - ABANDON_AFTER_MS))),
    )
    .returning({ id: t.id });
  const needed = new Set(
    (
      await db
        .select({ storagePath: t.storagePath })
        .from(t)
        .where(and(inArray(t.status, ["uploaded", "queued", "running"]), isNull(t.fileDeletedAt)))
    ).map((r) => r.storagePath),
  );
  const folder = join(dataDir, "imports");
  const names = await readdir(folder).catch(() => [] as string[]);
  let deletedFiles = 0;
  let deletedBytes = 0;
  for (const name of names) {
    const storagePath = join("imports", name);
    if (needed.has(storagePath)) continue;
    const info = await stat(join(folder, name)).catch(() => null);
    if (!info?.isFile()) continue;
    // A file without a row yet may be an upload being checked right now.
    if (now.getTime() - info.mtimeMs < ORPHAN_GRACE_MS) {
      const [row] = await db
        .select({ id: t.id })
        .from(t)
        .where(eq(t.storagePath, storagePath))
        .limit(1);
      if (!row) continue;
    }
    await rm(join(folder, name), { force: true });
    deletedFiles += 1;
    deletedBytes += info.size;
  }
  await db
    .update(t)
    .set({ fileDeletedAt: now })
    .where(and(isNull(t.fileDeletedAt), sql`${t.status} not in ('uploaded', 'queued', 'running')`));
  return { abandoned: abandoned.length, deletedFiles, deletedBytes };
}
