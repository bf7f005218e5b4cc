/**
 * Issue 18 §13: Starport's database keeps the refresh tokens the sandbox issued, so a restarted
 * sandbox must still honour them (the demo's sync failed with invalid_grant after `npm start`
 * was restarted on a persistent database). With a state folder they survive; without, they do not.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLIENT } from "../src/auth.ts";
import { createSandbox } from "../src/index.ts";
import { SELLER } from "./helpers.ts";

async function refresh(sandbox: ReturnType<typeof createSandbox>, refreshToken: string) {
  const res = await sandbox.app.inject({
    method: "POST",
    url: "/auth/o2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}

describe("the sandbox after a restart", () => {
  let stateDir: string;
  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), "sandbox-state-"));
  });
  afterAll(() => rm(stateDir, { recursive: true, force: true }));

  it("honours the refresh tokens it issued before, kept in its state folder", async () => {
    const before = createSandbox({ seed: 5, stateDir });
    const direct = before.control.issueRefreshToken({ sellerId: SELLER, api: "ads" });
    await before.app.close();
    expect((await readFile(join(stateDir, "refresh-tokens.json"), "utf8")).length).toBeGreaterThan(
      0,
    );

    const after = createSandbox({ seed: 5, stateDir });
    expect((await refresh(after, direct)).status).toBe(200);
    expect((await refresh(after, "Atzr|never-issued")).body.error).toBe("invalid_grant");
    // The seller withdraws the app: its tokens stop working, and stay revoked after a restart.
    const revoked = await after.app.inject({
      method: "POST",
      url: "/__sandbox/tokens/revoke",
      payload: { sellerId: SELLER, api: "ads" },
    });
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await refresh(after, direct)).body.error).toBe("invalid_grant");
    await after.app.close();
    const again = createSandbox({ seed: 5, stateDir });
    expect((await refresh(again, direct)).body.error).toBe("invalid_grant");
    await again.app.close();

    // Without a state folder a restart forgets them (what the demo ran into).
    const forgetful = createSandbox({ seed: 5 });
    expect((await refresh(forgetful, direct)).body.error).toBe("invalid_grant");
    await forgetful.app.close();
  });
});
