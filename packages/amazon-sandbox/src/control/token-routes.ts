/** Control routes for authorisation: refresh tokens issued, grants revoked, access tokens expired. */
import type { FastifyInstance } from "fastify";
import type { SandboxControl } from "../app.ts";
import { sendError, sendJson } from "../http.ts";
import type { SandboxState } from "../state.ts";
import { bodyOf as body, CONTROL_PREFIX as P } from "./shared.ts";

export function registerTokenRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  app.post(`${P}/tokens`, async (req, reply) => {
    const b = body(req);
    if (
      typeof b.sellerId !== "string" ||
      !state.world.sellers.some((s) => s.sellerId === b.sellerId)
    )
      return sendError(reply, "control", 400, "sellerId must be a sandbox seller");
    if (b.api !== "ads" && b.api !== "sp")
      return sendError(reply, "control", 400, "api must be ads or sp");
    const args: { sellerId: string; api: "ads" | "sp"; clientId?: string } = {
      sellerId: b.sellerId,
      api: b.api,
    };
    if (typeof b.clientId === "string") args.clientId = b.clientId;
    return sendJson(reply, 200, { refresh_token: control.issueRefreshToken(args) });
  });
  // The seller withdraws the app's authorisation (browser tests: "reconnect needed").
  app.post(`${P}/tokens/revoke`, async (req, reply) => {
    const b = body(req);
    if (typeof b.sellerId !== "string" || (b.api !== "ads" && b.api !== "sp"))
      return sendError(reply, "control", 400, "sellerId and api (ads or sp) are required");
    const since = typeof b.since === "number" ? b.since : 0;
    return sendJson(reply, 200, { revoked: state.auth.revokeGrants(b.sellerId, b.api, since) });
  });
  app.post(`${P}/tokens/expire`, async (_req, reply) => {
    control.expireAccessTokens();
    return sendJson(reply, 200, { expired: true });
  });
}
