import { z } from "zod";
import { isAdmin } from "../auth/principal.ts";
import type {
  liveSessionsOf,
  sellerProfilesOfCustomer,
  UserWithCustomer,
} from "./users-repository.ts";

/** A user as the administration lists them: across customers, with status and last sign-in. */
export const adminUser = z
  .object({
    "@id": z.string(),
    "@type": z.literal("User"),
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    isAdmin: z.boolean(),
    customer: z.object({ "@id": z.string(), id: z.uuid(), name: z.string() }),
    createdAt: z.iso.datetime(),
    lastSignInAt: z.iso.datetime().nullable(),
    status: z.enum(["active", "deactivated"]),
    deactivatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminUser" });

export type AdminUser = z.infer<typeof adminUser>;

export function toAdminUser({ user, customer }: UserWithCustomer): AdminUser {
  return {
    "@id": `/api/users/${user.id}`,
    "@type": "User",
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    isAdmin: isAdmin(user.roles),
    customer: { "@id": `/api/customers/${customer.id}`, id: customer.id, name: customer.name },
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    status: user.deactivatedAt ? "deactivated" : "active",
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
  };
}

/** One user's page: their customer's seller profiles and connections (read-only), sessions. */
export const adminUserDetail = adminUser
  .extend({
    sellerProfiles: z.array(
      z.object({
        "@id": z.string(),
        id: z.uuid(),
        name: z.string(),
        createdAt: z.iso.datetime(),
        connections: z.array(
          z.object({
            api: z.string(),
            region: z.string(),
            status: z.string(),
            connectedAt: z.iso.datetime(),
            lastError: z.string().nullable(),
          }),
        ),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.uuid(),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
        impersonatedBy: z
          .object({ id: z.uuid(), name: z.string(), email: z.string() })
          .nullable()
          .describe("The administrator viewing Starport as the user in this session, if any"),
      }),
    ),
  })
  .meta({ id: "AdminUserDetail" });

export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export function toAdminUserDetail(
  row: UserWithCustomer,
  profiles: Awaited<ReturnType<typeof sellerProfilesOfCustomer>>,
  sessions: Awaited<ReturnType<typeof liveSessionsOf>>,
): AdminUserDetail {
  return {
    ...toAdminUser(row),
    sellerProfiles: profiles.map((profile) => ({
      "@id": `/api/seller_profiles/${profile.id}`,
      id: profile.id,
      name: profile.name,
      createdAt: profile.createdAt.toISOString(),
      connections: profile.connections.map((c) => ({
        api: c.api,
        region: c.region,
        status: c.status,
        connectedAt: c.connectedAt.toISOString(),
        lastError: c.lastError,
      })),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      impersonatedBy: s.impersonator ?? null,
    })),
  };
}
