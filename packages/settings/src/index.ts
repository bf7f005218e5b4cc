/**
 * Settings with inheritance: one pure resolver of effective values along
 * global (seller profile) → marketplace → collection → product, each with its provenance.
 */
export {};
