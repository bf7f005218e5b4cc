export type { Ctx as EntityContext, ResourceDef } from "./ads/resource-def.ts";
export { RESOURCES } from "./ads/resources.ts";
export { createSandbox, type Sandbox, type SandboxControl, type SandboxOptions } from "./app.ts";
export { type ClientCredentials, DEMO_CLIENT } from "./auth.ts";
export { type BusinessPlan, SELLER_SPECS, type SellerSpec } from "./businesses.ts";
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
export { MARKETPLACES, marketplaceById } from "./marketplaces.ts";
export { merchantListingsTsv } from "./merchant-listings-report.ts";
export { MODEL, PLACEMENT_NAMES, trueCvr } from "./model.ts";
export { type AdsReportConfig, buildAdsReport } from "./reports.ts";
export { hashString, Rng, rngFor } from "./rng.ts";
export { advance, simulateDay, simulateSellersDay } from "./simulation.ts";
export { feeEstimate } from "./sp/fees.ts";
export { relevanceOf } from "./terms.ts";
export { createWorld, type Profile, productKey, type World, type WorldOptions } from "./world.ts";
