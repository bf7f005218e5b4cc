import { type Database, schema } from "@starport/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { UnauthorizedError } from "../errors.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";

const supportRequestBody = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(10_000),
});

const supportRequest = z.object({
  "@id": z.string(),
  "@type": z.literal("SupportRequest"),
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});

/** POST /api/support_requests: Starport's own support form (no third-party widget configured). */
export async function supportRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.post(
    "/support_requests",
    {
      onRequest: signedIn,
      schema: {
        operationId: "createSupportRequest",
        tags: ["Support"],
        summary: "Sends a message to Starport's support.",
        body: supportRequestBody,
        response: {
          201: {
            description: "The request was received",
            content: { "application/json": { schema: supportRequest } },
          },
          ...problems(...BODY_PROBLEMS, 401),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = request.body as z.infer<typeof supportRequestBody>;
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
    },
  );
}
