import type { Database } from "@starport/db";
import { type Principal, ROLE_ADMIN } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { refuseLosingOwnAdminRole } from "./refusals.ts";
import { showUser } from "./show-user.ts";
import type { AdminUserDetail } from "./user-views.ts";
import { findUserWithCustomer, setRoles } from "./users-repository.ts";

/**
 * Grants or revokes ROLE_ADMIN; never one's own (the administrator would lock themselves out, and
 * the caller being an administrator, nobody revokes the last one). Tokens carry the roles: the
 * change reaches the user's session at its next renewal (within the token's hour).
 */
export async function changeAdminRole(
  db: Database,
  actor: Principal,
  userId: string,
  grant: boolean,
  now: Date,
): Promise<AdminUserDetail> {
  const row = await findUserWithCustomer(db, userId);
  if (!row) throw new NotFoundError();
  const roles = row.user.roles.filter((role) => role !== ROLE_ADMIN);
  if (grant) roles.push(ROLE_ADMIN);
  refuseLosingOwnAdminRole(actor, row.user, roles);
  await setRoles(db, userId, roles.length ? roles : ["ROLE_USER"]);
  return showUser(db, userId, now);
}
