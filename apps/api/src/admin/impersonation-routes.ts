import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuditLog } from "../audit/audit-log.ts";
import { requirePrincipal } from "../auth/authenticate.ts";
import type { TokenService } from "../auth/tokens.ts";
import { problems } from "../openapi.ts";
import { endImpersonation } from "./end-impersonation.ts";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The impersonated side: ending the view, and the audit of every write made during it (the
 * administrator as actor, the user as subject), whatever route it went to.
 */
export async function impersonationRoutes(
  plain: FastifyInstance,
  deps: { tokens: TokenService; audit: AuditLog },
): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  // onSend, not onResponse: the line is written before the answer leaves, so a caller that has
  // its answer finds its write in the log (onResponse ran after inject had resolved)
  app.addHook("onSend", async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal?.actorId || !WRITES.has(request.method)) return payload;
    const path = request.url.split("?")[0] ?? request.url;
    // the ending itself is recorded as such
    if (path === "/api/impersonation") return payload;
    const entityId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(path);
    try {
      await deps.audit.record({
        action: "write",
        actorUserId: principal.actorId,
        subjectUserId: principal.userId,
        method: request.method,
        resource: path,
        entityId: entityId?.[0] ?? null,
        status: reply.statusCode,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
    } catch (error) {
      // the answer is sent: a failed audit line is an operator's problem, logged loudly
      request.log.error({ err: error }, "audit event of an impersonated write not recorded");
    }
    return payload;
  });

  app.delete(
    "/impersonation",
    {
      schema: {
        operationId: "endImpersonation",
        tags: ["Administration"],
        summary:
          "Ends the impersonation the token belongs to: its session stops working at once; the administrator's own session is untouched.",
        response: {
          204: z.null().describe("Ended"),
          ...problems(401, 409),
        },
      },
    },
    async (request, reply) => {
      await endImpersonation(deps.tokens, deps.audit, requirePrincipal(request), {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return reply.code(204).send(null);
    },
  );
}
