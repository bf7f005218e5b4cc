import { schema } from "@starport/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { refuseLosingOwnAdminRole } from "../admin/refusals.ts";
import { createAuditLog } from "../audit/audit-log.ts";
import { ROLE_ADMIN } from "../auth/principal.ts";
import { iriOf } from "../hydra/fields.ts";
import { defineResource } from "../hydra/resource.ts";
import { customers } from "./customers.ts";

type Row = typeof schema.users.$inferSelect;

const ROLES = ["ROLE_USER", "ROLE_ADMIN"] as const;

const input = z.object({
  name: z.string().trim().min(1).max(200),
  locale: z.enum(["de", "en"]),
  roles: z.array(z.enum(ROLES)).min(1),
});

function toValues(value: z.infer<typeof input>) {
  return { name: value.name, locale: value.locale, roles: [...new Set(value.roles)] };
}

/**
 * The people of a customer. Accounts are created by registration (POST /api/register), never
 * here; names, languages and roles are managed by administrators. Password hashes never leave.
 */
export const users = defineResource<Row, typeof input>({
  shortName: "User",
  path: "users",
  description: "A user of a customer: name, email, roles, language, theme and onboarding state.",
  table: schema.users,
  id: schema.users.id,
  owner: { kind: "customer", column: schema.users.customerId },
  output: z.object({
    id: z.uuid(),
    customer: iriOf(() => customers),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    locale: z.string(),
    theme: z.object({ name: z.string(), dark: z.boolean() }),
    finishedOnboardingAt: z.string().nullable(),
  }),
  toOutput: (row) => ({
    id: row.id,
    customer: `/api/customers/${row.customerId}`,
    email: row.email,
    name: row.name,
    roles: row.roles,
    locale: row.locale,
    theme: { name: row.themeName, dark: row.darkTheme },
    finishedOnboardingAt: row.finishedOnboardingAt?.toISOString() ?? null,
  }),
  input,
  toWritable: (row) => ({ name: row.name, locale: row.locale, roles: row.roles }),
  toValues,
  processor: {
    // An administrator never takes their own ROLE_ADMIN away, here either; a grant or a revocation
    // is in the audit trail as it is through /api/admin/users/{id}/grant-admin, in the same
    // transaction as the change.
    async update({ db, principal, origin }, row, document) {
      const values = toValues(document as z.infer<typeof input>);
      refuseLosingOwnAdminRole(principal, row, values.roles);
      const [updated] = await db
        .update(schema.users)
        .set(values)
        .where(eq(schema.users.id, row.id))
        .returning();
      const wasAdmin = row.roles.includes(ROLE_ADMIN);
      const isAdmin = values.roles.includes(ROLE_ADMIN);
      if (wasAdmin !== isAdmin) {
        await createAuditLog(db).record({
          action: isAdmin ? "role-granted" : "role-revoked",
          actorUserId: principal.actorId ?? principal.userId,
          subjectUserId: row.id,
          method: "PATCH",
          resource: "users",
          entityId: row.id,
          ip: origin.ip,
          userAgent: origin.userAgent,
        });
      }
      return updated!;
    },
  },
  operations: { create: false, update: "admin", delete: "admin" },
  filters: [
    { type: "partial", parameter: "email", column: schema.users.email },
    { type: "partial", parameter: "name", column: schema.users.name },
  ],
  order: { email: schema.users.email, name: schema.users.name },
  defaultOrder: [["email", "asc"]],
});
