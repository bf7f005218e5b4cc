/** Control routes for injected trouble: faults (errors, latency) and rejected entity changes. */
import type { FastifyInstance } from "fastify";
import type { SandboxControl } from "../app.ts";
import { normalizeFaults, sendError, sendJson } from "../http.ts";
import type { SandboxState } from "../state.ts";
import { bodyOf as body, CONTROL_PREFIX as P } from "./shared.ts";

export function registerFaultRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  app.get(`${P}/faults`, async (_req, reply) => sendJson(reply, 200, state.faults.config));
  app.post(`${P}/rejections`, async (req, reply) => {
    const b = body(req);
    const ids = b.entityIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 10_000 ||
      ids.some((id) => (typeof id !== "string" && typeof id !== "number") || String(id) === "")
    )
      return sendError(reply, "control", 400, "entityIds must be an array of 1..10000 Amazon ids");
    const text = (v: unknown, max: number) =>
      typeof v === "string" && v.trim() !== "" && v.length <= max ? v : undefined;
    if (b.code !== undefined && text(b.code, 100) === undefined)
      return sendError(reply, "control", 400, "code must be a non-empty string of ≤100 characters");
    if (b.message !== undefined && text(b.message, 1000) === undefined)
      return sendError(
        reply,
        "control",
        400,
        "message must be a non-empty string of ≤1000 characters",
      );
    control.reject(ids.map(String), text(b.code, 100), text(b.message, 1000));
    return sendJson(reply, 200, { rejected: [...state.rejections.keys()] });
  });
  // `?entityIds=1,2` lifts only those (tests running side by side each lift their own); none, all.
  app.delete(`${P}/rejections`, async (req, reply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const listed = typeof query.entityIds === "string" ? query.entityIds : undefined;
    const ids = listed
      ?.split(",")
      .map((id) => id.trim())
      .filter((id) => id !== "");
    if (listed !== undefined && ids?.length === 0)
      return sendError(reply, "control", 400, "entityIds must list at least one Amazon id");
    control.clearRejections(ids);
    return sendJson(reply, 200, { rejected: [...state.rejections.keys()] });
  });
  app.put(`${P}/faults`, async (req, reply) => {
    const next = normalizeFaults(req.body, state.faults.config);
    if (typeof next === "string") return sendError(reply, "control", 400, next);
    state.faults.set(next);
    return sendJson(reply, 200, next);
  });
}
