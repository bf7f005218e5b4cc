export * from "./advertising.ts";
export * from "./auth.ts";
export * from "./catalog.ts";
export * from "./identity.ts";
export * from "./onboarding.ts";
export * from "./reference.ts";
export * from "./sellers.ts";
export * from "./support.ts";
