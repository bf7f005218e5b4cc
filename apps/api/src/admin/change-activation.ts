import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import type { TokenService } from "../auth/tokens.ts";
import { NotFoundError } from "../errors.ts";
import { refuse } from "./refusals.ts";
import { showUser } from "./show-user.ts";
import type { AdminUserDetail } from "./user-views.ts";
import { findUserWithCustomer, setDeactivatedAt } from "./users-repository.ts";

/**
 * Deactivates a user (a lost laptop): their tokens fail from the next request on (the token check
 * reads the account's state) and their sessions end, so reactivating never revives an old
 * session. Reactivation lets them sign in again. Never one's own account.
 */
export async function changeActivation(
  db: Database,
  tokens: TokenService,
  actor: Principal,
  userId: string,
  active: boolean,
  now: Date,
): Promise<AdminUserDetail> {
  const row = await findUserWithCustomer(db, userId);
  if (!row) throw new NotFoundError();
  if (active) {
    await setDeactivatedAt(db, userId, null);
  } else {
    if (userId === actor.userId) refuse("ownAccount");
    // A second deactivation keeps the first date.
    if (!row.user.deactivatedAt) await setDeactivatedAt(db, userId, now);
    await tokens.revokeSessionsOf(userId, "deactivated");
  }
  return showUser(db, userId, now);
}
