/** Route guard "app" (route-table.ts GUARDS): signed in, onboarded, with a seller profile (the app's working screens). */
import {
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
} from "../middleware/session-guards.ts";
import { clientHalves, serverHalves } from "./chain.ts";

export const middleware = serverHalves(authMiddleware, onboardingMiddleware, profileMiddleware);
export const clientMiddleware = clientHalves(
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
);
