/** `createSandbox`: one Fastify app serving LwA, the Ads API, the SP-API and the control surface. */
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAdsRoutes } from "./ads/index.ts";
import { AuthStore, type ClientCredentials, DEMO_CLIENT } from "./auth.ts";
import { registerAuthRoutes } from "./auth-routes.ts";
import { registerControlRoutes } from "./control-routes.ts";
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
  NO_FAULTS,
  normalizeFaults,
  sendError,
} from "./http.ts";
import { registerInventoryRoutes } from "./inventory-routes.ts";
import { registerSalesRoutes } from "./sales-routes.ts";
import { advance } from "./simulation.ts";
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
