/**
 * The sandbox's control surface under `/__sandbox`, one file per route family under ./control/:
 * world (state, world and clock, demo data and businesses), faults and rejections, tokens,
 * products and the hidden truth (products, relevance), assets (images, files).
 */
import type { FastifyInstance } from "fastify";
import type { SandboxControl } from "./app.ts";
import { registerAssetRoutes } from "./control/asset-routes.ts";
import { registerFaultRoutes } from "./control/fault-routes.ts";
import { registerTokenRoutes } from "./control/token-routes.ts";
import { registerTruthRoutes } from "./control/truth-routes.ts";
import { registerWorldRoutes } from "./control/world-routes.ts";
import type { SandboxState } from "./state.ts";

export function registerControlRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  registerAssetRoutes(app, state);
  registerWorldRoutes(app, state, control);
  registerFaultRoutes(app, state, control);
  registerTokenRoutes(app, state, control);
  registerTruthRoutes(app, state, control);
}
