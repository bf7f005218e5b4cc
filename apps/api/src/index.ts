import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { registerAuthentication } from "./auth/authenticate.ts";
import type { TokenService } from "./auth/tokens.ts";
import { registerErrorHandling } from "./errors.ts";
import { healthRoutes } from "./routes/health.ts";

export {
  DomainError,
  ForbiddenError,
  hydraError,
  NotFoundError,
  UnauthorizedError,
} from "./errors.ts";

export interface ApiDependencies {
  db: Database;
  tokens: TokenService;
  databaseDriver: "pglite" | "postgres";
  pingDatabase(): Promise<void>;
  pingJobs(): Promise<void>;
}

/** Everything under /api: register with `{ prefix: "/api" }`. */
export async function apiPlugin(app: FastifyInstance, deps: ApiDependencies): Promise<void> {
  registerErrorHandling(app);
  registerAuthentication(app, deps.tokens);
  await healthRoutes(app, deps);
}
