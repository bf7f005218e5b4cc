/**
 * The administration's user reads and writes: the list's URL state in the API's terms
 * (GET /api/admin/users), one user's page, and the actions a user's page posts.
 */
import { type ApiClient, ApiError } from "../../../lib/api/client.ts";
import {
  type AdminUser,
  type AdminUserDetail,
  oneOf,
  USER_ACTIONS,
  USERS_PAGE_SIZE,
  type UserAction,
  userListQuery,
  userListState,
} from "./users.ts";

export async function loadUsers(api: ApiClient, params: URLSearchParams) {
  const state = userListState(params);
  const query = userListQuery(state);
  query.set("page", String(state.page));
  query.set("itemsPerPage", String(USERS_PAGE_SIZE));
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
