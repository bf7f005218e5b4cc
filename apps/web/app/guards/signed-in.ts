/** Route guard "signed-in" (route-table.ts GUARDS): signed in and onboarded. */
import { authMiddleware, onboardingMiddleware } from "../middleware/session-guards.ts";
import { clientHalves, serverHalves } from "./chain.ts";

export const middleware = serverHalves(authMiddleware, onboardingMiddleware);
export const clientMiddleware = clientHalves(authMiddleware, onboardingMiddleware);
