import { join } from "node:path";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  applyImportBatch,
  LostLeaseError,
  type PreparedBatch,
  prepareImportBatch,
  rememberKeys,
} from "./apply-batch.ts";
import {
  applyListingBatch,
  type ListingContext,
  type PreparedListingBatch,
  prepareListingBatch,
} from "./apply-listing-batch.ts";
import {
  type AmazonImportAccess,
  AmazonSourceUnavailable,
  fetchAmazonListings,
  listingSourceOf,
} from "./fetch-amazon-listings.ts";
import type { ImportFieldName } from "./fields.ts";
import { deleteImportFile } from "./import-files.ts";
import { countDataRows, type ImportFormat, readRows, type SheetRow } from "./read-rows.ts";

/**
 * Rows per transaction. A batch's rows live until it commits and the next one is read meanwhile,
 * so they outlive V8's young generation: at 5,000 rows each batch's few MB went to the old
 * generation, whose collections paused the server up to 266 ms (400,000 XLSX rows; health p99
 * 62 ms). At 1,000 rows most die young; a first import was no slower (XLSX 47 against 70 s, CSV
 * 9-11 against 9 s for 100,000 rows), a re-import of unchanged rows is (CSV 5.2-5.7 against 2.9 s:
 * each transaction's fixed cost, scripts/bench/product-import.ts).
 */
export const DEFAULT_BATCH_SIZE = 1000;

export interface RunImportOptions {
  dataDir: string;
  batchSize?: number;
  /** Called after each committed batch (tests and the benchmark stop or watch the run here). */
  afterBatch?: (rowsDone: number) => Promise<void> | void;
  /** Clients for imports from Amazon; without them such an import fails ("amazonUnavailable"). */
  amazon?: AmazonImportAccess;
  /** Report polling of an import from Amazon (tests poll fast). */
  reportPoll?: { initialIntervalMs?: number; maxIntervalMs?: number };
}

/**
 * The import job: streams the stored file from the checkpoint (rowsDone) on, in batches that
 * commit with their checkpoint. Safe to run twice or after a kill: finished imports are left
 * alone, a resumed one skips the rows already committed, so the end state equals one clean run.
 */
export async function runProductImport(
  db: Database,
  importId: string,
  { dataDir, batchSize = DEFAULT_BATCH_SIZE, afterBatch, amazon, reportPoll }: RunImportOptions,
): Promise<void> {
  const [found] = await db
    .select({
      imp: schema.productImports,
      defaultMarketplace: schema.sellerProfiles.defaultMarketplace,
    })
    .from(schema.productImports)
    .innerJoin(
      schema.sellerProfiles,
      eq(schema.sellerProfiles.id, schema.productImports.sellerProfileId),
    )
    .where(eq(schema.productImports.id, importId));
  if (!found) return;
  let { imp } = found;
  if (imp.status !== "queued" && imp.status !== "running") return;
  const fromAmazon = imp.source === "amazon";
  if (!imp.mapping && !fromAmazon) return;
  const path = join(dataDir, imp.storagePath);
  const format = imp.format as ImportFormat;
  let listing: ListingContext | undefined;
  if (fromAmazon) {
    try {
      if (!amazon) throw new AmazonSourceUnavailable();
      const source = await listingSourceOf(db, imp.sellerProfileId, imp.marketplace ?? "");
      if (!source) throw new AmazonSourceUnavailable();
      listing = {
        importId,
        sellerAccountId: source.account.id,
        marketplace: source.market.code,
        marketplaceId: source.market.marketplaceId!,
        currency: source.market.currency,
      };
      if (!imp.mapping) {
        await db
          .update(schema.productImports)
          .set({
            status: "running",
            startedAt: sql`coalesce(${schema.productImports.startedAt}, now())`,
          })
          .where(eq(schema.productImports.id, importId));
        imp = await fetchAmazonListings(db, amazon, imp, dataDir, reportPoll);
      }
    } catch (error) {
      // Not connected (any more), or Amazon refused or failed the report: the import fails as a
      // whole with a reason; a crash or kill instead leaves it running, and the job starts over.
      await db
        .update(schema.productImports)
        .set({
          status: "failed",
          failureReason:
            error instanceof AmazonSourceUnavailable ? "amazonUnavailable" : "amazonReport",
          finishedAt: new Date(),
        })
        .where(eq(schema.productImports.id, importId));
      return;
    }
  }
  try {
    // CSV lines are counted from the bytes (fast); an XLSX is not read twice for its count (400,000
    // rows: 5-6 s and +200 MB): its total is the sheet's declared range, set when the reader meets
    // it, an estimate (empty rows count) that the end of the run replaces with the exact figure.
    let total = imp.totalRows;
    if (total === null && format === "csv")
      total = await countDataRows(path, format, imp.headerRow);
    let declaredTotal: number | undefined;
    const [started] = await db
      .update(schema.productImports)
      .set({
        status: "running",
        totalRows: total,
        startedAt: sql`coalesce(${schema.productImports.startedAt}, now())`,
      })
      .where(eq(schema.productImports.id, importId))
      .returning();
    const context = {
      importId,
      sellerProfileId: imp.sellerProfileId,
      defaultMarketplace: found.defaultMarketplace,
      headers: imp.headers,
      mapping: (imp.mapping ?? {}) as Partial<Record<ImportFieldName, number>>,
      today: (started!.startedAt ?? new Date()).toISOString().slice(0, 10),
      headerRow: imp.headerRow,
      seenKeys: new Map<string, number>(),
    };
    let done = started!.rowsDone;
    // Reading and validating the next batch overlaps the commit of the current one.
    const prepare = listing
      ? prepareListingBatch
      : (rows: readonly SheetRow[]) => prepareImportBatch(context, rows);
    const batches = preparedBatches(
      readRows(path, format, (lastRow) => {
        declaredTotal = Math.max(0, lastRow - (listing ? 1 : imp.headerRow));
      }),
      prepare,
      done,
      batchSize,
      listing ? 1 : imp.headerRow,
      listing ? undefined : (rows) => rememberKeys(context, rows),
    );
    let next = batches.next();
    try {
      for (;;) {
        const current = await next;
        if (current.done) break;
        next = batches.next();
        if (total === null && declaredTotal !== undefined) {
          total = declaredTotal;
          await db
            .update(schema.productImports)
            .set({ totalRows: total })
            .where(
              and(eq(schema.productImports.id, importId), isNull(schema.productImports.totalRows)),
            );
        }
        if (listing)
          await applyListingBatch(db, listing, current.value as PreparedListingBatch, done);
        else await applyImportBatch(db, context, current.value as PreparedBatch, done);
        done += current.value.size;
        await afterBatch?.(done);
      }
    } finally {
      // A failed batch leaves the read-ahead running: let it end and close the file.
      next.catch(() => {});
      await batches.return(undefined).catch(() => {});
    }
    await db
      .update(schema.productImports)
      .set({ status: "completed", finishedAt: new Date(), totalRows: done })
      .where(eq(schema.productImports.id, importId));
  } catch (error) {
    if (error instanceof LostLeaseError) return;
    if (error instanceof ImportAborted) throw error;
    // An unreadable file fails the import as a whole; committed batches stay (they are whole).
    await db
      .update(schema.productImports)
      .set({ status: "failed", failureReason: "unreadable", finishedAt: new Date() })
      .where(eq(schema.productImports.id, importId));
  }
  // Done: the row errors (with their original cells) are kept in the database, the file goes.
  await deleteImportFile(db, dataDir, { id: importId, storagePath: imp.storagePath });
}

/**
 * The data rows (after the header row) after the first `skip`, validated, in batches of `size`;
 * the skipped ones (committed before a restart) go to `skipped` in batches.
 */
async function* preparedBatches<B extends { size: number }>(
  rows: AsyncIterable<SheetRow>,
  prepare: (rows: readonly SheetRow[]) => B,
  skip: number,
  size: number,
  headerRow: number,
  skipped?: (rows: readonly SheetRow[]) => void,
): AsyncGenerator<B> {
  let seen = 0;
  let batch: SheetRow[] = [];
  let passed: SheetRow[] = [];
  for await (const row of rows) {
    if (row.row <= headerRow) continue;
    seen += 1;
    if (seen <= skip) {
      if (skipped) {
        passed.push(row);
        if (passed.length >= size || seen === skip) {
          skipped(passed);
          passed = [];
        }
      }
      continue;
    }
    batch.push(row);
    if (batch.length >= size) {
      yield prepare(batch);
      batch = [];
    }
  }
  if (batch.length) yield prepare(batch);
}

/** Thrown from afterBatch to stop a run as a crash would (tests, benchmark). */
export class ImportAborted extends Error {}
