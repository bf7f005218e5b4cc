import type { FastifyInstance } from "fastify";
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
  databaseDriver: "pglite" | "postgres";
  pingDatabase(): Promise<void>;
  pingJobs(): Promise<void>;
}

/** Everything under /api: register with `{ prefix: "/api" }`. */
export async function apiPlugin(app: FastifyInstance, deps: ApiDependencies): Promise<void> {
  registerErrorHandling(app);
  await healthRoutes(app, deps);
}
