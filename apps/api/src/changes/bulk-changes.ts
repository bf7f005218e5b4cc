import { spLimitsOf, validateChangeValue } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { listCollection, type OperationContext } from "../hydra/operations.ts";
import { currentValues, violationError } from "./add-change.ts";
import { CHANGE_ENTITY_TYPES, type ChangeValue, fieldOf, labelOf, STATES } from "./fields.ts";
import { insertChanges } from "./insert-changes.ts";
import { type LoadedEntity, loadEntities } from "./load-entity.ts";
import type { SuggestedBids } from "./suggested-bids.ts";
import { recount, trayOf } from "./tray.ts";
import { inUuids } from "./uuid-list.ts";

/** The most rows one bulk edit may touch ("all rows matching the filter" included). */
export const MAX_BULK_ROWS = 20_000;

const adjust = {
  percent: z.number().min(-100).max(1000).optional(),
  amount: z.number().min(-1_000_000).max(1_000_000).optional(),
  min: z.number().min(0).optional(),
  max: z.number().min(0).optional(),
};

export const bulkAction = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("setBid"), value: z.number() }),
  z.object({ kind: z.literal("adjustBid"), ...adjust }),
  z.object({ kind: z.literal("suggestedBid") }),
  z.object({ kind: z.literal("setState"), state: z.enum(STATES) }),
  z.object({ kind: z.literal("setBudget"), value: z.number() }),
  z.object({ kind: z.literal("adjustBudget"), ...adjust }),
]);

export const bulkBody = z.object({
  entityType: z.enum(CHANGE_ENTITY_TYPES as [string, ...string[]]),
  selection: z.union([
    z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(MAX_BULK_ROWS) }),
    z.object({ query: z.string().max(4000) }),
  ]),
  action: bulkAction,
  reasonText: z.string().max(1000).optional(),
});
export type BulkBody = z.infer<typeof bulkBody>;
/** What a client sends to POST /api/bulk_changes. */
export type BulkChangeRequest = z.input<typeof bulkBody>;

export interface BulkResult {
  batches: string[];
  created: number;
  /** Rows left out, with the reason's code (and Amazon's words where Amazon refused the row). */
  skipped: { entity: string; reason: string; message?: string }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every id the collection's query string matches, page by page, exactly as the table lists them. */
async function idsOfQuery(ctx: OperationContext, entityType: string, query: string) {
  const resource = ctx.registry.byPath.get(entityType);
  if (!resource) return [];
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  params.delete("page");
  params.set("itemsPerPage", "1000");
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    params.set("page", String(page));
    const body = (await listCollection(ctx, resource, {
      query: params,
      path: `/api/${entityType}`,
    })) as Record<string, unknown>;
    const members = (body["hydra:member"] ?? body.member ?? []) as { id?: string }[];
    for (const m of members) if (m.id) ids.push(m.id);
    const total = Number(body["hydra:totalItems"] ?? body.totalItems ?? 0);
    if (members.length === 0 || ids.length >= total) break;
    if (ids.length > MAX_BULK_ROWS)
      throw violationError("selection.query", {
        code: "tooManyRows",
        params: { max: MAX_BULK_ROWS },
      });
  }
  return ids;
}

/** The field an action writes. */
function fieldOfAction(action: BulkBody["action"]): "bid" | "state" | "budget" {
  switch (action.kind) {
    case "setState":
      return "state";
    case "setBudget":
    case "adjustBudget":
      return "budget";
    default:
      return "bid";
  }
}

/** The ad groups' default bids: what a keyword without a bid of its own bids. */
async function defaultBids(db: Database, entities: LoadedEntity[]) {
  const ids = [
    ...new Set(entities.map((e) => e.row.adGroupId as string | null).filter((x) => x !== null)),
  ];
  if (!ids.length) return new Map<string, number>();
  const g = schema.adGroups;
  const rows = await db
    .select({ id: g.id, bid: g.defaultBidMicros })
    .from(g)
    .where(inUuids(g.id, ids));
  return new Map(rows.map((r) => [r.id, r.bid / 1_000_000]));
}

/**
 * A bulk edit (issue 10 §4): the selected rows — by id, or every row the collection's query string
 * matches across pages (the same Hydra query the table shows) — each get a change in the caller's
 * tray. A value outside Amazon's limits is clamped when the action names a floor or ceiling,
 * else the row is skipped with the reason.
 */
export async function bulkChanges(
  ctx: OperationContext,
  principal: Principal,
  body: BulkBody,
  suggestedBids?: (entities: LoadedEntity[]) => Promise<SuggestedBids>,
): Promise<BulkResult> {
  const { db } = ctx;
  const field = fieldOfAction(body.action);
  if (!fieldOf(body.entityType, field))
    throw violationError("action", { code: "fieldNotEditable" });
  const ids =
    "ids" in body.selection
      ? body.selection.ids.map((id) => id.split("/").pop() ?? id)
      : await idsOfQuery(ctx, body.entityType, body.selection.query);
  const entities = await loadEntities(db, principal, body.entityType, [...new Set(ids)]);
  const skipped: BulkResult["skipped"] = [];
  for (const id of new Set(ids))
    if (!entities.has(id)) skipped.push({ entity: id, reason: "notFound" });
  const list = [...entities.values()];
  const inherited = field === "bid" ? await defaultBids(db, list) : new Map<string, number>();
  const suggested =
    body.action.kind === "suggestedBid" && suggestedBids ? await suggestedBids(list) : undefined;
  const def = fieldOf(body.entityType, field)!;
  const planned: { entity: LoadedEntity; value: ChangeValue; old: ChangeValue }[] = [];
  for (const entity of list) {
    const id = String(entity.row.id);
    const old = def.read(entity.row);
    const current =
      old ?? (field === "bid" ? (inherited.get(entity.row.adGroupId as string) ?? null) : null);
    const action = body.action;
    let value: ChangeValue;
    let floor: number | undefined;
    let ceiling: number | undefined;
    switch (action.kind) {
      case "setBid":
      case "setBudget":
        value = action.value;
        break;
      case "setState":
        value = action.state;
        break;
      case "suggestedBid":
        value = suggested?.values.get(id) ?? null;
        if (suggested?.refused.has(id)) {
          skipped.push({
            entity: id,
            reason: "amazonRefused",
            message: suggested.refused.get(id)!,
          });
          continue;
        }
        if (value === null) {
          skipped.push({ entity: id, reason: "noSuggestedBid" });
          continue;
        }
        break;
      case "adjustBid":
      case "adjustBudget": {
        if (typeof current !== "number") {
          skipped.push({ entity: id, reason: "noCurrentValue" });
          continue;
        }
        let next = current;
        if (action.percent !== undefined) next = next * (1 + action.percent / 100);
        if (action.amount !== undefined) next = next + action.amount;
        floor = action.min;
        ceiling = action.max;
        if (floor !== undefined) next = Math.max(next, floor);
        if (ceiling !== undefined) next = Math.min(next, ceiling);
        value = round2(next);
        break;
      }
    }
    if (value === old) {
      skipped.push({ entity: id, reason: "unchanged" });
      continue;
    }
    const check = (v: ChangeValue) =>
      validateChangeValue({
        field,
        value: v,
        countryCode: entity.profile.countryCode,
        current: currentValues(body.entityType, entity.row),
      });
    let violation = check(value);
    if (violation && typeof value === "number" && (floor !== undefined || ceiling !== undefined)) {
      // A floor or ceiling was named: the marketplace's limits bound the value too.
      const limits = spLimitsOf(entity.profile.countryCode);
      const [lo, hi] =
        field === "budget" ? [limits.minBudget, limits.maxBudget] : [limits.minBid, limits.maxBid];
      value = Math.min(Math.max(value, lo), hi);
      violation = check(value);
    }
    if (violation) {
      skipped.push({ entity: id, reason: violation.code });
      continue;
    }
    planned.push({ entity, value, old });
  }

  const batches = new Map<string, string>();
  const c = schema.changes;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    for (const sellerProfileId of new Set(planned.map((p) => p.entity.profile.sellerProfileId))) {
      const tray = await trayOf(t, sellerProfileId, principal.userId);
      batches.set(sellerProfileId, tray.id);
      const mine = planned.filter((p) => p.entity.profile.sellerProfileId === sellerProfileId);
      for (let i = 0; i < mine.length; i += 1000) {
        const slice = mine.slice(i, i + 1000);
        // One row per entity and field in a tray: the bulk value replaces a draft one.
        await t.delete(c).where(
          and(
            eq(c.batchId, tray.id),
            eq(c.field, field),
            inUuids(
              c.entityId,
              slice.map((p) => String(p.entity.row.id)),
            ),
          ),
        );
        await insertChanges(
          t,
          slice.map((p) => ({
            batchId: tray.id,
            sellerProfileId,
            advertisingProfileId: p.entity.profile.id,
            entityType: body.entityType,
            entityId: String(p.entity.row.id),
            entityLabel: labelOf(body.entityType, p.entity.row),
            operation: "update" as const,
            field,
            oldValue: p.old,
            newValue: p.value,
            reasonCode: body.action.kind === "setState" ? "bulk_state" : "bulk_adjust",
            reasonParams: { ...body.action },
            reasonText: body.reasonText ?? null,
            authorKind: "user" as const,
            authorUserId: principal.userId,
            actorUserId: principal.actorId ?? null,
            actorName: principal.actorName ?? null,
            status: "pending" as const,
          })),
        );
      }
      await recount(t, tray.id);
    }
  });
  return { batches: [...batches.values()], created: planned.length, skipped };
}
