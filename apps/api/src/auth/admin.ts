import { type Database, schema } from "@starport/db";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { problems } from "../openapi.ts";
import { toUserView, userView } from "./accounts.ts";
import { requireAdmin } from "./routes.ts";

const adminUsers = z.object({
  "@context": z.string(),
  "@id": z.string(),
  "@type": z.literal("hydra:Collection"),
  "hydra:member": z.array(userView),
  "hydra:totalItems": z.int().min(0),
});

/** /api/admin/*: every route here is refused to non-admins on the server, not just hidden. */
export async function adminRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });

  app.get(
    "/users",
    {
      schema: {
        operationId: "adminListUsers",
        tags: ["Administration"],
        summary: "Every user of every customer (administrators only).",
        response: {
          200: {
            description: "All users",
            content: { "application/json": { schema: adminUsers } },
          },
          ...problems(401, 403),
        },
      },
    },
    async () => {
      const rows = await deps.db.select().from(schema.users).orderBy(asc(schema.users.createdAt));
      const members = rows.map(toUserView);
      return {
        "@context": "/api/contexts/User",
        "@id": "/api/admin/users",
        "@type": "hydra:Collection",
        "hydra:member": members,
        "hydra:totalItems": members.length,
      };
    },
  );
}
