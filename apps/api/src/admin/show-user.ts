import type { Database } from "@starport/db";
import { NotFoundError } from "../errors.ts";
import { type AdminUserDetail, toAdminUserDetail } from "./user-views.ts";
import {
  findUserWithCustomer,
  liveSessionsOf,
  sellerProfilesOfCustomer,
} from "./users-repository.ts";

/** One user for the administration: customer, seller profiles, connections, live sessions. */
export async function showUser(db: Database, id: string, now: Date): Promise<AdminUserDetail> {
  const row = await findUserWithCustomer(db, id);
  if (!row) throw new NotFoundError();
  const [profiles, sessions] = await Promise.all([
    sellerProfilesOfCustomer(db, row.customer.id),
    liveSessionsOf(db, id, now),
  ]);
  return toAdminUserDetail(row, profiles, sessions);
}
