/**
 * The administration's user list as the API offers it, in one place for the API and the web
 * (`@starport/api/admin-contract`): what it sorts and filters by and what can be done to a user.
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
/** The list's query parameters besides sort, direction and page. */
export const USER_FILTERS = ["search", "customer", "role", "status"] as const;
/** Rows per page unless the caller asks for another number. */
export const USERS_PAGE_SIZE = 30;

/** What an administrator can do to a user: `POST /api/admin/users/{id}/{action}`. */
export const USER_ACTIONS = ["grant-admin", "revoke-admin", "deactivate", "reactivate"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export type { AdminUser, AdminUserDetail } from "./user-views.ts";
