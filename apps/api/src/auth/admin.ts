import { type Database, schema } from "@starport/db";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { toUserView } from "./accounts.ts";
import { requireAdmin } from "./routes.ts";

/** /api/admin/*: every route here is refused to non-admins on the server, not just hidden. */
export async function adminRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.addHook("preHandler", async (request) => {
    requireAdmin(request);
  });

  app.get("/users", async () => {
    const rows = await deps.db.select().from(schema.users).orderBy(asc(schema.users.createdAt));
    const members = rows.map(toUserView);
    return {
      "@context": "/api/contexts/User",
      "@id": "/api/admin/users",
      "@type": "hydra:Collection",
      "hydra:member": members,
      "hydra:totalItems": members.length,
    };
  });
}
