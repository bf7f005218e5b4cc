import { type Database, hashPassword, schema, verifyPassword } from "@starport/db";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { NotFoundError, ValidationError } from "../errors.ts";
import { parseBody, violation } from "../validation.ts";
import { toUserView, type UserView } from "./accounts.ts";
import type { Principal } from "./principal.ts";

/**
 * The signed-in user's own profile (/profile): name, email, language, theme (PATCH /api/me, a
 * merge patch) and the password (POST /api/me/password, the current one required).
 */

export const THEME_NAMES = ["light-indigo"] as const;

export const profilePatch = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    locale: z.enum(["de", "en"]),
    theme: z.object({ name: z.enum(THEME_NAMES), dark: z.boolean() }).strict(),
    /** Required with a new email: the sign-in address changes only with the password. */
    currentPassword: z.string().max(1024),
  })
  .partial()
  .strict();

export const passwordChange = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(8).max(1024),
});

async function ownRow(db: Database, principal: Principal) {
  const [user] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, principal.userId))
    .limit(1);
  if (!user) throw new NotFoundError("Not Found");
  return user;
}

/**
 * PATCH /api/me: changes the given fields; an email another user has is a 422 on `email`. A new
 * email (the sign-in name) needs the current password, as the password change does: a stolen
 * session alone cannot take over the account (422 on `currentPassword`).
 */
export async function updateOwnProfile(
  db: Database,
  principal: Principal,
  body: unknown,
): Promise<UserView> {
  const patch = parseBody(profilePatch, body);
  const own = await ownRow(db, principal);
  if (patch.email !== undefined && patch.email !== own.email.toLowerCase()) {
    if (!patch.currentPassword)
      throw new ValidationError([violation("currentPassword", "required")]);
    if (!own.passwordHash || !(await verifyPassword(own.passwordHash, patch.currentPassword)))
      throw new ValidationError([violation("currentPassword", "wrongPassword")]);
  }
  if (patch.email) {
    const [taken] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(
        and(
          sql`lower(${schema.users.email}) = ${patch.email}`,
          ne(schema.users.id, principal.userId),
        ),
      )
      .limit(1);
    if (taken) throw new ValidationError([violation("email", "emailTaken")]);
  }
  const values: Partial<typeof schema.users.$inferInsert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.email !== undefined) values.email = patch.email;
  if (patch.locale !== undefined) {
    values.locale = patch.locale;
    values.localeChosen = true;
  }
  if (patch.theme !== undefined) {
    values.themeName = patch.theme.name;
    values.darkTheme = patch.theme.dark;
  }
  if (Object.keys(values).length === 0) return toUserView(await ownRow(db, principal));
  try {
    const [updated] = await db
      .update(schema.users)
      .set(values)
      .where(eq(schema.users.id, principal.userId))
      .returning();
    return toUserView(updated!);
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).code === "23505")
      throw new ValidationError([violation("email", "emailTaken")]);
    if ((error as { cause?: { code?: string } }).cause?.code === "23505")
      throw new ValidationError([violation("email", "emailTaken")]);
    throw error;
  }
}

/** POST /api/me/password: the current password must match (422 on `currentPassword`). */
export async function changeOwnPassword(
  db: Database,
  principal: Principal,
  body: unknown,
): Promise<void> {
  const input = parseBody(passwordChange, body);
  const user = await ownRow(db, principal);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new ValidationError([violation("currentPassword", "wrongPassword")]);
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(schema.users.id, principal.userId));
}
