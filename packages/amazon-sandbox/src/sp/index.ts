/** Selling Partner API routes: registers every SP-API family the sandbox serves. */
import type { FastifyInstance } from "fastify";
import type { SandboxState } from "../state.ts";
import { registerCatalogRoutes } from "./catalog.ts";
import { registerFeesRoutes } from "./fees.ts";
import { registerListingsRoutes } from "./listings/index.ts";
import { registerPricingRoutes } from "./pricing.ts";
import { registerReportsRoutes } from "./reports.ts";
import { registerSellersRoutes } from "./sellers.ts";

export function registerSpRoutes(app: FastifyInstance, state: SandboxState): void {
  registerSellersRoutes(app, state);
  registerCatalogRoutes(app, state);
  registerListingsRoutes(app, state);
  registerPricingRoutes(app, state);
  registerFeesRoutes(app, state);
  registerReportsRoutes(app, state);
}
