import { type Database, schema } from "@starport/db";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { withinDays } from "../day-range.ts";
import { escapeLike } from "../hydra/filters.ts";
import { USER_SORTS, type USER_STATUSES, type UserSort } from "./user-list-contract.ts";

export { USER_SORTS, type UserSort };

export interface UserSearch {
  /** Part of the name, email or customer name. */
  search?: string | undefined;
  /** Part of the customer (company) name. */
  customer?: string | undefined;
  role?: string | undefined;
  status?: (typeof USER_STATUSES)[number] | undefined;
  /** Days (UTC, inclusive) the account was created in, and last signed in. */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  signedInFrom?: string | undefined;
  signedInTo?: string | undefined;
  sort: UserSort;
  direction: "asc" | "desc";
  page: number;
  itemsPerPage: number;
}

export type UserRow = typeof schema.users.$inferSelect;
export interface UserWithCustomer {
  user: UserRow;
  customer: { id: string; name: string };
}

const { users, customers } = schema;

const SORT_COLUMNS: Record<UserSort, SQL | AnyColumn> = {
  name: users.name,
  email: users.email,
  customer: customers.name,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  // Active ones first when ascending.
  status: sql`(${users.deactivatedAt} is not null)`,
};

function conditions(search: UserSearch): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (search.search) {
    const pattern = `%${escapeLike(search.search)}%`;
    parts.push(
      or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(customers.name, pattern)),
    );
  }
  if (search.customer) parts.push(ilike(customers.name, `%${escapeLike(search.customer)}%`));
  if (search.role) parts.push(sql`${search.role} = any(${users.roles})`);
  if (search.status === "active") parts.push(isNull(users.deactivatedAt));
  if (search.status === "deactivated") parts.push(isNotNull(users.deactivatedAt));
  parts.push(...withinDays(users.createdAt, search.createdFrom, search.createdTo));
  parts.push(...withinDays(users.lastSignInAt, search.signedInFrom, search.signedInTo));
  return and(...parts);
}

/** Every customer's users: one page of a search, and how many match in all. */
export async function searchUsers(
  db: Database,
  search: UserSearch,
): Promise<{ rows: UserWithCustomer[]; total: number }> {
  const where = conditions(search);
  const order = search.direction === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, customer: { id: customers.id, name: customers.name } })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(where)
      // Never-signed-in users last either way; the id keeps pages stable.
      .orderBy(
        ...(search.sort === "lastSignInAt" ? [sql`${users.lastSignInAt} is null`] : []),
        order(SORT_COLUMNS[search.sort]),
        asc(users.id),
      )
      .limit(search.itemsPerPage)
      .offset((search.page - 1) * search.itemsPerPage),
    db
      .select({ total: count() })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUserWithCustomer(
  db: Database,
  id: string,
): Promise<UserWithCustomer | undefined> {
  const [row] = await db
    .select({ user: users, customer: { id: customers.id, name: customers.name } })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The customer's seller profiles with their Amazon connections (never the tokens). */
export async function sellerProfilesOfCustomer(db: Database, customerId: string) {
  const profiles = await db
    .select({
      id: schema.sellerProfiles.id,
      name: schema.sellerProfiles.name,
      createdAt: schema.sellerProfiles.createdAt,
    })
    .from(schema.sellerProfiles)
    .where(eq(schema.sellerProfiles.customerId, customerId))
    .orderBy(asc(schema.sellerProfiles.name), asc(schema.sellerProfiles.id));
  const connections = await db
    .select({
      sellerProfileId: schema.amazonConnections.sellerProfileId,
      api: schema.amazonConnections.api,
      region: schema.amazonConnections.region,
      status: schema.amazonConnections.status,
      connectedAt: schema.amazonConnections.connectedAt,
      lastError: schema.amazonConnections.lastError,
    })
    .from(schema.amazonConnections)
    .innerJoin(
      schema.sellerProfiles,
      eq(schema.sellerProfiles.id, schema.amazonConnections.sellerProfileId),
    )
    .where(eq(schema.sellerProfiles.customerId, customerId))
    .orderBy(asc(schema.amazonConnections.api), asc(schema.amazonConnections.region));
  return profiles.map((profile) => ({
    ...profile,
    connections: connections.filter((c) => c.sellerProfileId === profile.id),
  }));
}

/**
 * The user's sign-in sessions that still live (not revoked, not expired), with the administrator
 * behind each one that is a view as the user (impersonation).
 */
export async function liveSessionsOf(db: Database, userId: string, now: Date) {
  const impersonator = alias(users, "impersonator");
  return db
    .select({
      id: schema.userSessions.id,
      createdAt: schema.userSessions.createdAt,
      expiresAt: schema.userSessions.expiresAt,
      impersonator: { id: impersonator.id, name: impersonator.name, email: impersonator.email },
    })
    .from(schema.userSessions)
    .leftJoin(impersonator, eq(impersonator.id, schema.userSessions.impersonatorId))
    .where(
      and(
        eq(schema.userSessions.userId, userId),
        isNull(schema.userSessions.revokedAt),
        sql`${schema.userSessions.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(schema.userSessions.createdAt));
}

export async function setRoles(db: Database, userId: string, roles: string[]): Promise<void> {
  await db.update(users).set({ roles }).where(eq(users.id, userId));
}

export async function setDeactivatedAt(
  db: Database,
  userId: string,
  at: Date | null,
): Promise<void> {
  await db.update(users).set({ deactivatedAt: at }).where(eq(users.id, userId));
}
