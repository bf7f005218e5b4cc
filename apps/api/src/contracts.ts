/**
 * The wire shapes of the API's computed reads, for the web (issue 20 §2: contracts once). Types
 * only: the web imports them with `import type`, so nothing of the API reaches the browser, and a
 * field the API renames or drops is a type error in the screen that reads it. Request bodies too:
 * the types the API's own zod schemas infer, so the web sends what the route validates.
 */
export type { CatalogueFacets } from "./catalogue/catalogue-facets.ts";
export type { CompetitorSuggestionsView } from "./catalogue/competitors/check-competitors.ts";
export type { CompetitorView } from "./catalogue/competitors/manage-competitors.ts";
export type { ProductListMember } from "./catalogue/list-products.ts";
export type { CollectionSummaries, CollectionSummary } from "./catalogue/summarize-collections.ts";
export type { CreationRequest } from "./changes/add-creation.ts";
export type { BulkChangeRequest } from "./changes/bulk-changes.ts";
export type { CampaignCreationPayload } from "./changes/create-campaign.ts";
export type { ChangeRequest } from "./changes/resources.ts";
export type { RetryRequest } from "./changes/retry-change.ts";
export type { OnboardingStep, OnboardingView } from "./onboarding/onboarding.ts";
export type { RecommendationDecisionRequest } from "./optimiser/decide-matching.ts";
