export { createSandbox, type Sandbox, type SandboxControl, type SandboxOptions } from "./app.ts";
export { type ClientCredentials, DEMO_CLIENT } from "./auth.ts";
export { type DemoOptions, type DemoResult, seedDemoAccount } from "./demo.ts";
export type { FaultConfig } from "./http.ts";
export { inventorySummary } from "./inventory-routes.ts";
export { MARKETPLACES } from "./marketplaces.ts";
export { hashString, Rng, rngFor } from "./rng.ts";
export { advance, MODEL, simulateDay, trueCvr } from "./simulation.ts";
export { createWorld, type World, type WorldOptions } from "./world.ts";
