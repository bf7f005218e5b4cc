/** Route guard "home" (route-table.ts GUARDS): the language the visitor prefers (spec §3), then the app's guard. */
import { detectLocale } from "../middleware/detect-locale.ts";
import {
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
} from "../middleware/session-guards.ts";
import { clientHalves, serverHalves } from "./chain.ts";

export const middleware = serverHalves(
  detectLocale,
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
);
export const clientMiddleware = clientHalves(
  detectLocale,
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
);
