import type { MiddlewareFunction } from "react-router";
import type { ClientMiddleware, RouteMiddleware } from "../middleware/types.ts";

/**
 * A guard's `middleware` and `clientMiddleware` exports from its route middleware, in order:
 * React Router runs them (root → layout → guard → route) before any loader of the route below.
 */
export function serverHalves(...guards: RouteMiddleware[]): MiddlewareFunction<Response>[] {
  return guards.flatMap((guard) => (guard.server ? [guard.server] : []));
}

export function clientHalves(...guards: RouteMiddleware[]): ClientMiddleware[] {
  return guards.flatMap((guard) => (guard.client ? [guard.client] : []));
}
