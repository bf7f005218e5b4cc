/** The administration's user list and page: what the screens and their server code share. */
import { USER_ROLES, USER_SORTS, USER_STATUSES } from "@starport/api/admin-contract";

// The list's contract is the API's (one place); the web adds how the URL holds its state.
export {
  type AdminUser,
  type AdminUserDetail,
  USER_ACTIONS,
  USER_FILTERS,
  USER_ROLES,
  USER_SORTS,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  type UserAction,
  type UserSort,
} from "@starport/api/admin-contract";

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
