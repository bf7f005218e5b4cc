import { and, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { hashPassword } from "../passwords.ts";
import { customers, users } from "../schema/index.ts";
import { seedSellerDemoData } from "./sellers.ts";

/** The demo accounts the start command prints, with their passwords (argon2id-hashed in the seed). */
export const DEMO_ACCOUNTS = [
  {
    email: "demo@starport.dev",
    password: "starport-demo",
    name: "Dana Demo",
    admin: false,
    onboarded: true,
  },
  {
    email: "new@starport.dev",
    password: "starport-new",
    name: "Nico Neu",
    admin: false,
    onboarded: false,
  },
  {
    email: "admin@starport.dev",
    password: "starport-admin",
    name: "Ada Admin",
    admin: true,
    onboarded: true,
  },
] as const;

// Fixed ids make the seed idempotent: running it again changes nothing.
const DEMO_CUSTOMER_ID = "00000000-0000-4000-8000-000000000001";
const ADMIN_CUSTOMER_ID = "00000000-0000-4000-8000-000000000002";
const ONBOARDED_AT = new Date("2026-01-05T09:00:00Z");

/** Seeds the demo data in one transaction; safe to run on every start. */
export async function seedDemoData(db: Database): Promise<void> {
  // Hashing is slow on purpose: only for demo accounts that have no password yet.
  const withoutPassword = await db
    .select({ email: users.email })
    .from(users)
    .where(isNull(users.passwordHash));
  const pending = new Set(withoutPassword.map((row) => row.email.toLowerCase()));
  const existing = await db.select({ email: users.email }).from(users);
  const known = new Set(existing.map((row) => row.email.toLowerCase()));
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    if (pending.has(account.email) || !known.has(account.email)) {
      hashes.set(account.email, await hashPassword(account.password));
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(customers)
      .values([
        { id: DEMO_CUSTOMER_ID, name: "Starport Demo GmbH" },
        { id: ADMIN_CUSTOMER_ID, name: "Starport Operations" },
      ])
      .onConflictDoNothing();
    for (const account of DEMO_ACCOUNTS) {
      await tx
        .insert(users)
        .values({
          customerId: account.admin ? ADMIN_CUSTOMER_ID : DEMO_CUSTOMER_ID,
          email: account.email,
          name: account.name,
          roles: account.admin ? ["ROLE_USER", "ROLE_ADMIN"] : ["ROLE_USER"],
          finishedOnboardingAt: account.onboarded ? ONBOARDED_AT : null,
          passwordHash: hashes.get(account.email) ?? null,
        })
        // Any conflict is the unique lower(email) index: the account exists already.
        .onConflictDoNothing();
      const hash = hashes.get(account.email);
      if (hash) {
        // Accounts seeded before passwords existed get theirs; a password already set is kept.
        await tx
          .update(users)
          .set({ passwordHash: hash })
          .where(and(sql`lower(${users.email}) = ${account.email}`, isNull(users.passwordHash)));
      }
    }
  });
  // The demo customer's seller profile, accounts, tags, collections and taxes.
  await seedSellerDemoData(db);
}
