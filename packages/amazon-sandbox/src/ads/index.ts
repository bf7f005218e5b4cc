/** Amazon Ads API routes: profiles, Sponsored Products v3 CRUD, recommendations, reporting v3. */
import type { FastifyInstance } from "fastify";
import type { SandboxState } from "../state.ts";
import { registerBidRecommendationRoutes } from "./bid-recommendations.ts";
import { registerKeywordRecommendationRoutes } from "./keyword-recommendations.ts";
import { registerProfilesRoutes } from "./profiles.ts";
import { registerReportingRoutes } from "./reporting.ts";
import { registerResource } from "./resource-routes.ts";
import { RESOURCES } from "./resources.ts";

export function registerAdsRoutes(app: FastifyInstance, state: SandboxState): void {
  registerProfilesRoutes(app, state);
  for (const def of RESOURCES) registerResource(app, state, def);
  registerKeywordRecommendationRoutes(app, state);
  registerBidRecommendationRoutes(app, state);
  registerReportingRoutes(app, state);
}
