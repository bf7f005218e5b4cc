export { createSandbox, type Sandbox, type SandboxControl, type SandboxOptions } from "./app.ts";
export { type ClientCredentials, DEMO_CLIENT } from "./auth.ts";
export { buyBoxScore, type CompetingOffer, offersOf, similarItems } from "./competition.ts";
export {
  buildAllBusinesses,
  type DemoOptions,
  type DemoResult,
  ensureBusiness,
  seedDemoAccount,
} from "./demo.ts";
export type { FaultConfig } from "./http.ts";
export { inventorySummary } from "./inventory-routes.ts";
export { MARKETPLACES } from "./marketplaces.ts";
export { merchantListingsTsv } from "./reports.ts";
export { hashString, Rng, rngFor } from "./rng.ts";
export { advance, MODEL, simulateDay, simulateSellersDay, trueCvr } from "./simulation.ts";
export { feeEstimate } from "./sp-routes.ts";
export {
  type BusinessPlan,
  createWorld,
  SELLER_SPECS,
  type SellerSpec,
  type World,
  type WorldOptions,
} from "./world.ts";
