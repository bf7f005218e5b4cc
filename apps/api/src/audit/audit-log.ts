import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { inArray, lt } from "drizzle-orm";
import { AUDIT_RETENTION_DAYS, type AuditAction } from "../admin/user-list-contract.ts";

/** One line of the audit trail; the emails are looked up from the ids when not given. */
export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  actorEmail?: string | null;
  subjectUserId?: string | null;
  subjectEmail?: string | null;
  method?: string | null;
  resource?: string | null;
  entityId?: string | null;
  status?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown> | null;
}

/** Writes the audit trail (issue 22) and purges what is older than its retention. */
export function createAuditLog(db: Database, now: () => number = Date.now) {
  async function emailsOf(ids: (string | null | undefined)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .where(inArray(schema.users.id, wanted));
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  async function record(entry: AuditEntry): Promise<void> {
    const emails =
      (entry.actorUserId && entry.actorEmail === undefined) ||
      (entry.subjectUserId && entry.subjectEmail === undefined)
        ? await emailsOf([entry.actorUserId, entry.subjectUserId])
        : new Map<string, string>();
    await db.insert(schema.auditEvents).values({
      at: new Date(now()),
      action: entry.action,
      actorUserId: entry.actorUserId ?? null,
      actorEmail: entry.actorEmail ?? emails.get(entry.actorUserId ?? "") ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      subjectEmail: entry.subjectEmail ?? emails.get(entry.subjectUserId ?? "") ?? null,
      method: entry.method ?? null,
      resource: entry.resource ?? null,
      entityId: entry.entityId ?? null,
      status: entry.status ?? null,
      ip: entry.ip ?? null,
      userAgent: entry.userAgent?.slice(0, 400) ?? null,
      details: entry.details ?? null,
    });
  }

  /** Drops events older than the retention (365 days); answers how many went. */
  async function purge(): Promise<number> {
    const cutoff = new Date(now() - AUDIT_RETENTION_DAYS * 86_400_000);
    const gone = await db
      .delete(schema.auditEvents)
      .where(lt(schema.auditEvents.at, cutoff))
      .returning({ id: schema.auditEvents.id });
    return gone.length;
  }

  return { record, purge };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
