import type { RouteEntry } from "../route-table.ts";
import { detectLocale } from "./detect-locale.ts";
import {
  adminMiddleware,
  authMiddleware,
  onboardingMiddleware,
  profileMiddleware,
} from "./session-guards.ts";
import type { RouteMiddleware } from "./types.ts";

/** Every named middleware a route may declare in the route table. */
export const ROUTE_MIDDLEWARE: Readonly<Record<string, RouteMiddleware>> = {
  "detect-locale": detectLocale,
  auth: authMiddleware,
  onboarding: onboardingMiddleware,
  profile: profileMiddleware,
  admin: adminMiddleware,
};

export class UnknownMiddlewareError extends Error {
  constructor(routePath: string, name: string, known: readonly string[]) {
    super(
      `Route "${routePath}" names middleware "${name}", which does not exist. Known middleware: ${
        known.length ? known.join(", ") : "(none)"
      }.`,
    );
    this.name = "UnknownMiddlewareError";
  }
}

/** The route's middleware in declaration order; a name that does not exist is an error. */
export function resolveRouteMiddleware(
  entry: Pick<RouteEntry, "path" | "middleware">,
  registry: Readonly<Record<string, RouteMiddleware>> = ROUTE_MIDDLEWARE,
): RouteMiddleware[] {
  return (entry.middleware ?? []).map((name) => {
    const middleware = registry[name];
    if (!middleware) throw new UnknownMiddlewareError(entry.path, name, Object.keys(registry));
    return middleware;
  });
}
