/**
 * Settings with inheritance: one pure resolver of effective values along
 * global (seller profile) → marketplace → collection → product, each with its provenance.
 * See README.md for the multi-collection rule.
 */
export * from "./catalogue.ts";
export * from "./goal-status.ts";
export * from "./resolve.ts";
