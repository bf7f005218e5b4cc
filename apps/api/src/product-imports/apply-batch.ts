import type { Database } from "@starport/db";
import { getMarketplace } from "@starport/marketplaces";
import { sql } from "drizzle-orm";
import { type CellError, type ImportFieldName, type ParsedRow, parseRow } from "./fields.ts";
import type { SheetRow } from "./read-rows.ts";

/**
 * Applies one batch of an import in one transaction, the checkpoint with it: the rows' own
 * fields, their row errors and the import's counters and rowsDone move together or not at all.
 * A batch finding rowsDone other than where it started belongs to a run that lost its lease (a
 * resumed duplicate) and changes nothing.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Rows<T> = { rows: T[] };

export interface ImportContext {
  importId: string;
  sellerProfileId: string;
  defaultMarketplace: string;
  headers: string[];
  mapping: Partial<Record<ImportFieldName, number>>;
  /** Day a changed cost is valid from when the file names none (the import's start day). */
  today: string;
}

export class LostLeaseError extends Error {}

interface ProductState {
  productId: string;
  currency: string;
  costMicros: number | null;
  costCurrency: string | null;
  costValidFrom: string | null;
  shippingCostMicros: number | null;
  lifecycle: string | null;
  notes: string;
  tags: string[];
}

const micros = (major: number) => Math.round(major * 1_000_000);
const isBlank = (s: ProductState) =>
  s.costMicros === null &&
  s.shippingCostMicros === null &&
  s.lifecycle === null &&
  s.tags.length === 0;
const sameTags = (a: string[], b: string[]) =>
  a.length === b.length &&
  a
    .map((t) => t.toLowerCase())
    .sort()
    .join("\u0000") ===
    b
      .map((t) => t.toLowerCase())
      .sort()
      .join("\u0000");

/** Applies `row`'s values to `state`; returns the new state, or null when nothing changes. */
function applyRow(state: ProductState, row: ParsedRow, today: string): ProductState | null {
  const next = { ...state };
  if (row.cost !== undefined) {
    const cost = micros(row.cost);
    const currency = row.costCurrency ?? state.costCurrency ?? state.currency;
    if (cost !== state.costMicros || currency !== state.costCurrency) {
      next.costMicros = cost;
      next.costCurrency = currency;
      next.costValidFrom = row.costValidFrom ?? today;
    } else if (row.costValidFrom !== undefined) next.costValidFrom = row.costValidFrom;
  }
  if (row.shippingCost !== undefined) next.shippingCostMicros = micros(row.shippingCost);
  if (row.lifecycle !== undefined) next.lifecycle = row.lifecycle;
  if (row.notes !== undefined) next.notes = row.notes;
  if (row.tags !== undefined && !sameTags(row.tags, state.tags)) next.tags = row.tags;
  const changed =
    next.costMicros !== state.costMicros ||
    next.costCurrency !== state.costCurrency ||
    next.costValidFrom !== state.costValidFrom ||
    next.shippingCostMicros !== state.shippingCostMicros ||
    next.lifecycle !== state.lifecycle ||
    next.notes !== state.notes ||
    next.tags !== state.tags;
  return changed ? next : null;
}

export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export async function applyImportBatch(
  db: Database,
  context: ImportContext,
  batch: readonly SheetRow[],
  expectedDone: number,
): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    const lease = (await tx.execute(sql`
      select rows_done from product_imports where id = ${context.importId} for update`)) as unknown as Rows<{
      rows_done: number;
    }>;
    if (Number(lease.rows[0]?.rows_done) !== expectedDone) throw new LostLeaseError();

    const errors: (CellError & { row: number })[] = [];
    const valid: { line: number; row: ParsedRow }[] = [];
    for (const sheetRow of batch) {
      const parsed = parseRow(sheetRow.cells, context.mapping, context.headers);
      if (parsed.errors.length > 0)
        for (const error of parsed.errors) errors.push({ ...error, row: sheetRow.row });
      else valid.push({ line: sheetRow.row, row: parsed.row });
    }
    const failedRows = new Set(errors.map((e) => e.row));

    const keys = valid.map(({ row }, i) => {
      const marketplace = row.marketplace ?? context.defaultMarketplace;
      return {
        i,
        sku: row.sku ?? null,
        asin: row.sku ? null : (row.asin ?? null),
        marketplace,
        marketplace_id: getMarketplace(marketplace)?.marketplaceId ?? "",
      };
    });
    // Two equality joins (SKU through the listing's unique index, else ASIN), never an OR.
    const found = keys.length
      ? ((await tx.execute(sql`
      with k as (
        select * from json_to_recordset(${JSON.stringify(keys)}::json)
          as k(i int, sku text, asin text, marketplace text, marketplace_id text)
      ), accounts as (
        select id from seller_accounts where seller_profile_id = ${context.sellerProfileId}
      ), matched as (
        select k.i, p.id, p.currency from k cross join accounts a
        join products p on p.seller_account_id = a.id and p.marketplace_id = k.marketplace_id
          and p.sku = k.sku
        where k.sku is not null
        union all
        select k.i, p.id, p.currency from k cross join accounts a
        join products p on p.seller_account_id = a.id and p.asin = k.asin
          and p.marketplace = k.marketplace
        where k.sku is null
      )
      select m.i, m.id as product_id, m.currency, d.cost_micros, d.cost_currency,
        d.cost_valid_from::text as cost_valid_from, d.shipping_cost_micros, d.lifecycle, d.notes,
        coalesce((select array_agg(t.text order by t.text) from product_tags pt
          join tags t on t.id = pt.tag_id where pt.product_id = m.id), '{}') as tags
      from matched m
      join product_details d on d.product_id = m.id
      order by m.i, m.id`)) as unknown as Rows<{
          i: number;
          product_id: string;
          currency: string;
          cost_micros: string | number | null;
          cost_currency: string | null;
          cost_valid_from: string | null;
          shipping_cost_micros: string | number | null;
          lifecycle: string | null;
          notes: string;
          tags: string[];
        }>)
      : { rows: [] };

    const states = new Map<string, ProductState>();
    const byRow = new Map<number, string[]>();
    for (const r of found.rows) {
      if (!states.has(r.product_id))
        states.set(r.product_id, {
          productId: r.product_id,
          currency: r.currency,
          costMicros: r.cost_micros === null ? null : Number(r.cost_micros),
          costCurrency: r.cost_currency,
          costValidFrom: r.cost_valid_from,
          shippingCostMicros:
            r.shipping_cost_micros === null ? null : Number(r.shipping_cost_micros),
          lifecycle: r.lifecycle,
          notes: r.notes,
          tags: r.tags ?? [],
        });
      byRow.set(Number(r.i), [...(byRow.get(Number(r.i)) ?? []), r.product_id]);
    }
    const original = new Map([...states].map(([id, s]) => [id, s]));
    const result: BatchResult = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    valid.forEach(({ line, row }, i) => {
      const productIds = byRow.get(i);
      if (!productIds) {
        const keyColumn = row.sku ? context.mapping.sku : context.mapping.asin;
        errors.push({
          row: line,
          column: context.headers[keyColumn ?? 0] ?? (row.sku ? "sku" : "asin"),
          value: row.sku ?? row.asin ?? "",
          reason: "unknownProduct",
        });
        failedRows.add(line);
        return;
      }
      let outcome: "created" | "updated" | "unchanged" = "unchanged";
      for (const id of productIds) {
        const state = states.get(id)!;
        const next = applyRow(state, row, context.today);
        if (!next) continue;
        states.set(id, next);
        const kind = isBlank(state) ? "created" : "updated";
        if (outcome === "unchanged" || kind === "updated") outcome = kind;
      }
      result[outcome] += 1;
    });
    result.failed = failedRows.size;

    const changed = [...states.values()].filter((s) => s !== original.get(s.productId));
    const detailChanges = changed.filter((s) => {
      const o = original.get(s.productId)!;
      return (
        s.costMicros !== o.costMicros ||
        s.costCurrency !== o.costCurrency ||
        s.costValidFrom !== o.costValidFrom ||
        s.shippingCostMicros !== o.shippingCostMicros ||
        s.lifecycle !== o.lifecycle ||
        s.notes !== o.notes
      );
    });
    if (detailChanges.length) {
      await tx.execute(sql`
        update product_details d set cost_micros = v.cost_micros, cost_currency = v.cost_currency,
          cost_valid_from = v.cost_valid_from::date, shipping_cost_micros = v.shipping_cost_micros,
          lifecycle = v.lifecycle, notes = v.notes, updated_at = now()
        from json_to_recordset(${JSON.stringify(
          detailChanges.map((s) => ({
            product_id: s.productId,
            cost_micros: s.costMicros,
            cost_currency: s.costCurrency,
            cost_valid_from: s.costValidFrom,
            shipping_cost_micros: s.shippingCostMicros,
            lifecycle: s.lifecycle,
            notes: s.notes,
          })),
        )}::json) as v(product_id uuid, cost_micros bigint, cost_currency text,
          cost_valid_from text, shipping_cost_micros bigint, lifecycle text, notes text)
        where d.product_id = v.product_id`);
    }
    const tagChanges = changed.filter((s) => s.tags !== original.get(s.productId)!.tags);
    if (tagChanges.length) await replaceTags(tx, context.sellerProfileId, tagChanges);

    if (errors.length) {
      let seq = 0;
      await tx.execute(sql`
        insert into product_import_errors (import_id, row, "column", value, reason, seq)
        select ${context.importId}::uuid, e.row, e.col, e.value, e.reason, e.seq
        from json_to_recordset(${JSON.stringify(
          errors.map((e) => ({ ...e, col: e.column, seq: seq++ })),
        )}::json) as e(row int, col text, value text, reason text, seq int)`);
    }
    await tx.execute(sql`
      update product_imports set rows_done = rows_done + ${batch.length},
        created = created + ${result.created}, updated = updated + ${result.updated},
        unchanged = unchanged + ${result.unchanged}, failed = failed + ${result.failed}
      where id = ${context.importId}`);
    return result;
  });
}

async function replaceTags(tx: Tx, sellerProfileId: string, changes: ProductState[]) {
  const texts = [
    ...new Map(changes.flatMap((s) => s.tags).map((t) => [t.toLowerCase(), t])).values(),
  ];
  if (texts.length) {
    await tx.execute(sql`
      insert into tags (seller_profile_id, text)
      select ${sellerProfileId}::uuid, t from json_array_elements_text(${JSON.stringify(texts)}::json) as t
      on conflict do nothing`);
  }
  const ids = JSON.stringify(changes.map((s) => s.productId));
  await tx.execute(sql`
    delete from product_tags where product_id in
      (select (json_array_elements_text(${ids}::json))::uuid)`);
  const pairs = changes.flatMap((s) =>
    s.tags.map((tag) => ({ p: s.productId, t: tag.toLowerCase() })),
  );
  if (pairs.length) {
    await tx.execute(sql`
      insert into product_tags (product_id, tag_id)
      select v.p, t.id from json_to_recordset(${JSON.stringify(pairs)}::json) as v(p uuid, t text)
      join tags t on t.seller_profile_id = ${sellerProfileId} and lower(t.text) = v.t
      on conflict do nothing`);
  }
}
