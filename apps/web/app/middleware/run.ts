import type { MiddlewareFunction } from "react-router";
import { loadLocale } from "../i18n/i18n.ts";
import { localeOfPath } from "../lib/locale.ts";
import { entryForPattern } from "../route-table.ts";
import { validateRouteParams } from "./params.ts";
import { resolveRouteMiddleware } from "./registry.ts";
import type { ClientMiddleware } from "./types.ts";

type Chainable<R> = MiddlewareFunction<R>;

/** Runs middleware in order; each may return early, call next, or let the chain continue. */
function runChain<R>(
  chain: Chainable<R>[],
  args: Parameters<Chainable<R>>[0],
  next: () => Promise<R>,
): Promise<R> {
  const run = async (index: number): Promise<R> => {
    const middleware = chain[index];
    if (!middleware) return next();
    let downstream: Promise<R> | undefined;
    const callNext = () => {
      downstream ??= run(index + 1);
      return downstream;
    };
    const result = await middleware(args, callNext);
    return result === undefined ? callNext() : result;
  };
  return run(0);
}

/**
 * Root middleware: finds the matched route in the route table, validates its params, then runs
 * the middleware it names, in order. Server: document and data requests. Client: navigations.
 */
export const runRouteMiddleware: MiddlewareFunction<Response> = (args, next) => {
  const entry = entryForPattern(args.pattern);
  if (!entry) return next();
  validateRouteParams(entry, args.params, args.url);
  const chain = resolveRouteMiddleware(entry).flatMap((m) => (m.server ? [m.server] : []));
  return runChain(chain, args, next);
};

export const runClientRouteMiddleware: ClientMiddleware = async (args, next) => {
  // A navigation into the other language renders with its messages, fetched once on the way.
  await loadLocale(localeOfPath(new URL(args.request.url).pathname));
  const entry = entryForPattern(args.pattern);
  if (!entry) return next();
  validateRouteParams(entry, args.params, args.url);
  const chain = resolveRouteMiddleware(entry).flatMap((m) => (m.client ? [m.client] : []));
  return runChain(chain, args, next);
};
