import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { excerpt, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { validationErrorFromZod, violation } from "../validation.ts";
import { parseFilters, searchMappings } from "./filters.ts";
import { BadRequestError } from "./http-errors.ts";
import { idFromIri, isRef, isUuid, refIri } from "./iri.ts";
import { applyMergePatch, isPlainObject } from "./merge-patch.ts";
import { parsePagination } from "./pagination.ts";
import type { Registry } from "./registry.ts";
import { deleteRow, findRow, insertRow, listRows, rowExists, updateRow } from "./repository.ts";
import type {
  Access,
  AnyResource,
  ProcessorContext,
  ProviderServices,
  ReadContext,
  RequestOrigin,
} from "./resource.ts";
import type { Serializer } from "./serializer.ts";
import { isShared, scopeFor } from "./tenant.ts";

/** The use cases behind every resource route: list, read, create, merge-patch, delete. */

export interface OperationContext {
  db: Database;
  services?: ProviderServices;
  principal: Principal;
  registry: Registry;
  serializer: Serializer;
  /** Where the request came from, for the audit trail a processor may write. */
  origin?: RequestOrigin;
}

const NO_READ_CONTEXT: ReadContext = { asOf: {} };

function notFound(): never {
  throw new NotFoundError("Not Found");
}

/** The rows with the resource's computed fields (resource.computed), else as read. */
async function withComputed<R extends Record<string, unknown>>(
  ctx: OperationContext,
  resource: AnyResource,
  rows: R[],
): Promise<R[]> {
  return resource.computed && rows.length ? resource.computed(ctx.db, rows) : rows;
}

async function render(ctx: OperationContext, resource: AnyResource, read: Record<string, unknown>) {
  const [row = read] = await withComputed(ctx, resource, [read]);
  return ctx.serializer.item(
    resource,
    String(row.id),
    resource.toOutput(row, NO_READ_CONTEXT),
    ctx.registry.byPath,
  );
}

/** Whether the item of the resource exists and the caller may see it. */
async function visible(ctx: OperationContext, resource: AnyResource, id: string) {
  return (await findRow(ctx.db, resource, id, scopeFor(resource, ctx.principal))) !== undefined;
}

function checkAccess(ctx: OperationContext, resource: AnyResource, access: Access): void {
  if (access === false) throw new ForbiddenError();
  const adminOnly = access === "admin" || isShared(resource);
  if (adminOnly && !ctx.principal.isAdmin) throw new ForbiddenError();
}

export interface CollectionRequest {
  query: URLSearchParams;
  /** The collection's path as requested (subresource paths included), without query. */
  path: string;
  /** A relation filter fixed by the route: `/seller_profiles/{id}/brands`. */
  fixed?: { parameter: string; value: string };
}

export async function listCollection(
  ctx: OperationContext,
  resource: AnyResource,
  request: CollectionRequest,
) {
  const query = new URLSearchParams(request.query);
  if (request.fixed && !isUuid(request.fixed.value)) notFound();
  if (request.fixed) {
    query.delete(request.fixed.parameter);
    query.delete(`${request.fixed.parameter}[]`);
  }
  const filterQuery = new URLSearchParams(query);
  if (request.fixed) filterQuery.set(request.fixed.parameter, request.fixed.value);
  resource.provider?.validate?.(filterQuery);
  const filters = parseFilters(resource, filterQuery);
  const pagination = parsePagination(resource, query);
  const scope = scopeFor(resource, ctx.principal);
  const limit = pagination.enabled ? pagination.itemsPerPage : undefined;
  const offset = pagination.enabled ? (pagination.page - 1) * pagination.itemsPerPage : 0;
  // A filter naming another customer's item answers as if the item did not exist. The check
  // rides on the list query (generic lists) or runs beside the (tenant-scoped, so harmless)
  // provider's query: no round trip of its own.
  const [visibility, { rows: read, total, extra }] = resource.provider
    ? await Promise.all([
        Promise.all(filters.relations.map((r) => visible(ctx, r.target, r.id))),
        resource.provider.collection({
          db: ctx.db,
          services: ctx.services ?? {},
          principal: ctx.principal,
          scope,
          conditions: filters.conditions,
          computed: filters.computed,
          order: filters.order,
          relations: filters.relations,
          query: filterQuery,
          limit,
          offset,
          visible: (target, id) => visible(ctx, target, id),
        }),
      ])
    : await listRows(
        ctx.db,
        resource,
        scope,
        { conditions: filters.conditions, order: filters.order, limit, offset },
        filters.relations.map((r) => rowExists(r.target, r.id, scopeFor(r.target, ctx.principal))),
      ).then((result) => [result.checks, { ...result, extra: undefined }] as const);
  if (visibility.includes(false)) notFound();
  const rows = await withComputed(ctx, resource, read);
  const readContext: ReadContext = { asOf: filters.asOf };
  const lastPage =
    pagination.itemsPerPage > 0 ? Math.max(1, Math.ceil(total / pagination.itemsPerPage)) : 1;
  return ctx.serializer.collection(
    resource,
    rows.map((row) => ({
      id: row.id === undefined || row.id === null ? null : String(row.id),
      fields: resource.toOutput(row, readContext),
    })),
    total,
    {
      query,
      path: request.path,
      paginated: pagination.enabled,
      page: pagination.page,
      lastPage,
      hasParameters: filters.hasParameters || query.has("page") || query.has("itemsPerPage"),
    },
    searchMappings(resource),
    ctx.registry.byPath,
    extra,
  );
}

export async function getItem(
  ctx: OperationContext,
  resource: AnyResource,
  id: string,
  query: URLSearchParams = new URLSearchParams(),
) {
  if (!isUuid(id) || resource.itemOperation === false) notFound();
  const scope = scopeFor(resource, ctx.principal);
  let row: Record<string, unknown> | undefined;
  if (resource.provider?.item) {
    resource.provider.validate?.(query);
    row = await resource.provider.item(
      {
        db: ctx.db,
        services: ctx.services ?? {},
        principal: ctx.principal,
        scope,
        conditions: [],
        computed: [],
        order: [],
        relations: [],
        query,
        limit: 1,
        offset: 0,
        visible: (target, itemId) => visible(ctx, target, itemId),
      },
      id,
    );
  } else {
    row = await findRow(ctx.db, resource, id, scope);
  }
  if (!row) notFound();
  return render(ctx, resource, row);
}

/** Relation IRIs of a valid document → ids; each must name a visible item (else 404). */
async function resolveRelations(
  ctx: OperationContext,
  resource: AnyResource,
  document: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const resolved = { ...document };
  for (const [field, targetOf] of Object.entries(resource.relations ?? {})) {
    const value = resolved[field];
    if (value === undefined || value === null) continue;
    const target = targetOf();
    if (typeof value !== "string") {
      throw new ValidationError([violation(field, "invalid")]);
    }
    const id = idFromIri(target, value);
    if (!id) throw new BadRequestError(`Invalid IRI "${excerpt(value)}".`);
    if (!(await visible(ctx, target, id))) {
      throw new NotFoundError(`Item not found for "${excerpt(value)}".`);
    }
    resolved[field] = id;
  }
  return resolved;
}

function validate(resource: AnyResource, document: unknown): Record<string, unknown> {
  if (!isPlainObject(document)) throw new BadRequestError("The input data is misformatted.");
  const result = resource.input!.safeParse(document);
  if (!result.success) throw validationErrorFromZod(result.error, document);
  return result.data as Record<string, unknown>;
}

/** Unique indexes become a 422 on the property they guard, as UniqueEntity does. */
function uniqueViolation(resource: AnyResource, error: unknown): ValidationError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === "23505") {
      const path =
        (candidate.constraint && resource.uniqueConstraints?.[candidate.constraint]) ?? "";
      return new ValidationError([violation(path, "unique")]);
    }
    current = candidate.cause;
  }
  return null;
}

async function inTransaction<T>(
  ctx: OperationContext,
  resource: AnyResource,
  work: (db: Database, processor: ProcessorContext) => Promise<T>,
): Promise<T> {
  const after: (() => Promise<void>)[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) =>
      work(tx as unknown as Database, {
        db: tx as unknown as Database,
        principal: ctx.principal,
        services: ctx.services ?? {},
        origin: ctx.origin ?? { ip: null, userAgent: null },
        afterCommit: (job) => {
          after.push(job);
        },
      }),
    );
  } catch (error) {
    throw uniqueViolation(resource, error) ?? error;
  }
  for (const job of after) await job();
  return result;
}

export async function createItem(ctx: OperationContext, resource: AnyResource, body: unknown) {
  checkAccess(ctx, resource, resource.operations.create);
  const document = await resolveRelations(ctx, resource, validate(resource, body));
  const processor = resource.processor?.create;
  const row = processor
    ? await inTransaction(ctx, resource, (_tx, context) => processor(context, document))
    : await inTransaction(ctx, resource, (tx) =>
        insertRow(
          tx,
          resource,
          resource.toValues!(document, { customerId: ctx.principal.customerId }),
        ),
      );
  return {
    status: resource.created?.status(row) ?? 201,
    body: await render(ctx, resource, row),
  };
}

/** The writable document of a row, relations as IRIs: what a merge patch applies to. */
function writableDocument(resource: AnyResource, row: Record<string, unknown>) {
  const document = resource.toWritable!(row);
  return Object.fromEntries(
    Object.entries(document).map(([key, value]) => [key, isRef(value) ? refIri(value) : value]),
  );
}

/**
 * A top-level `null` in a merge patch clears a nullable property, as API Platform's PATCH does:
 * RFC 7396 would remove the member, and the full document would then miss a required field.
 * Deeper down (a settings block) null keeps its RFC meaning: the key goes, the value is unset.
 */
function withNullsKept(
  resource: AnyResource,
  merged: unknown,
  patch: Record<string, unknown>,
): unknown {
  if (!isPlainObject(merged)) return merged;
  const shape = (
    resource.input as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && shape?.[key]?.safeParse(null).success) merged[key] = null;
  }
  return merged;
}

export async function updateItem(
  ctx: OperationContext,
  resource: AnyResource,
  id: string,
  patch: unknown,
) {
  if (!isUuid(id)) notFound();
  if (!isPlainObject(patch)) throw new BadRequestError("The input data is misformatted.");
  const scope = scopeFor(resource, ctx.principal);
  const row = await inTransaction(ctx, resource, async (tx, context) => {
    const existing = await findRow(tx, resource, id, scope);
    if (!existing) notFound();
    checkAccess(ctx, resource, resource.operations.update);
    const merged = withNullsKept(
      resource,
      applyMergePatch(writableDocument(resource, existing), patch),
      patch,
    );
    const document = await resolveRelations(
      { ...ctx, db: tx },
      resource,
      validate(resource, merged),
    );
    if (resource.processor?.update) return resource.processor.update(context, existing, document);
    const values = resource.toValues!(document, { customerId: ctx.principal.customerId });
    return (await updateRow(tx, resource, id, scope, values)) ?? notFound();
  });
  return render(ctx, resource, row);
}

export async function deleteItem(ctx: OperationContext, resource: AnyResource, id: string) {
  if (!isUuid(id)) notFound();
  const scope = scopeFor(resource, ctx.principal);
  await inTransaction(ctx, resource, async (tx, context) => {
    const existing = await findRow(tx, resource, id, scope);
    if (!existing) notFound();
    checkAccess(ctx, resource, resource.operations.delete);
    const processor = resource.processor?.delete;
    if (processor) await processor(context, existing);
    else if (!(await deleteRow(tx, resource, id, scope))) notFound();
  });
}
