import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuditLog } from "../audit/audit-log.ts";
import { exportAuditEvents } from "../audit/export-audit-events.ts";
import { auditEventQuery, auditEventView, listAuditEvents } from "../audit/list-audit-events.ts";
import { requireAdmin } from "../auth/routes.ts";
import type { TokenService } from "../auth/tokens.ts";
import { EXPORT_QUERY, exportableResponse, exportFormat } from "../hydra/export.ts";
import { problems } from "../openapi.ts";
import { searchParams } from "../request-input.ts";
import { changeActivation } from "./change-activation.ts";
import { changeAdminRole } from "./change-admin-role.ts";
import { exportUsers } from "./export-users.ts";
import { listUsers, userListQuery } from "./list-users.ts";
import { showUser } from "./show-user.ts";
import { startImpersonation } from "./start-impersonation.ts";
import type { UserAction } from "./user-list-contract.ts";
import { adminUser, adminUserDetail } from "./user-views.ts";

const TAGS = ["Administration"];

const adminUsers = z.object({
  "@context": z.string(),
  "@id": z.string(),
  "@type": z.literal("hydra:Collection"),
  "hydra:member": z.array(adminUser),
  "hydra:totalItems": z.int().min(0),
});

const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});

const userParams = z.object({ id: z.uuid() });

export interface AdminDeps {
  db: Database;
  tokens: TokenService;
  audit: AuditLog;
  now?: () => number;
}

/** /api/admin/*: every route here is refused to non-admins on the server, not just hidden. */
export async function adminRoutes(plain: FastifyInstance, deps: AdminDeps): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date((deps.now ?? Date.now)());
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });

  app.get(
    "/users",
    {
      schema: {
        operationId: "adminListUsers",
        tags: TAGS,
        summary:
          "Every customer's users (administrators only): `search` (name, email, customer), " +
          "`customer`, `role`, `status`, `createdFrom`/`createdTo` and `signedInFrom`/`signedInTo` " +
          "(days, inclusive), `sort`/`direction`, `page`, `itemsPerPage`. With `format=csv|xlsx` " +
          "(or the Accept header): every matching user as a file, `columns[]` and `locale` as the other exports.",
        querystring: userListQuery.extend(EXPORT_QUERY),
        response: {
          200: exportableResponse("One page of users, or all of them as CSV or XLSX", adminUsers),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const raw = searchParams(request.query);
      const format = exportFormat(request, raw);
      if (format) return exportUsers(reply, deps.db, format, request.query, raw);
      const { members, total } = await listUsers(deps.db, request.query);
      return {
        "@context": "/api/contexts/User",
        "@id": "/api/admin/users",
        "@type": "hydra:Collection",
        "hydra:member": members,
        "hydra:totalItems": total,
      };
    },
  );

  app.get(
    "/users/:id",
    {
      schema: {
        operationId: "adminShowUser",
        tags: TAGS,
        summary: "A user with their customer, seller profiles, connections and live sessions.",
        params: userParams,
        response: { 200: json("The user", adminUserDetail), ...problems(401, 403, 404) },
      },
    },
    async (request) => showUser(deps.db, request.params.id, now()),
  );

  const actions = [
    ["grant-admin", "adminGrantAdminRole", "Grants ROLE_ADMIN."],
    ["revoke-admin", "adminRevokeAdminRole", "Revokes ROLE_ADMIN (409 for one's own)."],
    [
      "deactivate",
      "adminDeactivateUser",
      "Deactivates the user: their tokens stop working at their next request (409 for oneself).",
    ],
    ["reactivate", "adminReactivateUser", "Lets a deactivated user sign in again."],
  ] as const satisfies readonly (readonly [UserAction, string, string])[];
  for (const [action, operationId, summary] of actions) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          operationId,
          tags: TAGS,
          summary,
          params: userParams,
          response: { 200: json("The user", adminUserDetail), ...problems(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        const { id } = request.params;
        const user =
          action === "grant-admin" || action === "revoke-admin"
            ? await changeAdminRole(deps.db, actor, id, action === "grant-admin", now())
            : await changeActivation(
                deps.db,
                deps.tokens,
                actor,
                id,
                action === "reactivate",
                now(),
              );
        await deps.audit.record({
          action: AUDITED[action],
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: request.ip,
          userAgent: request.headers["user-agent"] ?? null,
        });
        return user;
      },
    );
  }

  app.post(
    "/users/:id/impersonation",
    {
      schema: {
        operationId: "adminImpersonateUser",
        tags: TAGS,
        summary:
          "Starts viewing Starport as the user (support): a token of the user's that names the administrator as actor, valid for 60 minutes at most; 409 for an administrator or a deactivated user.",
        params: userParams,
        response: {
          201: json(
            "The impersonation's token",
            z.object({
              token: z.string(),
              endsAt: z.iso.datetime(),
              user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
            }),
          ),
          ...problems(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const started = await startImpersonation(
        deps.db,
        deps.tokens,
        deps.audit,
        requireAdmin(request),
        request.params.id,
        { ip: request.ip, userAgent: request.headers["user-agent"] },
      );
      return reply.code(201).send(started);
    },
  );

  app.get(
    "/audit_events",
    {
      schema: {
        operationId: "adminListAuditEvents",
        tags: TAGS,
        summary:
          "The audit log, newest first (kept 365 days): sign-ins, failed sign-ins, role changes, deactivations, impersonations and every write made while impersonating. Filters: `action`, `user`, `from`/`to` (days), `search`. With `format=csv|xlsx` (or the Accept header): every matching event as a file, `columns[]` and `locale` (de, en) as the other exports.",
        querystring: auditEventQuery.extend(EXPORT_QUERY),
        response: {
          200: exportableResponse(
            "One page of audit events, or all of them as CSV or XLSX",
            z.object({
              "@context": z.string(),
              "@id": z.string(),
              "@type": z.literal("hydra:Collection"),
              "hydra:member": z.array(auditEventView),
              "hydra:totalItems": z.int().min(0),
            }),
          ),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const raw = searchParams(request.query);
      const format = exportFormat(request, raw);
      if (format) return exportAuditEvents(reply, deps.db, format, request.query, raw);
      const { members, total } = await listAuditEvents(deps.db, request.query);
      return {
        "@context": "/api/contexts/AuditEvent",
        "@id": "/api/admin/audit_events",
        "@type": "hydra:Collection" as const,
        "hydra:member": members,
        "hydra:totalItems": total,
      };
    },
  );
}

const AUDITED = {
  "grant-admin": "role-granted",
  "revoke-admin": "role-revoked",
  deactivate: "deactivated",
  reactivate: "reactivated",
} as const satisfies Record<UserAction, string>;
