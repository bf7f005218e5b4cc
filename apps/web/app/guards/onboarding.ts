/** Route guard "onboarding" (route-table.ts GUARDS): a signed-in user who has not finished onboarding is sent there. */
import { onboardingMiddleware } from "../middleware/session-guards.ts";
import { clientHalves, serverHalves } from "./chain.ts";

export const middleware = serverHalves(onboardingMiddleware);
export const clientMiddleware = clientHalves(onboardingMiddleware);
