/** Sponsored Products v3 CRUD routes (create, update, delete, list), served from each ResourceDef. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { header, isObject, sendError, sendJson } from "../http.ts";
import type { SandboxState } from "../state.ts";
import { todayOf } from "../world.ts";
import { authAds } from "./auth.ts";
import { checkWritable, type ErrItem, mkErr, notFound } from "./errors.ts";
import {
  checkMediaType,
  decodeToken,
  encodeToken,
  idList,
  invalidInput,
  readBody,
} from "./request.ts";
import type { Ctx, ResourceDef } from "./resource-def.ts";

/** Every write: an authorised profile, the resource's media type, a JSON body. */
function prepare(
  state: SandboxState,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
): { ctx: Ctx; body: Record<string, unknown> } | undefined {
  const ctx = authAds(state, req, reply, "v3", true);
  if (!ctx || ctx === "profiles-only") return undefined;
  if (!checkMediaType(req, reply, "v3", [def.mediaType])) return undefined;
  const body = readBody(req, reply, "v3");
  if (!body) return undefined;
  return { ctx, body };
}
/** The request's items under the resource's key: 1 to 1000 of them. */
function items(
  def: ResourceDef,
  body: Record<string, unknown>,
  reply: FastifyReply,
): Record<string, unknown>[] | undefined {
  const arr = body[def.key];
  if (!Array.isArray(arr) || arr.length === 0 || arr.length > 1000) {
    sendError(reply, "v3", 400, `${def.key} must be an array of 1 to 1000 items`);
    return undefined;
  }
  return arr.map((x) => (isObject(x) ? x : {}));
}
function mine(ctx: Ctx, e: { profileId: number }): boolean {
  return e.profileId === ctx.profile.profileId;
}
/** The 207 multi-status answer: ids (or, on `Prefer: return=representation`, entities) per index. */
function respond(
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: Ctx,
  success: { index: number; entity: unknown }[],
  error: { index: number; errors: ErrItem[] }[],
) {
  const full = /return=representation/i.test(header(req, "prefer") ?? "");
  const body = {
    [def.key]: {
      success: success.map(({ index, entity }) => {
        const item: Record<string, unknown> = {
          index,
          [def.successIdField]: (entity as Record<string, string>)[def.idField],
        };
        if (full) item[def.successObjField] = def.toJson(entity, ctx, false);
        return item;
      }),
      error,
    },
  };
  return sendJson(reply, 207, body, def.mediaType);
}

async function createEntities(
  state: SandboxState,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const p = prepare(state, def, req, reply);
  if (!p) return reply;
  const list = items(def, p.body, reply);
  if (!list) return reply;
  const success: { index: number; entity: unknown }[] = [];
  const error: { index: number; errors: ErrItem[] }[] = [];
  list.forEach((item, index) => {
    const r = def.create(p.ctx, item, `$.${def.key}[${index}]`);
    if ("entity" in r) success.push({ index, entity: r.entity });
    else error.push({ index, errors: r.errors });
  });
  return respond(def, req, reply, p.ctx, success, error);
}

async function updateEntities(
  state: SandboxState,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const p = prepare(state, def, req, reply);
  if (!p) return reply;
  const list = items(def, p.body, reply);
  if (!list) return reply;
  const success: { index: number; entity: unknown }[] = [];
  const error: { index: number; errors: ErrItem[] }[] = [];
  list.forEach((item, index) => {
    const loc = `$.${def.key}[${index}]`;
    const id = item[def.idField];
    if (typeof id !== "string" || id === "") {
      error.push({
        index,
        errors: [
          mkErr(
            "missingValueError",
            "MISSING_VALUE",
            `${def.idField} is required`,
            `${loc}.${def.idField}`,
          ),
        ],
      });
      return;
    }
    const entity = def.store(p.ctx.world).get(id);
    if (!entity || !mine(p.ctx, entity)) {
      error.push({ index, errors: [notFound(def.entityType, id, `${loc}.${def.idField}`)] });
      return;
    }
    const locked = checkWritable(entity, def.entityType, id, `${loc}.${def.idField}`);
    if (locked) {
      error.push({ index, errors: [locked] });
      return;
    }
    const rejection = state.rejections.get(id);
    if (rejection) {
      error.push({
        index,
        errors: [
          mkErr(
            "entityStateError",
            rejection.code,
            rejection.message,
            `${loc}.${def.idField}`,
            id,
            {
              entityType: def.entityType,
            },
          ),
        ],
      });
      return;
    }
    const r = def.update(p.ctx, entity, item, loc);
    if ("entity" in r) success.push({ index, entity: r.entity });
    else error.push({ index, errors: r.errors });
  });
  return respond(def, req, reply, p.ctx, success, error);
}

async function deleteEntities(
  state: SandboxState,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const p = prepare(state, def, req, reply);
  if (!p) return reply;
  const ids = idList(p.body, def.deleteFilter);
  if (ids === undefined || ids === "invalid" || ids.length === 0)
    return sendError(
      reply,
      "v3",
      400,
      `${def.deleteFilter}.include must be an array of 1 to 1000 ids`,
    );
  const success: { index: number; entity: unknown }[] = [];
  const error: { index: number; errors: ErrItem[] }[] = [];
  ids.forEach((id, index) => {
    const loc = `$.${def.deleteFilter}.include[${index}]`;
    const entity = def.store(p.ctx.world).get(id);
    if (!entity || !mine(p.ctx, entity)) {
      error.push({ index, errors: [notFound(def.entityType, id, loc)] });
      return;
    }
    const blocked = def.canArchive?.(entity, loc);
    if (blocked) {
      error.push({ index, errors: [blocked] });
      return;
    }
    entity.state = "ARCHIVED";
    entity.updated = `${todayOf(p.ctx.world)}T00:00:00.000Z`;
    success.push({ index, entity });
  });
  return respond(def, req, reply, p.ctx, success, error);
}

async function listEntities(
  state: SandboxState,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const ctx = authAds(state, req, reply, "v3", true);
  if (!ctx || ctx === "profiles-only") return reply;
  if (!checkMediaType(req, reply, "v3", [def.mediaType])) return reply;
  const raw = req.body as unknown;
  const body = raw === undefined || raw === null || raw === "" ? {} : readBody(req, reply, "v3");
  if (!body) return reply;
  const maxResults = body.maxResults ?? 1000;
  if (
    typeof maxResults !== "number" ||
    !Number.isInteger(maxResults) ||
    maxResults < 1 ||
    maxResults > 5000
  )
    return sendError(reply, "v3", 400, "maxResults must be an integer between 1 and 5000");
  const filters: ((e: Record<string, unknown>) => boolean)[] = [];
  for (const [filter, field] of Object.entries(def.idFilters)) {
    const ids = idList(body, filter);
    if (ids === "invalid")
      return sendError(reply, "v3", 400, `${filter} must be {"include": [...]}`);
    if (ids) {
      const set = new Set(ids);
      filters.push((e) => set.has(String(e[field])));
    }
  }
  const st = body.stateFilter;
  if (st !== undefined) {
    if (!isObject(st) || !Array.isArray(st.include))
      return sendError(reply, "v3", 400, 'stateFilter must be {"include": [...]}');
    const set = new Set(st.include.map((s) => String(s).toUpperCase()));
    filters.push((e) => set.has(String(e.state)));
  }
  if (def.textFilter && body[def.textFilter.name] !== undefined) {
    const tf = body[def.textFilter.name];
    if (!isObject(tf) || !Array.isArray(tf.include))
      return sendError(reply, "v3", 400, `${def.textFilter.name} is invalid`);
    const exact = tf.queryTermMatchType !== "BROAD_MATCH";
    const wanted = tf.include.map((s) => String(s).toLowerCase());
    const field = def.textFilter.field;
    filters.push((e) => {
      const v = String(e[field]).toLowerCase();
      return wanted.some((w) => (exact ? v === w : v.includes(w)));
    });
  }
  if (def.matchTypeFilter && body.matchTypeFilter !== undefined) {
    if (!Array.isArray(body.matchTypeFilter))
      return sendError(reply, "v3", 400, "matchTypeFilter must be an array");
    const set = new Set(body.matchTypeFilter.map(String));
    filters.push((e) => set.has(String(e.matchType)));
  }
  if (def.path === "targets" && body.expressionTypeFilter !== undefined) {
    const f = body.expressionTypeFilter;
    if (!isObject(f) || !Array.isArray(f.include))
      return sendError(reply, "v3", 400, "expressionTypeFilter is invalid");
    const set = new Set(f.include.map(String));
    filters.push((e) => set.has(String(e.expressionType)));
  }
  if (def.path === "adGroups" && body.campaignTargetingTypeFilter !== undefined) {
    const want = String(body.campaignTargetingTypeFilter);
    filters.push(
      (e) => ctx.world.entities.campaigns.get(String(e.campaignId))?.targetingType === want,
    );
  }
  const all: Record<string, unknown>[] = [];
  for (const e of def.store(ctx.world).values()) {
    if (e.profileId !== ctx.profile.profileId) continue;
    if (filters.every((f) => f(e))) all.push(e);
  }
  const sig = String(
    JSON.stringify({ ...body, nextToken: undefined, maxResults: undefined })
      .split("")
      .reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7),
  );
  let offset = 0;
  if (body.nextToken !== undefined && body.nextToken !== null && body.nextToken !== "") {
    const o = typeof body.nextToken === "string" ? decodeToken(body.nextToken, sig) : undefined;
    if (o === undefined) return invalidInput(reply, "Invalid nextToken", "$.nextToken");
    offset = o;
  }
  const page = all.slice(offset, offset + maxResults);
  const extendedData = body.includeExtendedDataFields === true;
  const out: Record<string, unknown> = {
    [def.key]: page.map((e) => def.toJson(e, ctx, extendedData)),
    totalResults: all.length,
  };
  if (offset + maxResults < all.length) out.nextToken = encodeToken(offset + maxResults, sig);
  return sendJson(reply, 200, out, def.mediaType);
}

export function registerResource(
  app: FastifyInstance,
  state: SandboxState,
  def: ResourceDef,
): void {
  const base = `/sp/${def.path}`;
  app.post(base, (req, reply) => createEntities(state, def, req, reply));
  app.put(base, (req, reply) => updateEntities(state, def, req, reply));
  app.post(`${base}/delete`, (req, reply) => deleteEntities(state, def, req, reply));
  app.post(`${base}/list`, (req, reply) => listEntities(state, def, req, reply));
}
