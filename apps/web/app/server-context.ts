import type { PublicConfig } from "@starport/config";
import { createContext } from "react-router";
import type { ApiTransport } from "./lib/api/client.ts";

/**
 * What the Fastify server hands to React Router for each request. Imported by server.ts and the
 * app through the package import "#server-context", so both share one context token.
 */
export interface ServerContext {
  requestId: string;
  /** This document's Content-Security-Policy nonce: inline scripts and style elements carry it. */
  cspNonce: string;
  publicConfig: PublicConfig;
  isProduction: boolean;
  /** Routes that fail on purpose exist (end-to-end tests of the error pages). */
  diagnosticRoutes: boolean;
  /** Calls the API in-process (Fastify inject): no network hop for server-side loaders. */
  apiTransport: ApiTransport;
  /** Amazon's calendar day when it differs from the real one (the sandbox's); else absent. */
  amazonToday?: () => Promise<string>;
}

export const serverContext = createContext<ServerContext>();
