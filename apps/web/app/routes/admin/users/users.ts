/** The administration's user list and page: what the screens and their server code share. */
export const USERS_PAGE_SIZE = 30;
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
/** The list's URL parameters, passed to the API under the same names when valid. */
export const USER_FILTERS = ["search", "customer", "role", "status"] as const;

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  isAdmin: boolean;
  customer: { id: string; name: string };
  createdAt: string;
  lastSignInAt: string | null;
  status: (typeof USER_STATUSES)[number];
  deactivatedAt: string | null;
}

export interface AdminUserDetail extends AdminUser {
  sellerProfiles: {
    id: string;
    name: string;
    createdAt: string;
    connections: {
      api: string;
      region: string;
      status: string;
      connectedAt: string;
      lastError: string | null;
    }[];
  }[];
  sessions: { id: string; createdAt: string; expiresAt: string }[];
}

export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The list's state as the URL holds it, with defaults for what it leaves out or gets wrong. */
export function userListState(params: URLSearchParams) {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
  return {
    search: text("search"),
    customer: text("customer"),
    role: oneOf(USER_ROLES, params.get("role")),
    status: oneOf(USER_STATUSES, params.get("status")),
    sort: oneOf(USER_SORTS, params.get("sort")) ?? "createdAt",
    direction: params.get("direction") === "desc" ? ("desc" as const) : ("asc" as const),
    page: Math.min(100_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

export type UserListState = ReturnType<typeof userListState>;

export const USER_ACTIONS = ["grant-admin", "revoke-admin", "deactivate", "reactivate"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
