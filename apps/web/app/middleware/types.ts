import type { DataStrategyResult, MiddlewareFunction } from "react-router";

/** Browser-side middleware, as React Router's `clientMiddleware` export expects. */
export type ClientMiddleware = MiddlewareFunction<Record<string, DataStrategyResult>>;

/** A route middleware: what runs on the server (document and data requests) and in the browser. */
export interface RouteMiddleware {
  server?: MiddlewareFunction<Response>;
  client?: ClientMiddleware;
}
