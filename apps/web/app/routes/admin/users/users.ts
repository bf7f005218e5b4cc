/** The administration's user list and page: what the screens and their server code share. */
import { USER_FILTERS, USER_ROLES, USER_SORTS, USER_STATUSES } from "@starport/api/admin-contract";

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

/** The day filters (YYYY-MM-DD, inclusive), in the order the screen shows them. */
export const USER_DAY_FILTERS = ["createdFrom", "createdTo", "signedInFrom", "signedInTo"] as const;
export type UserDayFilter = (typeof USER_DAY_FILTERS)[number];

/** The list's state as the URL holds it, with defaults for what it leaves out or gets wrong. */
export function userListState(params: URLSearchParams) {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
  const day = (name: UserDayFilter) => {
    const value = params.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
      ? value
      : null;
  };
  return {
    search: text("search"),
    customer: text("customer"),
    role: oneOf(USER_ROLES, params.get("role")),
    status: oneOf(USER_STATUSES, params.get("status")),
    createdFrom: day("createdFrom"),
    createdTo: day("createdTo"),
    signedInFrom: day("signedInFrom"),
    signedInTo: day("signedInTo"),
    sort: oneOf(USER_SORTS, params.get("sort")) ?? "createdAt",
    direction: params.get("direction") === "desc" ? ("desc" as const) : ("asc" as const),
    page: Math.min(100_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

export type UserListState = ReturnType<typeof userListState>;

/** The API's query for the list's filters and order (no page: the export takes every match). */
export function userListQuery(state: UserListState): URLSearchParams {
  const query = new URLSearchParams({ sort: state.sort, direction: state.direction });
  for (const name of USER_FILTERS) {
    const value = state[name];
    if (value) query.set(name, value);
  }
  return query;
}
