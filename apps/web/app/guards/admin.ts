/** Route guard "admin" (route-table.ts GUARDS): signed in as an administrator (spec §6). */
import {
  adminMiddleware,
  authMiddleware,
  onboardingMiddleware,
} from "../middleware/session-guards.ts";
import { clientHalves, serverHalves } from "./chain.ts";

export const middleware = serverHalves(authMiddleware, onboardingMiddleware, adminMiddleware);
export const clientMiddleware = clientHalves(authMiddleware, onboardingMiddleware, adminMiddleware);
