import type { MiddlewareFunction } from "react-router";
import { loadLocale } from "../i18n/i18n.ts";
import { localeOfPath } from "../lib/locale.ts";
import { entryForPattern } from "../route-table.ts";
import { validateRouteParams } from "./params.ts";
import type { ClientMiddleware } from "./types.ts";

/**
 * Root middleware: a matched route's params are checked against the route table (a malformed id
 * or an unknown marketplace is a 404 before any guard or loader runs). The guards themselves are
 * React Router middleware of the routes' guard layouts (guards/).
 */
export const validateParams: MiddlewareFunction<Response> = (args, next) => {
  const entry = entryForPattern(args.pattern);
  if (entry) validateRouteParams(entry, args.params, args.url);
  return next();
};

export const validateParamsInBrowser: ClientMiddleware = async (args, next) => {
  // A navigation into the other language renders with its messages, fetched once on the way.
  await loadLocale(localeOfPath(new URL(args.request.url).pathname));
  const entry = entryForPattern(args.pattern);
  if (entry) validateRouteParams(entry, args.params, args.url);
  return next();
};
