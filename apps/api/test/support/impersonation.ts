import { hashPassword, schema } from "@starport/db";
import type { ChangesHarness } from "./changes-harness.ts";

/**
 * An administrator of their own customer who views Starport as the harness's seller (issue 22):
 * signed in and impersonating through the API, as the admin screens do. Answers the view's
 * headers and the administrator's id and name.
 */
export async function impersonateHarnessUser(
  h: ChangesHarness,
  name = "Ops Admin",
): Promise<{ headers: Record<string, string>; adminId: string; adminName: string }> {
  const [customer] = await h.db.insert(schema.customers).values({ name: "Ops" }).returning();
  const email = `ops-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const [admin] = await h.db
    .insert(schema.users)
    .values({
      customerId: customer!.id,
      email,
      name,
      passwordHash: await hashPassword("an ops password"),
      roles: ["ROLE_USER", "ROLE_ADMIN"],
    })
    .returning();
  const login = await h.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: "an ops password" },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const started = await h.app.inject({
    method: "POST",
    url: `/api/admin/users/${h.userId}/impersonation`,
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  if (started.statusCode !== 201)
    throw new Error(`impersonation: ${started.statusCode} ${started.body}`);
  return {
    headers: { authorization: `Bearer ${started.json().token}` },
    adminId: admin!.id,
    adminName: name,
  };
}
