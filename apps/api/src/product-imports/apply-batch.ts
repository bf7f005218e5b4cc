import type { Database } from "@starport/db";
import { getMarketplace } from "@starport/marketplaces";
import { sql } from "drizzle-orm";
import {
  type CellError,
  displayCell,
  type ImportFieldName,
  type ParsedRow,
  parseRow,
} from "./fields.ts";
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
  /** File row naming the columns (rows up to it are not data). */
  headerRow?: number;
  /**
   * Key (marketplace + SKU regardless of case, or ASIN) → first row that had it, over the whole
   * run: a later row with the same key is a row error naming both rows (the first one applies).
   */
  seenKeys?: Map<string, number>;
}

export class LostLeaseError extends Error {}

interface ProductState {
  productId: string;
  currency: string;
  /** The listing's price (gross), for the plausibility check of a cost. */
  priceMicros: number | null;
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
  /** Rows applied with a plausibility warning. */
  warnings: number;
}

/** A batch validated outside the transaction: its rows' values, or their cell errors. */
export interface RowProblem extends CellError {
  row: number;
  severity?: "error" | "warning";
  relatedRow?: number | null;
  /** The row's original cells (for the re-uploadable error file). */
  cells?: string[];
}

export interface PreparedBatch {
  /** Data rows the batch covers (valid and broken): what the checkpoint advances by. */
  size: number;
  errors: RowProblem[];
  valid: { line: number; row: ParsedRow; cells: string[] }[];
}

const originalCells = (cells: SheetRow["cells"], width: number) =>
  Array.from({ length: Math.max(width, cells.length) }, (_, i) => displayCell(cells[i]));

/** The identity of a row's product: marketplace and SKU (regardless of case) or ASIN. */
export function rowKey(row: ParsedRow, defaultMarketplace: string): string | null {
  const marketplace = row.marketplace ?? defaultMarketplace;
  if (row.sku) return `${marketplace}\u0000sku\u0000${row.sku.toLowerCase()}`;
  if (row.asin) return `${marketplace}\u0000asin\u0000${row.asin}`;
  return null;
}

/**
 * Registers the keys of rows a resumed run already committed, so a duplicate of one of them is
 * still found after a restart.
 */
export function rememberKeys(
  context: Pick<ImportContext, "mapping" | "headers" | "defaultMarketplace" | "seenKeys">,
  batch: readonly SheetRow[],
) {
  if (!context.seenKeys) return;
  for (const sheetRow of batch) {
    const key = rowKey(
      parseRow(sheetRow.cells, context.mapping, context.headers).row,
      context.defaultMarketplace,
    );
    if (key && !context.seenKeys.has(key)) context.seenKeys.set(key, sheetRow.row);
  }
}

/**
 * Validates a batch's cells (no database): done while the previous batch commits. A row whose
 * product an earlier row of the file already named is a "duplicateKey" error naming that row:
 * the first row applies, so importing the same file twice changes nothing the second time.
 */
export function prepareImportBatch(
  context: Pick<ImportContext, "mapping" | "headers"> &
    Partial<Pick<ImportContext, "defaultMarketplace" | "seenKeys">>,
  batch: readonly SheetRow[],
): PreparedBatch {
  const errors: PreparedBatch["errors"] = [];
  const valid: PreparedBatch["valid"] = [];
  for (const sheetRow of batch) {
    const parsed = parseRow(sheetRow.cells, context.mapping, context.headers);
    const cells = originalCells(sheetRow.cells, context.headers.length);
    const key = context.seenKeys ? rowKey(parsed.row, context.defaultMarketplace ?? "") : null;
    const first = key ? context.seenKeys!.get(key) : undefined;
    if (key && first === undefined) context.seenKeys!.set(key, sheetRow.row);
    if (first !== undefined) {
      const keyIndex = parsed.row.sku ? context.mapping.sku : context.mapping.asin;
      errors.push({
        row: sheetRow.row,
        column: context.headers[keyIndex ?? 0] ?? (parsed.row.sku ? "sku" : "asin"),
        value: parsed.row.sku ?? parsed.row.asin ?? "",
        reason: "duplicateKey",
        relatedRow: first,
        cells,
      });
    }
    if (parsed.errors.length > 0)
      for (const error of parsed.errors) errors.push({ ...error, row: sheetRow.row, cells });
    else if (first === undefined) valid.push({ line: sheetRow.row, row: parsed.row, cells });
  }
  return { size: batch.length, errors, valid };
}

type FoundRow = {
  i: number;
  product_id: string;
  currency: string;
  price_micros: string | number | null;
  cost_micros: string | number | null;
  cost_currency: string | null;
  cost_valid_from: string | null;
  shipping_cost_micros: string | number | null;
  lifecycle: string | null;
  notes: string;
  tags: string[] | null;
};

export async function applyImportBatch(
  db: Database,
  context: ImportContext,
  batch: PreparedBatch | readonly SheetRow[],
  expectedDone: number,
): Promise<BatchResult> {
  const prepared = "valid" in batch ? batch : prepareImportBatch(context, batch);
  return db.transaction(async (tx) => {
    // The batch commits with its checkpoint, so a commit lost in a database crash is redone on
    // resume: waiting for the WAL flush buys nothing here and costs a disk sync per batch.
    await tx.execute(sql`set local synchronous_commit = off`);
    const lease = (await tx.execute(sql`
      select rows_done from product_imports where id = ${context.importId} for update`)) as unknown as Rows<{
      rows_done: number;
    }>;
    if (Number(lease.rows[0]?.rows_done) !== expectedDone) throw new LostLeaseError();

    const errors = [...prepared.errors];
    const { valid } = prepared;
    const failedRows = new Set(errors.map((e) => e.row));

    const accounts = (await tx.execute(sql`
      select id from seller_accounts where seller_profile_id = ${context.sellerProfileId}`)) as unknown as Rows<{
      id: string;
    }>;
    // One key per row and seller account, so each lookup is an equality on a whole index
    // (account, marketplace, SKU) or (account, ASIN): given the account only in a join, the
    // planner preferred the trigram search index for `sku = …`, thousands of times slower.
    const keys = valid.flatMap(({ row }, i) => {
      const marketplace = row.marketplace ?? context.defaultMarketplace;
      const key = {
        i,
        sku: row.sku ?? null,
        asin: row.sku ? null : (row.asin ?? null),
        marketplace,
        marketplace_id: getMarketplace(marketplace)?.marketplaceId ?? "",
      };
      return accounts.rows.map((a) => ({ ...key, account_id: a.id }));
    });
    // The current tags only when the file sets tags.
    const tagsColumn =
      context.mapping.tags === undefined
        ? sql`null::text[]`
        : sql`coalesce((select array_agg(t.text order by t.text) from product_tags pt
          join tags t on t.id = pt.tag_id where pt.product_id = m.id), '{}')`;
    const found = keys.length
      ? ((await tx.execute(sql`
      with k as (
        select * from json_to_recordset(${JSON.stringify(keys)}::json) as k(i int,
          account_id uuid, sku text, asin text, marketplace text, marketplace_id text)
      ), matched as (
        select k.i, p.id, p.currency, p.price_micros from k
        join products p on p.seller_account_id = k.account_id
          and p.marketplace_id = k.marketplace_id and p.sku = k.sku
        where k.sku is not null
        union all
        -- No listing with exactly this SKU: the one whose SKU differs only in case (Amazon keeps
        -- a SKU unique in a marketplace regardless of case), if exactly one does.
        select ci.i, ci.id, ci.currency, ci.price_micros from (
          select k.i, p.id, p.currency, p.price_micros,
            count(*) over (partition by k.i, k.account_id) as n
          from k
          join products p on p.seller_account_id = k.account_id
            and p.marketplace_id = k.marketplace_id and lower(p.sku) = lower(k.sku)
          where k.sku is not null and not exists (select 1 from products e
            where e.seller_account_id = k.account_id and e.marketplace_id = k.marketplace_id
              and e.sku = k.sku)
        ) ci where ci.n = 1
        union all
        select k.i, p.id, p.currency, p.price_micros from k
        join products p on p.seller_account_id = k.account_id and p.asin = k.asin
          and p.marketplace = k.marketplace
        where k.sku is null
      )
      select m.i, m.id as product_id, m.currency, m.price_micros, d.cost_micros, d.cost_currency,
        d.cost_valid_from::text as cost_valid_from, d.shipping_cost_micros, d.lifecycle, d.notes,
        ${tagsColumn} as tags
      from matched m
      join product_details d on d.product_id = m.id
      order by m.i, m.id`)) as unknown as Rows<FoundRow>)
      : { rows: [] };

    const states = new Map<string, ProductState>();
    const byRow = new Map<number, string[]>();
    for (const r of found.rows) {
      if (!states.has(r.product_id))
        states.set(r.product_id, {
          productId: r.product_id,
          currency: r.currency,
          priceMicros: r.price_micros === null ? null : Number(r.price_micros),
          costMicros: r.cost_micros === null ? null : Number(r.cost_micros),
          costCurrency: r.cost_currency,
          costValidFrom: r.cost_valid_from,
          shippingCostMicros:
            r.shipping_cost_micros === null ? null : Number(r.shipping_cost_micros),
          lifecycle: r.lifecycle,
          notes: r.notes,
          tags: r.tags ?? [],
        });
      const i = Number(r.i);
      const ids = byRow.get(i);
      if (ids) ids.push(r.product_id);
      else byRow.set(i, [r.product_id]);
    }
    const original = new Map(states);
    const result: BatchResult = { created: 0, updated: 0, unchanged: 0, failed: 0, warnings: 0 };
    valid.forEach(({ line, row, cells }, i) => {
      const productIds = byRow.get(i);
      if (!productIds) {
        const keyColumn = row.sku ? context.mapping.sku : context.mapping.asin;
        errors.push({
          row: line,
          column: context.headers[keyColumn ?? 0] ?? (row.sku ? "sku" : "asin"),
          value: row.sku ?? row.asin ?? "",
          reason: "unknownProduct",
          cells,
        });
        failedRows.add(line);
        return;
      }
      // Plausibility: a cost above the listing's price (a thousands separator misread?) is
      // applied, with a warning on the row.
      if (row.cost !== undefined) {
        const cost = micros(row.cost);
        const above = productIds.some((id) => {
          const s = states.get(id)!;
          const currency = row.costCurrency ?? s.costCurrency ?? s.currency;
          return currency === s.currency && s.priceMicros !== null && cost > s.priceMicros;
        });
        if (above) {
          errors.push({
            row: line,
            column: context.headers[context.mapping.cost ?? 0] ?? "cost",
            value: cells[context.mapping.cost ?? 0] ?? String(row.cost),
            reason: "costAbovePrice",
            severity: "warning",
            cells,
          });
          result.warnings += 1;
        }
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
    if (tagChanges.length)
      await replaceTags(
        tx,
        context.sellerProfileId,
        tagChanges.map((s) => ({
          productId: s.productId,
          from: original.get(s.productId)!.tags,
          to: s.tags,
        })),
      );

    if (errors.length) {
      let seq = 0;
      await tx.execute(sql`
        insert into product_import_errors (import_id, row, "column", value, reason, seq, severity,
          related_row, cells)
        select ${context.importId}::uuid, e.row, e.col, e.value, e.reason, e.seq, e.severity,
          e.related_row, e.cells
        from json_to_recordset(${JSON.stringify(
          errors.map((e) => ({
            row: e.row,
            col: e.column,
            value: e.value,
            reason: e.reason,
            seq: seq++,
            severity: e.severity ?? "error",
            related_row: e.relatedRow ?? null,
            cells: e.cells ?? null,
          })),
        )}::json) as e(row int, col text, value text, reason text, seq int, severity text,
          related_row int, cells jsonb)`);
    }
    await tx.execute(sql`
      update product_imports set rows_done = rows_done + ${prepared.size},
        created = created + ${result.created}, updated = updated + ${result.updated},
        unchanged = unchanged + ${result.unchanged}, failed = failed + ${result.failed},
        warnings = warnings + ${result.warnings}
      where id = ${context.importId}`);
    return result;
  });
}

/**
 * Moves each product's tags from `from` to `to` (compared case-insensitively) by removing and
 * adding only the difference: a product keeping most of its tags costs no index churn.
 */
async function replaceTags(
  tx: Tx,
  sellerProfileId: string,
  changes: { productId: string; from: string[]; to: string[] }[],
) {
  const removed: { p: string; t: string }[] = [];
  const added: { p: string; t: string }[] = [];
  const texts = new Map<string, string>();
  for (const { productId, from, to } of changes) {
    const before = new Set(from.map((t) => t.toLowerCase()));
    const after = new Set(to.map((t) => t.toLowerCase()));
    for (const t of before) if (!after.has(t)) removed.push({ p: productId, t });
    for (const tag of to) {
      const t = tag.toLowerCase();
      if (before.has(t)) continue;
      added.push({ p: productId, t });
      if (!texts.has(t)) texts.set(t, tag);
    }
  }
  if (removed.length) {
    await tx.execute(sql`
      delete from product_tags pt using json_to_recordset(${JSON.stringify(removed)}::json)
        as v(p uuid, t text), tags t
      where t.seller_profile_id = ${sellerProfileId} and lower(t.text) = v.t
        and pt.product_id = v.p and pt.tag_id = t.id`);
  }
  if (texts.size) {
    await tx.execute(sql`
      insert into tags (seller_profile_id, text)
      select ${sellerProfileId}::uuid, t
      from json_array_elements_text(${JSON.stringify([...texts.values()])}::json) as t
      on conflict do nothing`);
  }
  if (added.length) {
    await tx.execute(sql`
      insert into product_tags (product_id, tag_id)
      select v.p, t.id from json_to_recordset(${JSON.stringify(added)}::json) as v(p uuid, t text)
      join tags t on t.seller_profile_id = ${sellerProfileId} and lower(t.text) = v.t
      on conflict do nothing`);
  }
}
