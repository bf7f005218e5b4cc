import type { Database } from "@starport/db";
import type { AuditLog } from "../audit/audit-log.ts";
import { isAdmin, type Principal } from "../auth/principal.ts";
import type { TokenService } from "../auth/tokens.ts";
import { NotFoundError } from "../errors.ts";
import { refuse } from "./refusals.ts";
import { findUserWithCustomer } from "./users-repository.ts";

export interface ImpersonationStart {
  token: string;
  endsAt: string;
  user: { id: string; name: string; email: string };
}

/**
 * An administrator views Starport as a user (support): a 60-minute session of the user's whose
 * tokens name the administrator as actor. Never another administrator (that would lend their
 * rights), never a deactivated account; the start is in the audit log.
 */
export async function startImpersonation(
  db: Database,
  tokens: TokenService,
  audit: AuditLog,
  actor: Principal,
  userId: string,
  from: { ip: string; userAgent: string | undefined },
): Promise<ImpersonationStart> {
  const row = await findUserWithCustomer(db, userId);
  if (!row) throw new NotFoundError();
  const { user } = row;
  if (isAdmin(user.roles)) refuse("impersonateAdmin");
  if (user.deactivatedAt) refuse("impersonateDeactivated");
  const { token, endsAt, principal } = await tokens.issueImpersonation(
    { id: user.id, customerId: user.customerId, roles: user.roles },
    actor.userId,
  );
  await audit.record({
    action: "impersonation-started",
    actorUserId: actor.userId,
    subjectUserId: user.id,
    subjectEmail: user.email,
    ip: from.ip,
    userAgent: from.userAgent ?? null,
    details: { sessionId: principal.sessionId, endsAt: endsAt.toISOString() },
  });
  return {
    token,
    endsAt: endsAt.toISOString(),
    user: { id: user.id, name: user.name, email: user.email },
  };
}
