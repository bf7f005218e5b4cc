/**
 * The administration's user reads and writes: the list's URL state in the API's terms
 * (GET /api/admin/users), one user's page, and the actions a user's page posts.
 */
import { type ApiClient, ApiError } from "../../../lib/api/client.ts";

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

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
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

export async function loadUsers(api: ApiClient, params: URLSearchParams) {
  const state = userListState(params);
  const query = new URLSearchParams({
    sort: state.sort,
    direction: state.direction,
    page: String(state.page),
    itemsPerPage: String(USERS_PAGE_SIZE),
  });
  for (const name of USER_FILTERS) {
    const value = state[name];
    if (value) query.set(name, value);
  }
  const body = await api.json<{ "hydra:member": AdminUser[]; "hydra:totalItems": number }>(
    `/api/admin/users?${query}`,
  );
  return {
    users: body["hydra:member"],
    total: body["hydra:totalItems"],
    state,
    pageSize: USERS_PAGE_SIZE,
  };
}

export async function loadUser(api: ApiClient, id: string): Promise<AdminUserDetail> {
  return api.json<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`);
}

export const USER_ACTIONS = ["grant-admin", "revoke-admin", "deactivate", "reactivate"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** The API's refusals (409 details) and the translation keys that explain them. */
const REFUSALS: Record<string, string> = {
  "You cannot revoke your own administrator role.": "adminUsers.refused.ownAdminRole",
  "You cannot deactivate your own account.": "adminUsers.refused.ownAccount",
};

/** Runs an action on a user; answers the translation key of what went wrong, if anything. */
export async function runUserAction(
  api: ApiClient,
  id: string,
  action: string,
): Promise<{ ok: true; action: UserAction } | { ok: false; error: string }> {
  const known = oneOf(USER_ACTIONS, action);
  if (!known) return { ok: false, error: "adminUsers.actionFailed" };
  try {
    await api.request(`/api/admin/users/${encodeURIComponent(id)}/${known}`, { method: "POST" });
    return { ok: true, action: known };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const detail = (error.body as { detail?: unknown } | null)?.detail;
      return { ok: false, error: REFUSALS[String(detail)] ?? "adminUsers.actionFailed" };
    }
    if (error instanceof ApiError && error.status === 404) {
      return { ok: false, error: "adminUsers.notFound" };
    }
    throw error;
  }
}
