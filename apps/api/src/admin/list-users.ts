import type { Database } from "@starport/db";
import { z } from "zod";
import { dayParameter } from "../day-range.ts";
import { USER_ROLES, USER_SORTS, USER_STATUSES, USERS_PAGE_SIZE } from "./user-list-contract.ts";
import { type AdminUser, toAdminUser } from "./user-views.ts";
import { searchUsers } from "./users-repository.ts";

export const MAX_USERS_PER_PAGE = 100;

export const userListQuery = z.object({
  search: z.string().trim().max(200).optional().describe("Part of the name, email or customer"),
  customer: z.string().trim().max(200).optional().describe("Part of the customer's name"),
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  createdFrom: dayParameter("Created on or after this day (UTC)"),
  createdTo: dayParameter("Created on or before this day (UTC)"),
  signedInFrom: dayParameter("Last signed in on or after this day (UTC)"),
  signedInTo: dayParameter("Last signed in on or before this day (UTC)"),
  sort: z.enum(USER_SORTS).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_USERS_PER_PAGE).default(USERS_PAGE_SIZE),
});

export type UserListQuery = z.infer<typeof userListQuery>;

/** The administration's user list: every customer's users, searched, filtered, sorted, paged. */
export async function listUsers(
  db: Database,
  query: UserListQuery,
): Promise<{ members: AdminUser[]; total: number }> {
  const { rows, total } = await searchUsers(db, {
    ...query,
    search: query.search || undefined,
    customer: query.customer || undefined,
  });
  return { members: rows.map(toAdminUser), total };
}
