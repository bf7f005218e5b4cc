import { serverContext } from "#server-context";
import { notFound } from "../../lib/not-found.ts";
import type { Route } from "./+types/error";

/**
 * A loader that fails on purpose, so end-to-end tests can prove an unhandled loader error renders
 * the 500 page without a stack trace. Only with DIAGNOSTIC_ROUTES=true; otherwise an unknown route.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(serverContext).diagnosticRoutes) {
    throw notFound("unknown-route", new URL(request.url));
  }
  throw new Error("Deliberate loader failure (diagnostics)");
}

export default function DiagnosticsError() {
  return null;
}
