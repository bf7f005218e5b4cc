/** `createSandbox`: one Fastify app serving LwA, the Ads API, the SP-API and the control surface. */
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { registerAdsRoutes } from "./ads/index.ts";
import { AuthStore, type ClientCredentials, consentPage, DEMO_CLIENT, errorPage } from "./auth.ts";
import {
  buildAllBusinesses,
  type DemoOptions,
  type DemoResult,
  ensureBusiness,
  seedDemoAccount,
} from "./demo.ts";
import {
  type FaultConfig,
  FaultInjector,
  familyOf,
  INVALID_JSON,
  isObject,
  NO_FAULTS,
  normalizeFaults,
  sendError,
  sendJson,
} from "./http.ts";
import { registerInventoryRoutes } from "./inventory-routes.ts";
import { marketplaceById } from "./marketplaces.ts";
import { registerSalesRoutes } from "./sales-routes.ts";
import { advance } from "./simulation.ts";
import { relevanceOf } from "./simulation-truth.ts";
import { registerSpRoutes } from "./sp/index.ts";
import { FileStore, type SandboxState } from "./state.ts";
import { createWorld, productKey, todayOf, type World, type WorldOptions } from "./world.ts";

export interface SandboxOptions extends WorldOptions {
  /**
   * The sandbox's public URL, used in report download URLs. Default: built per request from its
   * protocol and Host header (right for `listen({ port: 0 })` and for inject()).
   */
  baseUrl?: string;
  faults?: Partial<FaultConfig>;
  /** LwA clients accepted by the token endpoint (the demo client is always added). */
  clients?: ClientCredentials[];
  /** Report GET polls until COMPLETED/DONE (default 2: PENDING → PROCESSING → COMPLETED). */
  reportPollsUntilReady?: number;
  /** Wall clock for token expiry and timestamps (tests). */
  now?: () => number;
  logger?: boolean;
  /**
   * A folder for what a restart must keep (the refresh tokens it issued); without it everything
   * lives in memory. Starport passes DATA_DIR/amazon-sandbox.
   */
  stateDir?: string;
}

export interface SandboxControl {
  /** Replaces the world with a fresh one from a seed. */
  reset(options?: WorldOptions): World;
  advance(days: number): { today: string; day: number };
  setFaults(faults: Partial<FaultConfig>): FaultConfig;
  seedDemoAccount(options?: DemoOptions): DemoResult;
  /** Builds the business of every seller still waiting for it (they are built on first use). */
  buildBusinesses(): Promise<void>;
  /** Issues a refresh token for a seller without the consent page (tests, demo scripts). */
  issueRefreshToken(args: { sellerId: string; api: "ads" | "sp"; clientId?: string }): string;
  expireAccessTokens(): void;
  setProduct(
    marketplaceId: string,
    asin: string,
    patch: { stock?: number; autoRestock?: boolean; price?: number },
  ): boolean;
  today(): string;
  /** Sets (or with `undefined` clears) the explicit public base URL used in download URLs. */
  setBaseUrl(url: string | undefined): void;
  /** Makes updates of these Amazon entity ids fail with the code and message (a 207 error item). */
  reject(entityIds: readonly string[], code?: string, message?: string): void;
  /** Forgets every rejection. */
  clearRejections(): void;
}

function normalizeBaseUrl(url: string | undefined): string | undefined {
  if (url === undefined || url === "") return undefined;
  const parsed = new URL(url); // throws on a malformed URL
  return `${parsed.origin}${parsed.pathname}`.replace(/\/$/, "");
}

export interface Sandbox {
  app: FastifyInstance;
  readonly world: World;
  clock: { today(): string; day(): number; advance(days: number): void };
  control: SandboxControl;
  state: SandboxState;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clients = [DEMO_CLIENT, ...(options.clients ?? [])];
  const now = options.now ?? Date.now;
  const initialFaults = normalizeFaults(options.faults ?? {}, NO_FAULTS);
  if (typeof initialFaults === "string") throw new Error(initialFaults);
  const state: SandboxState = {
    world: createWorld(options),
    auth: new AuthStore(
      clients,
      now,
      options.stateDir ? join(options.stateDir, "refresh-tokens.json") : undefined,
    ),
    faults: new FaultInjector(initialFaults),
    baseUrl: normalizeBaseUrl(options.baseUrl),
    now,
    reportPollsUntilReady: Math.max(1, options.reportPollsUntilReady ?? 2),
    files: new FileStore(now),
    resetHooks: [],
    rejections: new Map(),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 20 * 1024 * 1024,
    rewriteUrl(req) {
      const url = req.url ?? "/";
      const m = /^\/(na|eu|fe)(\/.*)$/.exec(url);
      if (m) {
        req.headers["x-sandbox-region"] = (m[1] as string).toUpperCase();
        return m[2] as string;
      }
      delete req.headers["x-sandbox-region"];
      return url;
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (req, body, done) => {
    const text = String(body);
    const ct = String(req.headers["content-type"] ?? "").toLowerCase();
    if (ct.startsWith("application/x-www-form-urlencoded")) {
      done(null, Object.fromEntries(new URLSearchParams(text)));
      return;
    }
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, ct.includes("json") ? { [INVALID_JSON]: true } : text);
    }
  });

  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status =
      typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status >= 500) req.log.error(err);
    return sendError(
      reply,
      familyOf(req.url),
      status,
      status >= 500 ? "Internal error" : (err.message ?? "Bad request"),
    );
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, familyOf(req.url), 404, `No route for ${req.method} ${req.url}`),
  );

  // fault injection (Amazon endpoints only; never the control surface, consent pages or downloads)
  app.addHook("onRequest", async (req, reply) => {
    const path = req.url.split("?")[0] ?? "";
    if (path.startsWith("/__sandbox") || path.startsWith("/ap/") || path.startsWith("/apps/"))
      return;
    const c = state.faults.config;
    if (c.latencyMs > 0) await new Promise((r) => setTimeout(r, c.latencyMs));
    const fault = state.faults.draw();
    if (!fault) return;
    const family = familyOf(path);
    if (fault === "429") {
      reply.header("Retry-After", String(c.retryAfterSeconds));
      if (family === "sp")
        return sendError(reply, "sp", 429, "You exceeded your quota for the requested resource.");
      return sendError(
        reply,
        family,
        429,
        "Request was throttled. Retry after the time in the Retry-After header.",
      );
    }
    const status = fault === "500" ? 500 : 503;
    return sendError(
      reply,
      family,
      status,
      status === 500
        ? "Internal server error (injected fault)"
        : "Service unavailable (injected fault)",
    );
  });

  // A seller's business is built the first time one of its tokens is used (see ensureBusiness).
  app.addHook("onRequest", async (req) => {
    const auth = req.headers.authorization;
    if (typeof auth !== "string" || !/^bearer\s+/i.test(auth)) return;
    const grant = state.auth.checkAccess(auth.replace(/^bearer\s+/i, "").trim());
    if (grant && grant !== "expired" && grant.sellerId)
      await ensureBusiness(state.world, grant.sellerId);
  });

  registerAuthRoutes(app, state);
  registerAdsRoutes(app, state);
  registerSpRoutes(app, state);
  registerInventoryRoutes(app, state);
  registerSalesRoutes(app, state);

  const control: SandboxControl = {
    reset(worldOptions = {}) {
      state.world = createWorld({ ...options, ...worldOptions });
      state.files.clear();
      for (const h of state.resetHooks) h();
      return state.world;
    },
    advance(days) {
      advance(state.world, days);
      return { today: todayOf(state.world), day: state.world.day };
    },
    setFaults(f) {
      const next = normalizeFaults(f, state.faults.config);
      if (typeof next === "string") throw new Error(next);
      state.faults.set(next);
      return next;
    },
    seedDemoAccount: (o) => seedDemoAccount(state.world, o),
    buildBusinesses: () => buildAllBusinesses(state.world),
    issueRefreshToken({ sellerId, api, clientId }) {
      // Start building the seller's business now; its first API call waits for the rest.
      void ensureBusiness(state.world, sellerId);
      return state.auth.issueRefreshToken({
        clientId: clientId ?? DEMO_CLIENT.clientId,
        sellerId,
        api,
        scope: api === "ads" ? "advertising::campaign_management" : "sellingpartnerapi",
      });
    },
    expireAccessTokens: () => state.auth.expireAllAccessTokens(),
    setProduct(marketplaceId, asin, patch) {
      const p = state.world.products.get(productKey(marketplaceId, asin));
      if (!p) return false;
      if (patch.stock !== undefined) p.stock = Math.max(0, Math.floor(patch.stock));
      if (patch.autoRestock !== undefined) {
        p.autoRestock = patch.autoRestock;
        if (!patch.autoRestock) p.restockDay = undefined;
      }
      if (patch.price !== undefined && patch.price > 0)
        p.price = Math.round(patch.price * 100) / 100;
      return true;
    },
    today: () => todayOf(state.world),
    setBaseUrl(url) {
      state.baseUrl = normalizeBaseUrl(url);
    },
    reject(entityIds, code = "ENTITY_UPDATE_REJECTED", message = "The update was rejected.") {
      for (const id of entityIds) state.rejections.set(String(id), { code, message });
    },
    clearRejections() {
      state.rejections.clear();
    },
  };
  registerControlRoutes(app, state, control);

  return {
    app,
    get world() {
      return state.world;
    },
    clock: {
      today: () => todayOf(state.world),
      day: () => state.world.day,
      advance: (days: number) => void control.advance(days),
    },
    control,
    state,
  };
}

function registerAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type("text/html; charset=utf-8").send(body);
  const sellers = () => state.world.sellers.map((s) => ({ sellerId: s.sellerId, name: s.name }));
  const ADS_SCOPES = [
    "advertising::campaign_management",
    "cpc_advertising:campaign_management",
    "profile",
  ];

  app.get("/ap/oa", async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const client = q.client_id ? state.auth.clients.get(q.client_id) : undefined;
    if (!client) return html(reply, 400, errorPage("Unknown client_id"));
    if (!q.redirect_uri || !state.auth.redirectAllowed(client, q.redirect_uri))
      return html(reply, 400, errorPage("redirect_uri is missing or not an allowed return URL"));
    const redirect = new URL(q.redirect_uri);
    const fail = (error: string, description: string) => {
      redirect.searchParams.set("error", error);
      redirect.searchParams.set("error_description", description);
      if (q.state !== undefined) redirect.searchParams.set("state", q.state);
      return reply.redirect(redirect.toString(), 302);
    };
    if (q.response_type !== "code")
      return fail("unsupported_response_type", "response_type must be code");
    const scopes = (q.scope ?? "").split(/\s+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !ADS_SCOPES.includes(s)))
      return fail("invalid_scope", "An unknown scope was requested");
    return html(
      reply,
      200,
      consentPage({
        title: "Amazon sandbox – Login with Amazon",
        appName: client.clientId,
        action: "/ap/oa",
        hidden: {
          client_id: client.clientId,
          redirect_uri: q.redirect_uri,
          scope: scopes.join(" "),
          state: q.state ?? "",
          response_type: "code",
        },
        sellers: sellers(),
      }),
    );
  });

  app.post("/ap/oa", async (req, reply) => {
    const b = (isObject(req.body) ? req.body : {}) as Record<string, string | undefined>;
    const client = b.client_id ? state.auth.clients.get(b.client_id) : undefined;
    if (!client || !b.redirect_uri || !state.auth.redirectAllowed(client, b.redirect_uri))
      return html(reply, 400, errorPage("Invalid authorisation request"));
    const redirect = new URL(b.redirect_uri);
    if (b.state) redirect.searchParams.set("state", b.state);
    if (b.decision === "deny") {
      redirect.searchParams.set("error", "access_denied");
      redirect.searchParams.set("error_description", "The user denied the request");
      return reply.redirect(redirect.toString(), 302);
    }
    const seller = state.world.sellers.find((s) => s.sellerId === b.seller_id);
    if (!seller) return html(reply, 400, errorPage("Pick a sandbox seller"));
    const scope = b.scope || "advertising::campaign_management";
    void ensureBusiness(state.world, seller.sellerId);
    const code = state.auth.issueCode(
      { clientId: client.clientId, sellerId: seller.sellerId, scope, api: "ads" },
      b.redirect_uri,
    );
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("scope", scope);
    return reply.redirect(redirect.toString(), 302);
  });

  app.get("/apps/authorize/consent", async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const client = q.application_id
      ? state.auth.clientByApplicationId(q.application_id)
      : undefined;
    if (!client) return html(reply, 400, errorPage("Unknown application_id"));
    const redirectUri = q.redirect_uri ?? client.redirectUris?.[0];
    if (!redirectUri || !state.auth.redirectAllowed(client, redirectUri))
      return html(reply, 400, errorPage("No valid redirect_uri for this application"));
    return html(
      reply,
      200,
      consentPage({
        title: "Seller Central sandbox – authorise application",
        appName: q.application_id ?? "",
        action: "/apps/authorize/consent",
        hidden: {
          application_id: q.application_id ?? "",
          redirect_uri: redirectUri,
          state: q.state ?? "",
          version: q.version ?? "",
        },
        sellers: sellers(),
      }),
    );
  });

  app.post("/apps/authorize/consent", async (req, reply) => {
    const b = (isObject(req.body) ? req.body : {}) as Record<string, string | undefined>;
    const client = b.application_id
      ? state.auth.clientByApplicationId(b.application_id)
      : undefined;
    if (!client || !b.redirect_uri || !state.auth.redirectAllowed(client, b.redirect_uri))
      return html(reply, 400, errorPage("Invalid authorisation request"));
    const redirect = new URL(b.redirect_uri);
    if (b.decision === "deny") {
      if (b.state) redirect.searchParams.set("state", b.state);
      redirect.searchParams.set("error", "access_denied");
      return reply.redirect(redirect.toString(), 302);
    }
    const seller = state.world.sellers.find((s) => s.sellerId === b.seller_id);
    if (!seller) return html(reply, 400, errorPage("Pick a sandbox seller"));
    void ensureBusiness(state.world, seller.sellerId);
    const code = state.auth.issueCode(
      {
        clientId: client.clientId,
        sellerId: seller.sellerId,
        scope: "sellingpartnerapi",
        api: "sp",
      },
      b.redirect_uri,
    );
    redirect.searchParams.set("state", b.state ?? "");
    redirect.searchParams.set("selling_partner_id", seller.sellerId);
    redirect.searchParams.set("spapi_oauth_code", code);
    return reply.redirect(redirect.toString(), 302);
  });

  app.post("/auth/o2/token", async (req, reply) => {
    const body = isObject(req.body) && !(INVALID_JSON in req.body) ? req.body : {};
    const r = state.auth.tokenRequest(body);
    reply.header("Cache-Control", "no-store");
    return sendJson(reply, r.status, r.body);
  });
}

function registerControlRoutes(
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
