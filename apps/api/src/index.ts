import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { impersonationRoutes } from "./admin/impersonation-routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { METRICS_RESOURCES } from "./advertising/metrics/index.ts";
import { keywordRecommendations } from "./advertising/recommendations/keyword-recommendations.ts";
import { ADVERTISING_RESOURCES } from "./advertising/resources.ts";
import { advertisingRoutes } from "./advertising/routes.ts";
import type { SyncEventOptions } from "./advertising/sync-events.ts";
import type { AmazonDependencies } from "./amazon/connections.ts";
import { createAuditLog } from "./audit/audit-log.ts";
import { createAccounts, devModeSubject } from "./auth/accounts.ts";
import { registerAuthentication } from "./auth/authenticate.ts";
import { isAdmin } from "./auth/principal.ts";
import type { AuthRateLimits } from "./auth/rate-limit.ts";
import { authRoutes } from "./auth/routes.ts";
import type { TokenService } from "./auth/tokens.ts";
import { collectionRoutes } from "./catalogue/collection-routes.ts";
import { competitorRoutes } from "./catalogue/competitors/routes.ts";
import {
  createSuggestionCache,
  type SuggestionCacheOptions,
} from "./catalogue/competitors/suggestion-cache.ts";
import { productDetails } from "./catalogue/product-details.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { campaignCreationRoutes } from "./changes/campaign-creation-routes.ts";
import type { ChangeJobs } from "./changes/jobs.ts";
import { keywordListRoutes } from "./changes/keyword-list-routes.ts";
import { CHANGE_RESOURCES } from "./changes/resources.ts";
import { changeRoutes } from "./changes/routes.ts";
import { marketplaceSalesResource } from "./economics/marketplace-sales.ts";
import { productEconomics } from "./economics/product-economics.ts";
import { shippingSettings } from "./economics/shipping-settings.ts";
import { type ErrorReporter, registerErrorHandling } from "./errors.ts";
import { hydraPlugin, registerHydraHeaders } from "./hydra/plugin.ts";
import { createRegistry } from "./hydra/registry.ts";
import type { AnyResource } from "./hydra/resource.ts";
import { onboardingRoutes } from "./onboarding/onboarding.ts";
import { registerOpenApi } from "./openapi.ts";
import type { OptimiserJobs } from "./optimiser/jobs.ts";
import { OPTIMISER_RESOURCES } from "./optimiser/resources.ts";
import { optimiserRoutes } from "./optimiser/routes.ts";
import type { ProductImportJobs } from "./product-imports/jobs.ts";
import { productImports } from "./product-imports/resource.ts";
import { productImportRoutes } from "./product-imports/routes.ts";
import { registerRequestInput } from "./request-input.ts";
import { ACCOUNT_RESOURCES } from "./resources/index.ts";
import { healthRoutes } from "./routes/health.ts";
import { SETTINGS_RESOURCES } from "./settings/resources.ts";
import { supportRoutes } from "./support/support.ts";

export { DEFAULT_AUTH_RATE_LIMITS } from "./auth/rate-limit.ts";
export { applyBatch } from "./changes/apply-batch.ts";
export { CHANGE_BATCH_QUEUE, type ChangeJobs, startChangeJobs } from "./changes/jobs.ts";
export { pushBatch } from "./changes/push-batch.ts";
export {
  type NewEntity,
  type PushCreationsInput,
  pushCreations,
} from "./changes/push-creations.ts";
export {
  DomainError,
  ForbiddenError,
  hydraError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  type Violation,
} from "./errors.ts";
export { scheduleConversionRateRefresh } from "./jobs/conversion-rates.ts";
export { runHousekeeping, scheduleHousekeeping } from "./jobs/housekeeping.ts";
export {
  OPTIMISER_RUN_QUEUE,
  type OptimiserJobs,
  optimiserAfterReportSync,
  startOptimiserJobs,
} from "./optimiser/jobs.ts";
export { startProductImportJobs } from "./product-imports/jobs.ts";
export { healthRoutes } from "./routes/health.ts";

/**
 * Every Hydra resource the API serves: the core entities and the synced advertising data. The one
 * registry: adding a resource here serves it, documents it and adds its tenant-isolation rows.
 */
export const ALL_RESOURCES: readonly AnyResource[] = [
  ...ACCOUNT_RESOURCES,
  ...ADVERTISING_RESOURCES,
  ...METRICS_RESOURCES,
  keywordRecommendations,
  productDetails,
  productEconomics,
  marketplaceSalesResource,
  shippingSettings,
  productImports,
  ...CHANGE_RESOURCES,
  ...SETTINGS_RESOURCES,
  ...OPTIMISER_RESOURCES,
];

export interface ApiDependencies {
  db: Database;
  tokens: TokenService;
  databaseDriver: "pglite" | "postgres";
  pingDatabase(): Promise<void>;
  pingJobs(): Promise<void>;
  /** DEV_MODE: anonymous requests act as the oldest administrator (never in production). */
  devMode?: boolean;
  /** Sign-in and registration limits; tests pass small ones. */
  rateLimits?: AuthRateLimits;
  /** Clock of the rate limits (milliseconds since the epoch); tests move it. */
  now?: () => number;
  /** Hydra terms with the `hydra:` prefix (default, what the web client reads) or without. */
  hydraPrefix?: boolean;
  /** Amazon clients, token encryption and the sync engine; without them /api/amazon/* is not served. */
  amazon?: AmazonDependencies;
  /** The product-import job queue and upload folder; without it the import operations are not served. */
  productImports?: ProductImportJobs;
  /** The change-batch apply queue; without it pushing a batch is not served. */
  changes?: ChangeJobs;
  /** The optimiser-run queue; without it "run now" leaves the run queued for the workers. */
  optimiser?: OptimiserJobs;
  /** Lifetime and polling interval of the sync event stream; tests pass short ones. */
  syncEvents?: SyncEventOptions;
  /** How long competitor suggestions are kept and a request waits for Amazon; tests pass short ones. */
  competitorSuggestions?: SuggestionCacheOptions;
  /** The error-reporting hook for uncaught (5xx) errors. */
  reportError?: ErrorReporter;
}

/** Everything under /api: register with `{ prefix: "/api" }`. */
export async function apiPlugin(app: FastifyInstance, deps: ApiDependencies): Promise<void> {
  registerErrorHandling(app, deps.reportError);
  registerRequestInput(app);
  // Before every route: the document is built from the routes registered after it.
  await registerOpenApi(app, ALL_RESOURCES);
  registerHydraHeaders(app);
  registerAuthentication(
    app,
    deps.tokens,
    deps.devMode
      ? async () => {
          const user = await devModeSubject(deps.db);
          if (!user) return null;
          return {
            userId: user.id,
            customerId: user.customerId,
            roles: user.roles,
            isAdmin: isAdmin(user.roles),
            tokenId: "00000000-0000-4000-8000-000000000000",
            expiresAt: Math.floor(Date.now() / 1000) + 3600,
            viaDevMode: true,
          };
        }
      : undefined,
  );
  await healthRoutes(app, deps);
  const audit = createAuditLog(deps.db, deps.now);
  const accounts = createAccounts({
    db: deps.db,
    tokens: deps.tokens,
    audit,
    ...(deps.rateLimits ? { rateLimits: deps.rateLimits } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  await authRoutes(app, accounts, deps.db);
  await onboardingRoutes(app, deps);
  await supportRoutes(app, deps);
  await impersonationRoutes(app, { tokens: deps.tokens, audit });
  await app.register(adminRoutes, {
    prefix: "/admin",
    db: deps.db,
    tokens: deps.tokens,
    audit,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await advertisingRoutes(app, { db: deps.db, amazon: deps.amazon, syncEvents: deps.syncEvents });
  await catalogueRoutes(app, {
    db: deps.db,
    hydra: deps.hydraPrefix === undefined ? undefined : { prefix: deps.hydraPrefix },
    amazon: deps.amazon,
  });
  if (deps.productImports)
    await productImportRoutes(app, {
      db: deps.db,
      jobs: deps.productImports,
      amazonAvailable: deps.amazon !== undefined,
    });
  if (deps.changes) {
    await changeRoutes(app, {
      db: deps.db,
      jobs: deps.changes,
      registry: createRegistry(ALL_RESOURCES),
      access: deps.amazon,
      hydraPrefix: deps.hydraPrefix,
    });
    await campaignCreationRoutes(app, { db: deps.db, jobs: deps.changes });
  }
  await keywordListRoutes(app);
  await optimiserRoutes(app, { db: deps.db });
  await collectionRoutes(app, { db: deps.db, amazon: deps.amazon });
  await competitorRoutes(app, {
    db: deps.db,
    amazon: deps.amazon,
    suggestionCache: createSuggestionCache(deps.competitorSuggestions),
  });
  await hydraPlugin(app, {
    db: deps.db,
    resources: ALL_RESOURCES,
    services: { amazon: deps.amazon, changes: deps.changes, optimiser: deps.optimiser },
    settings: { prefix: deps.hydraPrefix ?? true },
  });
}
export type { AmazonDependencies } from "./amazon/connections.ts";
