/** Amazon Ads API routes: profiles, Sponsored Products v3 CRUD, recommendations, reporting v3. */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkWritable, type ErrItem, mkErr, notFound } from "./ads/errors.ts";
import type { Ctx, ResourceDef } from "./ads/resource-def.ts";
import { RESOURCES } from "./ads/resources.ts";
import { daysBetween, parseIsoDate } from "./dates.ts";
import {
  header,
  INVALID_JSON,
  isObject,
  mediaTypeOf,
  publicBaseUrl,
  sendError,
  sendJson,
} from "./http.ts";
import { marketplaceById } from "./marketplaces.ts";
import { type AdsReportConfig, allowedColumns, buildAdsReport, REPORT_TYPES } from "./reports.ts";
import { keywordMatches, targetMatches } from "./simulation.ts";
import type { SandboxState } from "./state.ts";
import { type Product, productKey, relevanceOf, todayOf } from "./world.ts";

type Family = "v3" | "v2" | "reporting";

function authAds(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
  needScope: boolean,
): Ctx | "profiles-only" | undefined {
  const auth = header(req, "authorization");
  const clientId = header(req, "amazon-advertising-api-clientid");
  if (!auth || !/^bearer\s+/i.test(auth)) {
    sendError(reply, family, 401, "Authentication failed: missing Authorization bearer token");
    return undefined;
  }
  const token = auth.replace(/^bearer\s+/i, "").trim();
  const rec = state.auth.checkAccess(token);
  if (rec === undefined || rec === "expired" || rec.api !== "ads") {
    sendError(
      reply,
      family,
      401,
      rec === "expired"
        ? "Access token has expired"
        : "Authentication failed: invalid access token",
    );
    return undefined;
  }
  if (!clientId) {
    sendError(reply, family, 401, "Amazon-Advertising-API-ClientId header is missing");
    return undefined;
  }
  if (clientId !== rec.clientId) {
    sendError(
      reply,
      family,
      401,
      "Amazon-Advertising-API-ClientId does not match the access token",
    );
    return undefined;
  }
  (req as FastifyRequest & { sellerId?: string }).sellerId = rec.sellerId;
  if (!needScope) return "profiles-only";
  const scope = header(req, "amazon-advertising-api-scope");
  if (!scope) {
    sendError(reply, family, 401, "Scope header is missing");
    return undefined;
  }
  const profile = /^\d+$/.test(scope)
    ? state.world.profiles.find((p) => String(p.profileId) === scope)
    : undefined;
  const region = header(req, "x-sandbox-region");
  const mp = profile ? marketplaceById(profile.marketplaceId) : undefined;
  if (!profile || !mp || (region !== undefined && mp.region !== region)) {
    sendError(reply, family, 401, "No matching advertiser found for scope");
    return undefined;
  }
  if (profile.sellerId !== rec.sellerId) {
    sendError(reply, family, 401, "Not authorized to access scope");
    return undefined;
  }
  return { world: state.world, profile, mp };
}

function readBody(
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
): Record<string, unknown> | undefined {
  const body = req.body as unknown;
  if (body === INVALID_JSON || (isObject(body) && INVALID_JSON in body)) {
    sendError(reply, family, 400, "Request body is not valid JSON");
    return undefined;
  }
  if (!isObject(body)) {
    sendError(reply, family, 400, "Request body must be a JSON object");
    return undefined;
  }
  return body;
}

function checkMediaType(
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
  allowed: string[],
): boolean {
  const mt = mediaTypeOf(req);
  if (!allowed.map((a) => a.toLowerCase()).includes(mt)) {
    sendError(reply, family, 415, `Unsupported Content-Type '${mt}'. Expected ${allowed[0]}`);
    return false;
  }
  return true;
}

function idList(body: Record<string, unknown>, filter: string): string[] | "invalid" | undefined {
  const f = body[filter];
  if (f === undefined) return undefined;
  if (!isObject(f) || !Array.isArray(f.include) || f.include.length > 1000) return "invalid";
  return f.include.map(String);
}

function encodeToken(offset: number, sig: string): string {
  return Buffer.from(JSON.stringify({ o: offset, s: sig })).toString("base64url");
}

function decodeToken(token: string, sig: string): number | undefined {
  try {
    const o = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as {
      o?: unknown;
      s?: unknown;
    };
    if (typeof o.o === "number" && Number.isInteger(o.o) && o.o >= 0 && o.s === sig) return o.o;
  } catch {
    // fall through
  }
  return undefined;
}

function invalidInput(reply: FastifyReply, message: string, location: string): FastifyReply {
  return sendJson(reply, 400, {
    code: "INVALID_ARGUMENT",
    message,
    errors: [
      {
        errorType: "invalidInputError",
        errorValue: {
          invalidInputError: { reason: "INVALID_TOKEN", message, cause: { location } },
        },
      },
    ],
  });
}

const BID_STRATEGIES = ["AUTO_FOR_SALES", "LEGACY_FOR_SALES", "MANUAL", "RULE_BASED"];
const BID_PLACEMENTS = ["PLACEMENT_PRODUCT_PAGE", "PLACEMENT_REST_OF_SEARCH", "PLACEMENT_TOP"];

/** AsinsThemeBasedBidRecommendationRequest.bidding: required `{strategy, adjustments?}` (≤3 placement adjustments). */
function checkNewAdGroupBidding(bidding: unknown): string | undefined {
  if (bidding === undefined || bidding === null)
    return "bidding is required for BIDS_FOR_NEW_AD_GROUP";
  if (!isObject(bidding)) return "bidding must be an object";
  if (typeof bidding.strategy !== "string" || !BID_STRATEGIES.includes(bidding.strategy))
    return `bidding.strategy must be one of ${BID_STRATEGIES.join(", ")}`;
  const adj = bidding.adjustments;
  if (adj === undefined) return undefined;
  if (!Array.isArray(adj) || adj.length > 3)
    return "bidding.adjustments must be an array of at most 3 placement adjustments";
  for (const [i, a] of adj.entries()) {
    if (!isObject(a) || typeof a.predicate !== "string" || !BID_PLACEMENTS.includes(a.predicate))
      return `bidding.adjustments[${i}].predicate must be one of ${BID_PLACEMENTS.join(", ")}`;
    if (
      typeof a.percentage !== "number" ||
      !Number.isInteger(a.percentage) ||
      a.percentage < 0 ||
      a.percentage > 900
    )
      return `bidding.adjustments[${i}].percentage must be an integer 0..900`;
  }
  return undefined;
}

function registerResource(app: FastifyInstance, state: SandboxState, def: ResourceDef): void {
  const base = `/sp/${def.path}`;
  const prepare = (
    req: FastifyRequest,
    reply: FastifyReply,
  ): { ctx: Ctx; body: Record<string, unknown> } | undefined => {
    const ctx = authAds(state, req, reply, "v3", true);
    if (!ctx || ctx === "profiles-only") return undefined;
    if (!checkMediaType(req, reply, "v3", [def.mediaType])) return undefined;
    const body = readBody(req, reply, "v3");
    if (!body) return undefined;
    return { ctx, body };
  };
  const items = (
    body: Record<string, unknown>,
    reply: FastifyReply,
  ): Record<string, unknown>[] | undefined => {
    const arr = body[def.key];
    if (!Array.isArray(arr) || arr.length === 0 || arr.length > 1000) {
      sendError(reply, "v3", 400, `${def.key} must be an array of 1 to 1000 items`);
      return undefined;
    }
    return arr.map((x) => (isObject(x) ? x : {}));
  };
  const mine = (ctx: Ctx, e: { profileId: number }): boolean =>
    e.profileId === ctx.profile.profileId;
  const respond = (
    req: FastifyRequest,
    reply: FastifyReply,
    ctx: Ctx,
    success: { index: number; entity: unknown }[],
    error: { index: number; errors: ErrItem[] }[],
  ) => {
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
  };

  app.post(base, async (req, reply) => {
    const p = prepare(req, reply);
    if (!p) return reply;
    const list = items(p.body, reply);
    if (!list) return reply;
    const success: { index: number; entity: unknown }[] = [];
    const error: { index: number; errors: ErrItem[] }[] = [];
    list.forEach((item, index) => {
      const r = def.create(p.ctx, item, `$.${def.key}[${index}]`);
      if ("entity" in r) success.push({ index, entity: r.entity });
      else error.push({ index, errors: r.errors });
    });
    return respond(req, reply, p.ctx, success, error);
  });

  app.put(base, async (req, reply) => {
    const p = prepare(req, reply);
    if (!p) return reply;
    const list = items(p.body, reply);
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
    return respond(req, reply, p.ctx, success, error);
  });

  app.post(`${base}/delete`, async (req, reply) => {
    const p = prepare(req, reply);
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
    return respond(req, reply, p.ctx, success, error);
  });

  app.post(`${base}/list`, async (req, reply) => {
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
  });
}

interface AdsReport {
  reportId: string;
  profileId: number;
  name: string | null;
  startDate: string;
  endDate: string;
  configuration: Record<string, unknown>;
  parsed: AdsReportConfig;
  status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  createdAt: string;
  updatedAt: string;
  generatedAt: string | null;
  polls: number;
  stuck: boolean;
  signature: string;
  fileKey: string | null;
  fileSize: number | null;
  urlExpiresAt: string | null;
}

function reportJson(r: AdsReport, baseUrl: string): Record<string, unknown> {
  return {
    reportId: r.reportId,
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    configuration: r.configuration,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    generatedAt: r.generatedAt,
    fileSize: r.fileSize,
    url: r.fileKey
      ? `${baseUrl}/__sandbox/files/${r.fileKey}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=${r.fileKey.slice(0, 16)}`
      : null,
    urlExpiresAt: r.urlExpiresAt,
    failureReason: null,
  };
}

function validateReportRequest(
  body: Record<string, unknown>,
  today: string,
): { config: AdsReportConfig; startDate: string; endDate: string } | string {
  const { startDate, endDate, configuration: c } = body;
  if (typeof startDate !== "string" || parseIsoDate(startDate) === undefined)
    return "startDate must be a date in YYYY-MM-DD format";
  if (typeof endDate !== "string" || parseIsoDate(endDate) === undefined)
    return "endDate must be a date in YYYY-MM-DD format";
  if (endDate < startDate) return "endDate must not be before startDate";
  if (daysBetween(startDate, endDate) > 30)
    return "The date range of a report cannot exceed 31 days";
  if (daysBetween(startDate, today) > 95)
    return "startDate cannot be more than 95 days in the past";
  if (endDate > today) return "endDate cannot be in the future";
  if (body.name !== undefined && body.name !== null && typeof body.name !== "string")
    return "name must be a string";
  if (!isObject(c)) return "configuration is required";
  if (c.adProduct !== "SPONSORED_PRODUCTS")
    return "configuration.adProduct must be SPONSORED_PRODUCTS";
  if (typeof c.reportTypeId !== "string" || !REPORT_TYPES[c.reportTypeId])
    return `configuration.reportTypeId must be one of ${Object.keys(REPORT_TYPES).join(", ")}`;
  const type = REPORT_TYPES[c.reportTypeId];
  if (c.timeUnit !== "DAILY" && c.timeUnit !== "SUMMARY")
    return "configuration.timeUnit must be DAILY or SUMMARY";
  if (c.format !== "GZIP_JSON") return "configuration.format must be GZIP_JSON";
  if (!Array.isArray(c.groupBy) || c.groupBy.length === 0)
    return "configuration.groupBy is required";
  for (const g of c.groupBy)
    if (!type?.groupBy.includes(String(g)))
      return `configuration groupBy value ${String(g)} is invalid for ${c.reportTypeId}`;
  if (!Array.isArray(c.columns) || c.columns.length === 0)
    return "configuration.columns is required";
  const allowed = allowedColumns(c.reportTypeId, c.timeUnit);
  const bad = c.columns.filter((col) => typeof col !== "string" || !allowed.has(col));
  if (bad.length)
    return `configuration columns includes invalid values: (${bad.map(String).join(", ")})`;
  // Placement rows exist only when the report is grouped by placement.
  if (c.columns.includes("placementClassification") && !c.groupBy.includes("campaignPlacement"))
    return `configuration columns includes fields: (placementClassification) which are invalid for groupBys: ${c.groupBy.map(String).join(", ")}.`;
  const filters: { field: string; values: string[] }[] = [];
  if (c.filters !== undefined && c.filters !== null) {
    if (!Array.isArray(c.filters)) return "configuration.filters must be an array";
    for (const f of c.filters) {
      if (!isObject(f) || typeof f.field !== "string" || !Array.isArray(f.values))
        return "configuration.filters items need field and values";
      filters.push({ field: f.field, values: f.values.map(String) });
    }
  }
  return {
    startDate,
    endDate,
    config: {
      reportTypeId: c.reportTypeId,
      groupBy: c.groupBy.map(String),
      columns: c.columns.map(String),
      timeUnit: c.timeUnit,
      filters,
    },
  };
}

export function registerAdsRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get("/v2/profiles", async (req, reply) => {
    const ok = authAds(state, req, reply, "v2", false);
    if (!ok) return reply;
    const sellerId = (req as FastifyRequest & { sellerId?: string }).sellerId;
    const region = header(req, "x-sandbox-region");
    const q = req.query as Record<string, string | undefined>;
    if (q.profileTypeFilter !== undefined && !q.profileTypeFilter.split(",").includes("seller"))
      return sendJson(reply, 200, []);
    const out = state.world.profiles
      .filter((p) => p.sellerId === sellerId)
      .flatMap((p) => {
        const mp = marketplaceById(p.marketplaceId);
        if (!mp || (region !== undefined && mp.region !== region)) return [];
        const seller = state.world.sellers.find((s) => s.sellerId === p.sellerId);
        return [
          {
            profileId: p.profileId,
            countryCode: mp.countryCode,
            currencyCode: mp.currencyCode,
            dailyBudget: p.dailyBudget,
            timezone: mp.timezone,
            accountInfo: {
              marketplaceStringId: mp.id,
              id: p.sellerId,
              type: "seller",
              name: seller?.name ?? "",
              validPaymentMethod: true,
            },
          },
        ];
      });
    return sendJson(reply, 200, out);
  });

  for (const def of RESOURCES) registerResource(app, state, def);

  // keyword recommendations (v3/v4/v5 by media type)
  app.post("/sp/targets/keywords/recommendations", async (req, reply) => {
    const ctx = authAds(state, req, reply, "v2", true);
    if (!ctx || ctx === "profiles-only") return reply;
    const mt = mediaTypeOf(req);
    const version = /spkeywordsrecommendation\.v([345])\+json/.exec(mt)?.[1];
    if (!version)
      return sendError(
        reply,
        "v2",
        415,
        "Content-Type must be application/vnd.spkeywordsrecommendation.v3+json, .v4+json or .v5+json",
      );
    const body = readBody(req, reply, "v2");
    if (!body) return reply;
    const type = body.recommendationType;
    let products: Product[] = [];
    const targetedTexts = new Set<string>();
    if (type === "KEYWORDS_FOR_ASINS") {
      if (!Array.isArray(body.asins) || body.asins.length === 0 || body.asins.length > 50)
        return sendError(reply, "v2", 400, "asins must be an array of 1 to 50 ASINs");
      products = body.asins.flatMap((a) => {
        const p = ctx.world.products.get(productKey(ctx.mp.id, String(a).toUpperCase()));
        return p ? [p] : [];
      });
    } else if (type === "KEYWORDS_FOR_ADGROUP") {
      const g =
        typeof body.adGroupId === "string"
          ? ctx.world.entities.adGroups.get(body.adGroupId)
          : undefined;
      if (!g || g.profileId !== ctx.profile.profileId || g.campaignId !== body.campaignId)
        return sendError(
          reply,
          "v2",
          400,
          "campaignId and adGroupId must identify an ad group of this profile",
        );
      for (const ad of ctx.world.entities.productAds.values()) {
        if (ad.adGroupId !== g.adGroupId || ad.state === "ARCHIVED") continue;
        const p = ctx.world.products.get(productKey(ctx.mp.id, ad.asin));
        if (p) products.push(p);
      }
      for (const k of ctx.world.entities.keywords.values())
        if (k.adGroupId === g.adGroupId && k.state !== "ARCHIVED")
          targetedTexts.add(k.keywordText.toLowerCase());
    } else {
      return sendError(
        reply,
        "v2",
        400,
        "recommendationType must be KEYWORDS_FOR_ASINS or KEYWORDS_FOR_ADGROUP",
      );
    }
    const max = body.maxRecommendations ?? 200;
    if (typeof max !== "number" || !Number.isInteger(max) || max < 0 || max > 200)
      return sendError(reply, "v2", 400, "maxRecommendations must be an integer between 0 and 200");
    const terms = ctx.world.terms.get(ctx.mp.id) ?? [];
    const ranked = terms
      .filter((t) => t.asin === undefined && !targetedTexts.has(t.text))
      .map((t) => {
        let r = 0;
        for (const p of products) r = Math.max(r, relevanceOf(ctx.world, p, t.idx));
        return { t, r, score: r * Math.log(1 + t.baseVolume) };
      })
      .filter((x) => x.r >= 0.3)
      .sort((a, b) => b.score - a.score || a.t.idx - b.t.idx)
      .slice(0, max);
    const cents = (x: number): number => Math.max(2, Math.round(x * 100));
    const sb = (cpc: number, id: string) => ({
      rangeStart: cents(cpc * 0.75),
      suggested: cents(cpc),
      rangeEnd: cents(cpc * 1.35),
      bidRecId: id,
    });
    if (version === "3") {
      const out = ranked.flatMap(({ t }, i) =>
        (["EXACT", "PHRASE", "BROAD"] as const).map((matchType, j) => ({
          keyword: t.text,
          matchType,
          bid: cents(t.cpc),
          userSelectedKeyword: false,
          rank: i * 3 + j + 1,
          suggestedBid: sb(t.cpc * (matchType === "EXACT" ? 1 : 0.9), `${t.idx}-${matchType}`),
        })),
      );
      return sendJson(reply, 200, out, mt);
    }
    const keywordTargetList = ranked.map(({ t }, i) => ({
      keyword: t.text,
      recId: `rec-${ctx.mp.countryCode}-${t.idx}`,
      userSelectedKeyword: false,
      searchTermImpressionRank: null,
      searchTermImpressionShare: null,
      bidInfo: (["EXACT", "PHRASE", "BROAD"] as const).map((matchType) => {
        const cpc = t.cpc * (matchType === "EXACT" ? 1 : 0.9);
        const info: Record<string, unknown> = {
          matchType,
          rank: i + 1,
          bid: cents(cpc),
          suggestedBid: sb(cpc, `${t.idx}-${matchType}`),
        };
        if (version === "5") info.theme = "CONVERSION_OPPORTUNITIES";
        return info;
      }),
    }));
    return sendJson(
      reply,
      200,
      version === "5" ? { keywordTargetList, impactMetrics: [] } : { keywordTargetList },
      mt,
    );
  });

  // theme-based bid recommendations
  app.post("/sp/targets/bid/recommendations", async (req, reply) => {
    const ctx = authAds(state, req, reply, "v2", true);
    if (!ctx || ctx === "profiles-only") return reply;
    const mt = mediaTypeOf(req);
    if (mt !== "application/json" && !/spthemebasedbidrecommendation\.v[345]\+json/.test(mt))
      return sendError(
        reply,
        "v2",
        415,
        "Content-Type must be application/vnd.spthemebasedbidrecommendation.v3+json",
      );
    const body = readBody(req, reply, "v2");
    if (!body) return reply;
    let products: Product[] = [];
    if (body.recommendationType === "BIDS_FOR_EXISTING_AD_GROUP") {
      const g =
        typeof body.adGroupId === "string"
          ? ctx.world.entities.adGroups.get(body.adGroupId)
          : undefined;
      if (!g || g.profileId !== ctx.profile.profileId || g.campaignId !== body.campaignId)
        return sendError(
          reply,
          "v2",
          400,
          "campaignId and adGroupId must identify an ad group of this profile",
        );
      for (const ad of ctx.world.entities.productAds.values()) {
        if (ad.adGroupId !== g.adGroupId) continue;
        const p = ctx.world.products.get(productKey(ctx.mp.id, ad.asin));
        if (p) products.push(p);
      }
    } else if (body.recommendationType === "BIDS_FOR_NEW_AD_GROUP") {
      if (!Array.isArray(body.asins) || body.asins.length === 0 || body.asins.length > 50)
        return sendError(reply, "v2", 400, "asins must be an array of 1 to 50 ASINs");
      const biddingProblem = checkNewAdGroupBidding(body.bidding);
      if (biddingProblem) return sendError(reply, "v2", 400, biddingProblem);
      products = body.asins.flatMap((a) => {
        const p = ctx.world.products.get(productKey(ctx.mp.id, String(a).toUpperCase()));
        return p ? [p] : [];
      });
    } else {
      return sendError(
        reply,
        "v2",
        400,
        "recommendationType must be BIDS_FOR_EXISTING_AD_GROUP or BIDS_FOR_NEW_AD_GROUP",
      );
    }
    const exprs = body.targetingExpressions;
    if (!Array.isArray(exprs) || exprs.length === 0 || exprs.length > 100)
      return sendError(
        reply,
        "v2",
        400,
        "targetingExpressions must be an array of 1 to 100 expressions",
      );
    const TYPES: Record<string, string> = {
      CLOSE_MATCH: "QUERY_HIGH_REL_MATCHES",
      LOOSE_MATCH: "QUERY_BROAD_REL_MATCHES",
      SUBSTITUTES: "ASIN_SUBSTITUTE_RELATED",
      COMPLEMENTS: "ASIN_ACCESSORY_RELATED",
      PAT_ASIN: "ASIN_SAME_AS",
      PAT_CATEGORY: "ASIN_CATEGORY_SAME_AS",
    };
    const terms = ctx.world.terms.get(ctx.mp.id) ?? [];
    const cats = [...ctx.world.categories.values()].filter((c) => c.marketplaceId === ctx.mp.id);
    const fallback = products[0]
      ? (ctx.world.categories.get(`${ctx.mp.id}|${products[0].categoryKey}`)?.cpc ?? 0.7)
      : cats.reduce((a, c) => a + c.cpc, 0) / Math.max(1, cats.length);
    const results: Record<string, unknown>[] = [];
    for (const e of exprs) {
      if (!isObject(e) || typeof e.type !== "string")
        return sendError(reply, "v2", 400, "each targeting expression needs a type");
      let matches: { termIdx: number }[] = [];
      const kw = /^KEYWORD_(BROAD|EXACT|PHRASE)_MATCH$/.exec(e.type);
      if (kw) {
        if (typeof e.value !== "string" || !e.value.trim())
          return sendError(reply, "v2", 400, `${e.type} needs a value`);
        matches = keywordMatches(ctx.world, ctx.mp.id, e.value, kw[1] as string);
      } else if (TYPES[e.type]) {
        const pred = TYPES[e.type] as string;
        matches = targetMatches(
          ctx.world,
          ctx.mp.id,
          typeof e.value === "string" ? [{ type: pred, value: e.value }] : [{ type: pred }],
          products,
        );
      } else {
        return sendError(reply, "v2", 422, `Unsupported targeting expression type ${e.type}`);
      }
      const cpcs = matches.map((m) => terms[m.termIdx]?.cpc ?? fallback).sort((a, b) => a - b);
      const median = cpcs.length ? (cpcs[Math.floor(cpcs.length / 2)] as number) : fallback;
      const r2 = (x: number) => Math.max(ctx.mp.minBid, Math.round(x * 100) / 100);
      results.push({
        targetingExpression: { type: e.type, value: typeof e.value === "string" ? e.value : null },
        bidValues: [
          { suggestedBid: r2(median * 0.8) },
          { suggestedBid: r2(median) },
          { suggestedBid: r2(median * 1.3) },
        ],
      });
    }
    const impact = (base: number) => ({
      values: [0.8, 1, 1.3].map((f) => ({
        lower: Math.round(base * f * 0.8),
        upper: Math.round(base * f * 1.1),
      })),
    });
    return sendJson(
      reply,
      200,
      {
        bidRecommendations: [
          {
            theme: "CONVERSION_OPPORTUNITIES",
            impactMetrics: { clicks: impact(20 * exprs.length), orders: impact(2 * exprs.length) },
            bidRecommendationsForTargetingExpressions: results,
          },
        ],
      },
      mt === "application/json" ? "application/json" : mt,
    );
  });

  // reporting v3
  const reports = new Map<string, AdsReport>();
  state.resetHooks.push(() => reports.clear());
  const REPORT_CREATE = "application/vnd.createasyncreportrequest.v3+json";
  app.post("/reporting/reports", async (req, reply) => {
    const ctx = authAds(state, req, reply, "reporting", true);
    if (!ctx || ctx === "profiles-only") return reply;
    if (!checkMediaType(req, reply, "reporting", [REPORT_CREATE, "application/json"])) return reply;
    const body = readBody(req, reply, "reporting");
    if (!body) return reply;
    const v = validateReportRequest(body, todayOf(ctx.world));
    if (typeof v === "string") return sendError(reply, "reporting", 400, v);
    const signature = JSON.stringify([
      ctx.profile.profileId,
      v.startDate,
      v.endDate,
      body.configuration,
    ]);
    for (const r of reports.values()) {
      if (r.signature === signature && (r.status === "PENDING" || r.status === "PROCESSING"))
        return sendError(reply, "reporting", 425, `The Request is a duplicate of : ${r.reportId}`);
    }
    const now = new Date(state.now()).toISOString();
    const reportId = randomUUID();
    const configuration = { ...(body.configuration as Record<string, unknown>) };
    if (configuration.filters === undefined) configuration.filters = null;
    const r: AdsReport = {
      reportId,
      profileId: ctx.profile.profileId,
      name: typeof body.name === "string" ? body.name : null,
      startDate: v.startDate,
      endDate: v.endDate,
      configuration,
      parsed: v.config,
      status: "PENDING",
      createdAt: now,
      updatedAt: now,
      generatedAt: null,
      polls: 0,
      stuck: state.faults.isStuck(`ads-report|${reports.size}`),
      signature,
      fileKey: null,
      fileSize: null,
      urlExpiresAt: null,
    };
    reports.set(reportId, r);
    return sendJson(
      reply,
      200,
      reportJson(r, publicBaseUrl(state.baseUrl, req)),
      "application/vnd.createasyncreportresponse.v3+json",
    );
  });

  const findReport = (
    req: FastifyRequest,
    reply: FastifyReply,
  ): { r: AdsReport; ctx: Ctx } | undefined => {
    const ctx = authAds(state, req, reply, "reporting", true);
    if (!ctx || ctx === "profiles-only") return undefined;
    const { reportId } = req.params as { reportId: string };
    const r = reports.get(reportId);
    if (!r || r.profileId !== ctx.profile.profileId) {
      sendError(reply, "reporting", 404, `Report ${reportId} not found`);
      return undefined;
    }
    return { r, ctx };
  };

  app.get("/reporting/reports/:reportId", async (req, reply) => {
    const found = findReport(req, reply);
    if (!found) return reply;
    const { r, ctx } = found;
    if (!r.stuck && (r.status === "PENDING" || r.status === "PROCESSING")) {
      r.polls++;
      if (r.polls >= state.reportPollsUntilReady) {
        const rows = buildAdsReport(ctx.world, ctx.profile, r.parsed, r.startDate, r.endDate);
        const gz = gzipSync(Buffer.from(JSON.stringify(rows)));
        const key = `${r.reportId}.json.gz`;
        state.files.set(key, {
          data: gz,
          expiresAt: state.now() + 3600_000,
          contentType: "application/x-gzip",
        });
        r.status = "COMPLETED";
        r.fileKey = key;
        r.fileSize = gz.length;
        r.generatedAt = new Date(state.now()).toISOString();
        r.urlExpiresAt = new Date(state.now() + 3600_000).toISOString();
      } else {
        r.status = "PROCESSING";
      }
      r.updatedAt = new Date(state.now()).toISOString();
    }
    return sendJson(
      reply,
      200,
      reportJson(r, publicBaseUrl(state.baseUrl, req)),
      "application/vnd.getasyncreportresponse.v3+json",
    );
  });

  app.delete("/reporting/reports/:reportId", async (req, reply) => {
    const found = findReport(req, reply);
    if (!found) return reply;
    if (found.r.status !== "PENDING")
      return sendError(reply, "reporting", 400, "Only PENDING reports can be deleted");
    reports.delete(found.r.reportId);
    return sendJson(
      reply,
      200,
      { code: 200, detail: "Report deleted", reportId: found.r.reportId },
      "application/vnd.deleteasyncreportresponse.v3+json",
    );
  });
}
