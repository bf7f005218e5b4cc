/**
 * The sandbox's control surface under `/__sandbox`: state, world and clock, faults and rejections,
 * demo data and businesses, tokens, stock, the hidden truth (products, relevance), images, files.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxControl } from "./app.ts";
import type { DemoOptions } from "./demo.ts";
import { INVALID_JSON, isObject, normalizeFaults, sendError, sendJson } from "./http.ts";
import { marketplaceById } from "./marketplaces.ts";
import { relevanceOf } from "./simulation-truth.ts";
import type { SandboxState } from "./state.ts";
import { productKey, todayOf, type WorldOptions } from "./world.ts";

export function registerControlRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  const P = "/__sandbox";
  const body = (req: FastifyRequest): Record<string, unknown> =>
    isObject(req.body) && !(INVALID_JSON in req.body) ? req.body : {};
  const intIn = (v: unknown, lo: number, hi: number): number | undefined =>
    typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : undefined;

  // Product images (sandboxImageUrl): a tile with the ASIN, its colour from the ASIN.
  app.get(`${P}/images/I/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    const asin = /^([A-Z0-9]{10})\.svg$/.exec(file)?.[1];
    if (!asin) return sendError(reply, "control", 404, `No image ${file}`);
    let hue = 0;
    for (const char of asin) hue = (hue * 31 + char.charCodeAt(0)) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500"><rect width="500" height="500" fill="hsl(${hue} 45% 88%)"/><circle cx="250" cy="210" r="120" fill="hsl(${hue} 45% 62%)"/><text x="250" y="420" font-family="sans-serif" font-size="44" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${asin}</text></svg>`;
    return reply
      .header("content-type", "image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(svg);
  });

  app.get(`${P}/state`, async (_req, reply) => {
    const w = state.world;
    return sendJson(reply, 200, {
      seed: w.seed,
      startDate: w.startDate,
      today: todayOf(w),
      simulatedDays: w.day,
      faults: state.faults.config,
      sellers: w.sellers.map((s) => {
        const business = w.businesses.get(s.sellerId);
        return {
          ...s,
          business:
            business === undefined || business === "ready"
              ? "ready"
              : business === "pending"
                ? "pending"
                : "building",
        };
      }),
      profiles: w.profiles.map((p) => ({
        ...p,
        countryCode: marketplaceById(p.marketplaceId)?.countryCode,
      })),
      counts: Object.fromEntries(Object.entries(w.entities).map(([k, m]) => [k, m.size])),
      clients: [...state.auth.clients.values()].map((c) => ({
        clientId: c.clientId,
        applicationId: c.applicationId,
      })),
    });
  });
  app.post(`${P}/world`, async (req, reply) => {
    const b = body(req);
    const seed = b.seed === undefined ? undefined : intIn(b.seed, 0, 2 ** 32 - 1);
    if (b.seed !== undefined && seed === undefined)
      return sendError(reply, "control", 400, "seed must be a non-negative 32-bit integer");
    const per =
      b.productsPerMarketplace === undefined ? undefined : intIn(b.productsPerMarketplace, 1, 400);
    if (b.productsPerMarketplace !== undefined && per === undefined)
      return sendError(reply, "control", 400, "productsPerMarketplace must be 1..400");
    if (
      b.startDate !== undefined &&
      (typeof b.startDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(b.startDate))
    )
      return sendError(reply, "control", 400, "startDate must be YYYY-MM-DD");
    const opts: WorldOptions = {};
    if (seed !== undefined) opts.seed = seed;
    if (per !== undefined) opts.productsPerMarketplace = per;
    if (typeof b.startDate === "string") opts.startDate = b.startDate;
    const w = control.reset(opts);
    return sendJson(reply, 200, { seed: w.seed, today: todayOf(w) });
  });
  app.post(`${P}/clock/advance`, async (req, reply) => {
    const days = intIn(body(req).days, 0, 400);
    if (days === undefined)
      return sendError(reply, "control", 400, "days must be an integer 0..400");
    return sendJson(reply, 200, control.advance(days));
  });
  app.get(`${P}/faults`, async (_req, reply) => sendJson(reply, 200, state.faults.config));
  app.post(`${P}/rejections`, async (req, reply) => {
    const b = body(req);
    const ids = b.entityIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 10_000 ||
      ids.some((id) => (typeof id !== "string" && typeof id !== "number") || String(id) === "")
    )
      return sendError(reply, "control", 400, "entityIds must be an array of 1..10000 Amazon ids");
    const text = (v: unknown, max: number) =>
      typeof v === "string" && v.trim() !== "" && v.length <= max ? v : undefined;
    if (b.code !== undefined && text(b.code, 100) === undefined)
      return sendError(reply, "control", 400, "code must be a non-empty string of ≤100 characters");
    if (b.message !== undefined && text(b.message, 1000) === undefined)
      return sendError(
        reply,
        "control",
        400,
        "message must be a non-empty string of ≤1000 characters",
      );
    control.reject(ids.map(String), text(b.code, 100), text(b.message, 1000));
    return sendJson(reply, 200, { rejected: [...state.rejections.keys()] });
  });
  app.delete(`${P}/rejections`, async (_req, reply) => {
    control.clearRejections();
    return sendJson(reply, 200, { rejected: [] });
  });
  app.put(`${P}/faults`, async (req, reply) => {
    const next = normalizeFaults(req.body, state.faults.config);
    if (typeof next === "string") return sendError(reply, "control", 400, next);
    state.faults.set(next);
    return sendJson(reply, 200, next);
  });
  app.post(`${P}/demo`, async (req, reply) => {
    const b = body(req);
    const o: DemoOptions = {};
    if (b.days !== undefined) {
      const d = intIn(b.days, 0, 400);
      if (d === undefined) return sendError(reply, "control", 400, "days must be 0..400");
      o.days = d;
    }
    if (b.countries !== undefined) {
      if (!Array.isArray(b.countries) || b.countries.some((c) => typeof c !== "string"))
        return sendError(reply, "control", 400, "countries must be an array of country codes");
      o.countries = b.countries as string[];
    }
    if (b.maxProducts !== undefined) {
      const m = intIn(b.maxProducts, 1, 400);
      if (m === undefined) return sendError(reply, "control", 400, "maxProducts must be 1..400");
      o.maxProducts = m;
    }
    if (typeof b.sellerId === "string") o.sellerId = b.sellerId;
    return sendJson(reply, 200, control.seedDemoAccount(o));
  });
  app.post(`${P}/businesses`, async (_req, reply) => {
    await control.buildBusinesses();
    return sendJson(reply, 200, {
      sellers: state.world.sellers.map((s) => s.sellerId),
      counts: Object.fromEntries(Object.entries(state.world.entities).map(([k, m]) => [k, m.size])),
    });
  });
  app.post(`${P}/tokens`, async (req, reply) => {
    const b = body(req);
    if (
      typeof b.sellerId !== "string" ||
      !state.world.sellers.some((s) => s.sellerId === b.sellerId)
    )
      return sendError(reply, "control", 400, "sellerId must be a sandbox seller");
    if (b.api !== "ads" && b.api !== "sp")
      return sendError(reply, "control", 400, "api must be ads or sp");
    const args: { sellerId: string; api: "ads" | "sp"; clientId?: string } = {
      sellerId: b.sellerId,
      api: b.api,
    };
    if (typeof b.clientId === "string") args.clientId = b.clientId;
    return sendJson(reply, 200, { refresh_token: control.issueRefreshToken(args) });
  });
  // The seller withdraws the app's authorisation (browser tests: "reconnect needed").
  app.post(`${P}/tokens/revoke`, async (req, reply) => {
    const b = body(req);
    if (typeof b.sellerId !== "string" || (b.api !== "ads" && b.api !== "sp"))
      return sendError(reply, "control", 400, "sellerId and api (ads or sp) are required");
    const since = typeof b.since === "number" ? b.since : 0;
    return sendJson(reply, 200, { revoked: state.auth.revokeGrants(b.sellerId, b.api, since) });
  });
  app.post(`${P}/tokens/expire`, async (_req, reply) => {
    control.expireAccessTokens();
    return sendJson(reply, 200, { expired: true });
  });
  app.put(`${P}/products/:marketplaceId/:asin`, async (req, reply) => {
    const { marketplaceId, asin } = req.params as { marketplaceId: string; asin: string };
    const b = body(req);
    const patch: { stock?: number; autoRestock?: boolean; price?: number } = {};
    if (b.stock !== undefined) {
      const s = intIn(b.stock, 0, 10_000_000);
      if (s === undefined)
        return sendError(reply, "control", 400, "stock must be a non-negative integer");
      patch.stock = s;
    }
    if (b.autoRestock !== undefined) {
      if (typeof b.autoRestock !== "boolean")
        return sendError(reply, "control", 400, "autoRestock must be boolean");
      patch.autoRestock = b.autoRestock;
    }
    if (b.price !== undefined) {
      if (typeof b.price !== "number" || !(b.price > 0))
        return sendError(reply, "control", 400, "price must be positive");
      patch.price = b.price;
    }
    if (!control.setProduct(marketplaceId, asin, patch))
      return sendError(reply, "control", 404, "product not found");
    return sendJson(reply, 200, { ok: true });
  });
  app.get(`${P}/truth/products`, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const out = [...state.world.products.values()]
      .filter((p) => p.sellerId !== undefined)
      .filter((p) => !q.marketplaceId || p.marketplaceId === q.marketplaceId)
      .filter((p) => !q.sellerId || p.sellerId === q.sellerId)
      .map((p) => ({
        asin: p.asin,
        sku: p.sku,
        sellerId: p.sellerId,
        marketplaceId: p.marketplaceId,
        category: p.categoryKey,
        price: p.price,
        refPrice: p.refPrice,
        baseCvr: p.baseCvr,
        baseDemand: p.baseDemand,
        stock: p.stock,
        rankFactor: p.rankFactor,
        history: state.world.productDays.get(productKey(p.marketplaceId, p.asin)) ?? [],
      }));
    return sendJson(reply, 200, out);
  });
  app.get(`${P}/truth/relevance`, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const p =
      q.marketplaceId && q.asin
        ? state.world.products.get(productKey(q.marketplaceId, q.asin))
        : undefined;
    if (!p || p.sellerId === undefined)
      return sendError(reply, "control", 404, "seller product not found (marketplaceId, asin)");
    const min = Number(q.min ?? 0.2);
    const terms = (state.world.terms.get(p.marketplaceId) ?? [])
      .map((t) => ({
        term: t.text,
        relevance: relevanceOf(state.world, p, t.idx),
        volume: Math.round(t.baseVolume),
        cpc: Math.round(t.cpc * 100) / 100,
      }))
      .filter((x) => x.relevance >= min)
      .sort((a, b) => b.relevance - a.relevance);
    return sendJson(reply, 200, {
      asin: p.asin,
      marketplaceId: p.marketplaceId,
      baseCvr: p.baseCvr,
      terms,
    });
  });
  app.get(`${P}/files/:key`, async (req, reply) => {
    const f = state.files.get((req.params as { key: string }).key);
    if (!f)
      return reply
        .code(404)
        .type("application/xml")
        .send(
          "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>",
        );
    if (f.expiresAt < state.now())
      return reply
        .code(403)
        .type("application/xml")
        .send("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>");
    return reply.code(200).type(f.contentType).send(f.data);
  });
}
