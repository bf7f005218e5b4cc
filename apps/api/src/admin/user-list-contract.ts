/**
 * The administration's user list and audit log as the API offers them, in one place for the API
 * and the web (`@starport/api/admin-contract`): what they sort and filter by and what can be done
 * to a user.
 * No imports, so that the web's client bundle may read it.
 */

/** Columns the list sorts by. */
export const USER_SORTS = [
  "name",
  "email",
  "customer",
  "createdAt",
  "lastSignInAt",
  "status",
] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const USER_ROLES = ["ROLE_USER", "ROLE_ADMIN"] as const;
export const USER_STATUSES = ["active", "deactivated"] as const;
/** The list's query parameters besides sort, direction and page (days: YYYY-MM-DD, inclusive). */
export const USER_FILTERS = [
  "search",
  "customer",
  "role",
  "status",
  "createdFrom",
  "createdTo",
  "signedInFrom",
  "signedInTo",
] as const;
/** Rows per page unless the caller asks for another number. */
export const USERS_PAGE_SIZE = 30;

/** What an administrator can do to a user: `POST /api/admin/users/{id}/{action}`. */
export const USER_ACTIONS = ["grant-admin", "revoke-admin", "deactivate", "reactivate"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** What the audit log records (`GET /api/admin/audit_events?action=`). */
export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "role-granted",
  "role-revoked",
  "deactivated",
  "reactivated",
  "impersonation-started",
  "impersonation-ended",
  "write",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Audit events per page unless the caller asks for another number. */
export const AUDIT_PAGE_SIZE = 50;
/** Audit events are kept this long, then purged. */
export const AUDIT_RETENTION_DAYS = 365;

export type { AuditEventView as AuditEvent } from "../audit/list-audit-events.ts";
export type { AdminUser, AdminUserDetail } from "./user-views.ts";
