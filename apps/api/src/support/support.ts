import { type Database, schema } from "@starport/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePrincipal } from "../auth/authenticate.ts";
import { UnauthorizedError } from "../errors.ts";
import { parseBody } from "../validation.ts";

const supportRequestBody = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(10_000),
});

/** POST /api/support_requests: Starport's own support form (no third-party widget configured). */
export async function supportRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.post("/support_requests", async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = parseBody(supportRequestBody, request.body);
    const [user] = await deps.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, principal.userId))
      .limit(1);
    if (!user) throw new UnauthorizedError("Invalid JWT Token");
    const [created] = await deps.db
      .insert(schema.supportRequests)
      .values({
        userId: user.id,
        customerId: user.customerId,
        email: user.email,
        subject: input.subject,
        message: input.message,
        locale: user.locale,
      })
      .returning();
    return reply.code(201).send({
      "@id": `/api/support_requests/${created!.id}`,
      "@type": "SupportRequest",
      id: created!.id,
      subject: created!.subject,
      message: created!.message,
      createdAt: created!.createdAt.toISOString(),
    });
  });
}
