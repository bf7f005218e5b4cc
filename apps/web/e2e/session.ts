import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, BrowserContext } from "@playwright/test";

/** The demo accounts the seed creates (README, DEMO_ACCOUNTS). */
export const ACCOUNTS = {
  demo: { email: "demo@starport.dev", password: "starport-demo", profile: true },
  newcomer: { email: "new@starport.dev", password: "starport-new", profile: false },
  admin: { email: "admin@starport.dev", password: "starport-admin", profile: false },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

const port = Number(process.env.E2E_PORT ?? 3199);

/** Signed-in browser state per account, written once per run by auth.setup.ts. */
export function statePath(account: AccountKey): string {
  return join(tmpdir(), `starport-e2e-${port}-${account}.json`);
}

export const STATE = {
  demo: statePath("demo"),
  newcomer: statePath("newcomer"),
  admin: statePath("admin"),
} as const;

export async function loginViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post("/api/login", { data: { email, password } });
  if (response.status() !== 200) {
    throw new Error(`login as ${email} failed: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}

export async function firstProfileId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get("/api/seller_profiles", {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { "hydra:member": { id: string }[] };
  const id = body["hydra:member"][0]?.id;
  if (!id) throw new Error("the account has no seller profile");
  return id;
}

/** The cookies a signed-in browser holds: token (7 days, Lax) and the seller profile. */
export function sessionCookies(baseURL: string, token: string, profileId?: string) {
  const { hostname } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + 604_800;
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: hostname,
    path: "/",
    expires,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  });
  return [cookie("token", token), ...(profileId ? [cookie("sellerProfile", profileId)] : [])];
}

/**
 * A session of its own for tests that sign out, revoke or let a token expire, so the shared
 * signed-in states stay valid for everyone else.
 */
export async function signInFresh(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  account: AccountKey = "demo",
): Promise<{ token: string; profileId?: string }> {
  const { email, password, profile } = ACCOUNTS[account];
  const token = await loginViaApi(request, email, password);
  const profileId = profile ? await firstProfileId(request, token) : undefined;
  await context.addCookies(sessionCookies(baseURL, token, profileId));
  return profileId ? { token, profileId } : { token };
}

/** The Cookie header of a browser context, for raw requests that should act as it. */
export async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}
