import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { type BatchResult, LostLeaseError } from "./apply-batch.ts";
import type { CellError } from "./fields.ts";
import { type ListingRow, parseListingRow } from "./listing-fields.ts";
import type { SheetRow } from "./read-rows.ts";

/**
 * Applies one batch of an import from Amazon (merchant listings report) in one transaction with
 * its checkpoint, as applyImportBatch does for a file: one multi-row upsert of Amazon's view of
 * the listings (the sync's columns; Starport's own fields are never touched) that changes only
 * rows whose values differ, so importing the same report twice changes nothing.
 */

type Rows<T> = { rows: T[] };

export interface ListingContext {
  importId: string;
  sellerAccountId: string;
  marketplace: string;
  marketplaceId: string;
  currency: string;
}

export interface PreparedListingBatch {
  size: number;
  errors: (CellError & { row: number })[];
  valid: { line: number; row: ListingRow }[];
}

export function prepareListingBatch(batch: readonly SheetRow[]): PreparedListingBatch {
  const errors: PreparedListingBatch["errors"] = [];
  const valid: PreparedListingBatch["valid"] = [];
  for (const sheetRow of batch) {
    const parsed = parseListingRow(sheetRow.cells);
    if (parsed.errors.length > 0)
      for (const error of parsed.errors) errors.push({ ...error, row: sheetRow.row });
    else valid.push({ line: sheetRow.row, row: parsed.row });
  }
  return { size: batch.length, errors, valid };
}

export async function applyListingBatch(
  db: Database,
  context: ListingContext,
  prepared: PreparedListingBatch,
  expectedDone: number,
): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const lease = (await tx.execute(sql`
      select rows_done from product_imports where id = ${context.importId} for update`)) as unknown as Rows<{
      rows_done: number;
    }>;
    if (Number(lease.rows[0]?.rows_done) !== expectedDone) throw new LostLeaseError();

    // A SKU listed twice in a batch: the later row wins (one upsert may touch a row only once).
    const bySku = new Map<string, ListingRow>();
    for (const { row } of prepared.valid) bySku.set(row.sku!, row);
    const values = [...bySku.values()].map((row) => ({
      sku: row.sku,
      asin: row.asin ?? null,
      title: row.title ?? "",
      price_micros: row.price === undefined ? null : Math.round(row.price * 1_000_000),
      quantity: row.quantity ?? null,
      status: row.status ?? "",
      fulfillment_channel: row.fulfillmentChannel ?? null,
      open_date: row.openDate ?? null,
    }));
    let created = 0;
    let updated = 0;
    if (values.length) {
      const counted = (await tx.execute(sql`
        with upserted as (
          insert into products (seller_account_id, marketplace, marketplace_id, sku, asin, title,
            price_micros, currency, quantity, status, fulfillment_channel, open_date)
          select ${context.sellerAccountId}::uuid, ${context.marketplace}, ${context.marketplaceId},
            v.sku, v.asin, v.title, v.price_micros, ${context.currency}, v.quantity, v.status,
            v.fulfillment_channel, v.open_date
          from json_to_recordset(${JSON.stringify(values)}::json) as v(sku text, asin text,
            title text, price_micros bigint, quantity int, status text, fulfillment_channel text,
            open_date text)
          on conflict (seller_account_id, marketplace_id, sku) do update set
            asin = excluded.asin, title = excluded.title, price_micros = excluded.price_micros,
            quantity = excluded.quantity, status = excluded.status,
            fulfillment_channel = excluded.fulfillment_channel, open_date = excluded.open_date,
            synced_at = now()
          where (products.asin, products.title, products.price_micros, products.quantity,
              products.status, products.fulfillment_channel, products.open_date)
            is distinct from (excluded.asin, excluded.title, excluded.price_micros,
              excluded.quantity, excluded.status, excluded.fulfillment_channel, excluded.open_date)
          returning (xmax = 0) as inserted
        )
        select count(*) filter (where inserted) as created,
          count(*) filter (where not inserted) as updated
        from upserted`)) as unknown as Rows<{ created: string | number; updated: string | number }>;
      created = Number(counted.rows[0]?.created ?? 0);
      updated = Number(counted.rows[0]?.updated ?? 0);
    }
    const failed = new Set(prepared.errors.map((e) => e.row)).size;
    const result: BatchResult = {
      created,
      updated,
      unchanged: prepared.valid.length - created - updated,
      failed,
      warnings: 0,
    };
    if (prepared.errors.length) {
      let seq = 0;
      await tx.execute(sql`
        insert into product_import_errors (import_id, row, "column", value, reason, seq)
        select ${context.importId}::uuid, e.row, e.col, e.value, e.reason, e.seq
        from json_to_recordset(${JSON.stringify(
          prepared.errors.map((e) => ({ ...e, col: e.column, seq: seq++ })),
        )}::json) as e(row int, col text, value text, reason text, seq int)`);
    }
    await tx.execute(sql`
      update product_imports set rows_done = rows_done + ${prepared.size},
        created = created + ${result.created}, updated = updated + ${result.updated},
        unchanged = unchanged + ${result.unchanged}, failed = failed + ${result.failed}
      where id = ${context.importId}`);
    return result;
  });
}
