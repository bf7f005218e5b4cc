/** `createSandbox`: one Fastify app serving LwA, the Ads API, the SP-API and the control surface. */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { registerAdsRoutes } from "./ads/index.ts";
import { createControl, normalizeBaseUrl } from "./app-control.ts";
import { addBusinessOnFirstUse, addFaultInjection, createHttpApp } from "./app-http.ts";
import { AuthStore, type ClientCredentials, DEMO_CLIENT } from "./auth.ts";
import { registerAuthRoutes } from "./auth-routes.ts";
import { registerControlRoutes } from "./control-routes.ts";
import type { DemoOptions, DemoResult } from "./demo.ts";
import { type FaultConfig, FaultInjector, NO_FAULTS, normalizeFaults } from "./http.ts";
import { registerInventoryRoutes } from "./inventory-routes.ts";
import { registerSalesRoutes } from "./sales-routes.ts";
import { registerSpRoutes } from "./sp/index.ts";
import { FileStore, type SandboxState } from "./state.ts";
import { createWorld, todayOf, type World, type WorldOptions } from "./world.ts";

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
  /** Forgets the rejections of these ids, or every rejection when none are named. */
  clearRejections(entityIds?: readonly string[]): void;
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

  const app = createHttpApp(options.logger ?? false);
  addFaultInjection(app, state);
  addBusinessOnFirstUse(app, state);

  registerAuthRoutes(app, state);
  registerAdsRoutes(app, state);
  registerSpRoutes(app, state);
  registerInventoryRoutes(app, state);
  registerSalesRoutes(app, state);

  const control = createControl(state, options);
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
