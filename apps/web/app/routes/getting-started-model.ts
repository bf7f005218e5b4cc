/** The getting-started screen's vocabulary, shared by its page and its server half. */
import type { OnboardingStep, OnboardingView } from "@starport/api/contracts";

/** The onboarding's steps, in the API's words (PUT /api/onboarding/steps/{key}). */
export const ONBOARDING_STEPS = [
  "seller-profile",
  "sp-api",
  "advertising-api",
  "marketplaces",
  "target-acos",
] as const satisfies readonly OnboardingStep[];

export const ONBOARDING_SAVE_STEP = "onboarding.step";
export const ONBOARDING_FINISH = "onboarding.finish";

export type StepKey = OnboardingStep;

/** GET /api/onboarding and what a saved step answers: the API's own view. */
export type OnboardingProgress = OnboardingView;
