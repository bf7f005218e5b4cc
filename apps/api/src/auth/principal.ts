/** Who is calling: resolved once per request from the Bearer token, used by every scoped query. */
export interface Principal {
  userId: string;
  customerId: string;
  roles: readonly string[];
  isAdmin: boolean;
  /** The access token's id (jti), for revocation. */
  tokenId: string;
  /** Token expiry, seconds since the epoch (the JWT's exp). */
  expiresAt: number;
  /** The sign-in session the token belongs to (null for tokens issued without one). */
  sessionId?: string | null;
  /**
   * The administrator acting as this user (impersonation, the token's `act` claim, RFC 8693); the
   * session is then the administrator's 60-minute view, recorded in the audit log.
   */
  actorId?: string | null;
  /** The acting administrator's name (for the changes they make while impersonating). */
  actorName?: string | null;
  /** Dev mode's stand-in for an anonymous caller: there is no token to revoke. */
  viaDevMode?: boolean;
}

export const ROLE_ADMIN = "ROLE_ADMIN";

/** Spec §6: admin iff the roles include ROLE_ADMIN; no user, not admin. */
export function isAdmin(roles: readonly string[] | null | undefined): boolean {
  return roles?.includes(ROLE_ADMIN) ?? false;
}
