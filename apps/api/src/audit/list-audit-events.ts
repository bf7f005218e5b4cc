import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction } from "../admin/user-list-contract.ts";
import { dayParameter, withinDays } from "../day-range.ts";
import { escapeLike } from "../hydra/filters.ts";

export const MAX_AUDIT_EVENTS_PER_PAGE = 500;

export const auditEventQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Part of the actor's or the subject's email, or of the resource"),
  action: z.enum(AUDIT_ACTIONS).optional(),
  user: z.uuid().optional().describe("Events where this user is the actor or the subject"),
  from: dayParameter("First day (UTC), inclusive"),
  to: dayParameter("Last day (UTC), inclusive"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_AUDIT_EVENTS_PER_PAGE)
    .default(AUDIT_PAGE_SIZE),
});
export type AuditEventQuery = z.infer<typeof auditEventQuery>;

export const auditEventView = z
  .object({
    "@id": z.string(),
    "@type": z.literal("AuditEvent"),
    id: z.uuid(),
    at: z.iso.datetime(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({ id: z.uuid().nullable(), email: z.string().nullable() }),
    subject: z.object({ id: z.uuid().nullable(), email: z.string().nullable() }),
    method: z.string().nullable(),
    resource: z.string().nullable(),
    entityId: z.string().nullable(),
    status: z.int().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventView = z.infer<typeof auditEventView>;

type Row = typeof schema.auditEvents.$inferSelect;

function toView(row: Row): AuditEventView {
  return {
    "@id": `/api/admin/audit_events/${row.id}`,
    "@type": "AuditEvent",
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as AuditAction,
    actor: { id: row.actorUserId, email: row.actorEmail },
    subject: { id: row.subjectUserId, email: row.subjectEmail },
    method: row.method,
    resource: row.resource,
    entityId: row.entityId,
    status: row.status,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details ?? null,
  };
}

/** The audit log, newest first: filtered by action, user, days and a search, paged. */
export async function listAuditEvents(
  db: Database,
  query: AuditEventQuery,
): Promise<{ members: AuditEventView[]; total: number }> {
  const t = schema.auditEvents;
  const where: SQL[] = [];
  if (query.action) where.push(eq(t.action, query.action));
  if (query.user) where.push(or(eq(t.actorUserId, query.user), eq(t.subjectUserId, query.user))!);
  where.push(...withinDays(t.at, query.from, query.to));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(
      or(ilike(t.actorEmail, pattern), ilike(t.subjectEmail, pattern), ilike(t.resource, pattern))!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(condition)
      .orderBy(desc(t.at), desc(t.seq))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    db.select({ n: sql<number>`count(*)::int` }).from(t).where(condition),
  ]);
  return { members: rows.map(toView), total: Number(count?.n ?? 0) };
}
