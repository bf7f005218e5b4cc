import { describe, expect, it } from "vitest";
import { ROUTES } from "../app/route-table.ts";
import {
  authErrorFor,
  hasFinishedOnboarding,
  isAdminUser,
  type SessionUser,
  safeReturnPath,
  shouldRefresh,
  tokenExpiry,
} from "../app/session/session.ts";

function tokenWithExp(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ exp, sub: "x" })}.signature`;
}

const user = (patch: Partial<SessionUser>): SessionUser => ({
  "@id": "/api/users/1",
  id: "1",
  name: "N",
  email: "n@example.com",
  roles: ["ROLE_USER"],
  finishedOnboardingAt: null,
  locale: "de",
  localeChosen: false,
  theme: { name: "light-indigo", dark: false },
  customer: { "@id": "/api/customers/1", id: "1" },
  ...patch,
});

describe("session rules (spec §4, §6)", () => {
  it("reads exp in seconds from the token", () => {
    expect(tokenExpiry(tokenWithExp(1_900_000_000))).toBe(1_900_000_000);
    expect(tokenExpiry("garbage")).toBeNull();
    expect(tokenExpiry("a.%%%.c")).toBeNull();
  });

  it("refreshes only inside the last five minutes, never after expiry", () => {
    const now = 1_800_000_000_000;
    const at = (msLeft: number) => tokenWithExp((now + msLeft) / 1000);
    expect(shouldRefresh(null, now)).toBe(false);
    expect(shouldRefresh(at(301_000), now)).toBe(false);
    expect(shouldRefresh(at(300_000), now)).toBe(true);
    expect(shouldRefresh(at(1_000), now)).toBe(true);
    expect(shouldRefresh(at(0), now)).toBe(false);
    expect(shouldRefresh(at(-60_000), now)).toBe(false);
  });

  it("maps sign-in failures to the auth error keys", () => {
    expect(authErrorFor(401, "Expired JWT Token")).toBe("authenticationError.sessionExpired");
    expect(authErrorFor(401, "Revoked JWT Token")).toBe("authenticationError.general");
    // A deactivated account says so (the API's detail for its tokens and its sign-in).
    expect(authErrorFor(401, "Account deactivated.")).toBe(
      "authenticationError.accountDeactivated",
    );
    expect(authErrorFor(500, "x")).toBe("authenticationError.unexpectedError");
    expect(authErrorFor(null, null)).toBe("authenticationError.unexpectedError");
  });

  it("knows admins and finished onboarding; dev mode bypasses both; no user is neither", () => {
    expect(isAdminUser(null)).toBe(false);
    expect(isAdminUser(user({}))).toBe(false);
    expect(isAdminUser(user({ roles: ["ROLE_USER", "ROLE_ADMIN"] }))).toBe(true);
    expect(isAdminUser(null, true)).toBe(true);
    expect(hasFinishedOnboarding(user({}))).toBe(false);
    expect(hasFinishedOnboarding(user({ finishedOnboardingAt: "2026-01-01T00:00:00Z" }))).toBe(
      true,
    );
    expect(hasFinishedOnboarding(null, true)).toBe(true);
  });

  it("returns only to same-site paths", () => {
    expect(safeReturnPath("/hangar/campaigns?x=1")).toBe("/hangar/campaigns?x=1");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil", "", null]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it("guards every non-public route with sign-in and leaves public ones open", () => {
    const signedIn: readonly (string | undefined)[] = ["signed-in", "app", "home", "admin"];
    for (const entry of ROUTES) {
      expect(signedIn.includes(entry.guard), entry.path).toBe(!entry.public);
      expect(entry.guard === "admin", entry.path).toBe(entry.path.startsWith("/admin/"));
    }
  });
});
