/** The getting-started screen's vocabulary, shared by its page and its server half. */
import type { OnboardingStep, OnboardingView } from "@starport/api/contracts";

export const ONBOARDING_SAVE_STEP = "onboarding.step";
export const ONBOARDING_FINISH = "onboarding.finish";

export type StepKey = OnboardingStep;

/** GET /api/onboarding and what a saved step answers: the API's own view. */
export type OnboardingProgress = OnboardingView;
