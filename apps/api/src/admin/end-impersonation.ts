import type { AuditLog } from "../audit/audit-log.ts";
import type { Principal } from "../auth/principal.ts";
import type { TokenService } from "../auth/tokens.ts";
import { ConflictError } from "../errors.ts";

/**
 * Ends the caller's impersonation: its session and token stop working at once (the administrator's
 * own session is untouched), and the end is in the audit log.
 */
export async function endImpersonation(
  tokens: TokenService,
  audit: AuditLog,
  principal: Principal,
  from: { ip: string; userAgent: string | undefined },
): Promise<void> {
  if (!principal.actorId) throw new ConflictError("This session is not an impersonation.");
  await tokens.revoke(principal, "impersonation-ended");
  await audit.record({
    action: "impersonation-ended",
    actorUserId: principal.actorId,
    subjectUserId: principal.userId,
    ip: from.ip,
    userAgent: from.userAgent ?? null,
    details: { sessionId: principal.sessionId ?? null },
  });
}
