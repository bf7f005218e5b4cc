import type { Database } from "@starport/db";
import { z } from "zod";
import { type AdminUser, toAdminUser } from "./user-views.ts";
import { searchUsers, USER_SORTS } from "./users-repository.ts";

export const MAX_USERS_PER_PAGE = 100;

export const userListQuery = z.object({
  search: z.string().trim().max(200).optional().describe("Part of the name, email or customer"),
  customer: z.string().trim().max(200).optional().describe("Part of the customer's name"),
  role: z.enum(["ROLE_USER", "ROLE_ADMIN"]).optional(),
  status: z.enum(["active", "deactivated"]).optional(),
  sort: z.enum(USER_SORTS).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_USERS_PER_PAGE).default(30),
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
