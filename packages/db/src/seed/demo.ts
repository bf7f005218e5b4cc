import type { Database } from "../client.ts";
import { customers, users } from "../schema/index.ts";

/** The demo accounts the start command prints; passwords are set by the sign-in feature. */
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
        })
        // Any conflict is the unique lower(email) index: the account exists already.
        .onConflictDoNothing();
    }
  });
}
