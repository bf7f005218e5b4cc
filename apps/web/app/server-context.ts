import type { PublicConfig } from "@starport/config";
import { createContext } from "react-router";

/**
 * What the Fastify server hands to React Router for each request. Imported by server.ts and the
 * app through the package import "#server-context", so both share one context token.
 */
export interface ServerContext {
  requestId: string;
  publicConfig: PublicConfig;
  isProduction: boolean;
  /** Routes that fail on purpose exist (end-to-end tests of the error pages). */
  diagnosticRoutes: boolean;
}

export const serverContext = createContext<ServerContext>();
