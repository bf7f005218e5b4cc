import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../auth/routes.ts";
import type { TokenService } from "../auth/tokens.ts";
import { problems } from "../openapi.ts";
import { changeActivation } from "./change-activation.ts";
import { changeAdminRole } from "./change-admin-role.ts";
import { listUsers, userListQuery } from "./list-users.ts";
import { showUser } from "./show-user.ts";
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
          "`customer`, `role`, `status`, `sort`/`direction`, `page`, `itemsPerPage`.",
        querystring: userListQuery,
        response: { 200: json("One page of users", adminUsers), ...problems(400, 401, 403) },
      },
    },
    async (request) => {
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
        switch (action) {
          case "grant-admin":
          case "revoke-admin":
            return changeAdminRole(deps.db, actor, id, action === "grant-admin", now());
          default:
            return changeActivation(
              deps.db,
              deps.tokens,
              actor,
              id,
              action === "reactivate",
              now(),
            );
        }
      },
    );
  }
}
