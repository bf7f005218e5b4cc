import { expect, type Page, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { cookieHeader, loginViaApi, STATE, signInFresh } from "./session.ts";

const WEEK = 604_800;

async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "token");
}

function expiryOf(token: string): number {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
}

async function login(page: Page, email: string, password: string) {
  await expectHydrated(page);
  await page.getByLabel(/^(Email|E-Mail)/).fill(email);
  await page.getByLabel(/^(Password|Passwort)/).fill(password);
  await page.getByTestId("login-submit").click();
}

test.describe("signed out", () => {
  test("a protected route sends the visitor to /login; public routes stay open", async ({
    page,
  }) => {
    await page.goto("/en/hangar/campaigns");
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.goto("/strategy-center");
    await expect(page).toHaveURL(/\/login$/);
    for (const open of ["/en/register", "/en/auth", "/account-connection-error"]) {
      const response = await page.goto(open);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(open);
    }
  });

  test("the demo login from the start command reaches the home page; the token is mirrored in a 7-day Lax cookie", async ({
    page,
  }) => {
    await page.goto("/en/login");
    await login(page, "demo@starport.dev", "starport-demo");
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('[data-page="home"] h1')).toHaveText("Overview");
    const cookie = await tokenCookie(page);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.secure).toBe(false);
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(WEEK - 120);
    expect(lifetime).toBeLessThanOrEqual(WEEK + 5);
    // Token lifetime: one hour, exp in seconds.
    expect(expiryOf(cookie!.value) - Date.now() / 1000).toBeGreaterThan(3500);
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("user-name")).toHaveText("Dana Demo");
  });

  test("an unknown email and a wrong password get the same translated message", async ({
    page,
  }) => {
    await page.goto("/login");
    await login(page, "niemand@starport.dev", "whatever");
    await expect(page.getByTestId("login-error")).toHaveText("E-Mail oder Passwort ist falsch.");
    await page.goto("/en/login");
    await login(page, "demo@starport.dev", "not-the-password");
    await expect(page.getByTestId("login-error")).toHaveText("Email or password is wrong.");
    expect(await tokenCookie(page)).toBeUndefined();
  });

  test("too many failed logins for one email answer 429 with a translated message", async ({
    page,
  }) => {
    const email = `rate-${Date.now()}@starport.dev`;
    await page.goto("/en/login");
    for (let attempt = 0; attempt < 5; attempt++) {
      await login(page, email, `guess-${attempt}`);
      await expect(page.getByTestId("login-error")).toHaveText("Email or password is wrong.");
    }
    const answer = page.waitForResponse("**/api/login");
    await login(page, email, "guess-6");
    expect((await answer).status()).toBe(429);
    await expect(page.getByTestId("login-error")).toHaveText(
      "Too many attempts. Please wait a few minutes and try again.",
    );
  });

  test("a token cookie that no longer signs in is cleared and /login shows the auth error", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signInFresh(context, request, baseURL!);
    await request.post("/api/sign-out", { headers: { authorization: `Bearer ${token}` } });
    await page.goto("/en/hangar/campaigns");
    await expect(page).toHaveURL(/\/en\/login\?authError=authenticationError\.general$/);
    await expect(page.getByTestId("auth-error")).toHaveText(
      "Sign-in failed. Please sign in again.",
    );
    expect(await tokenCookie(page)).toBeUndefined();
    await context.addCookies([{ name: "token", value: "not-a-token", url: baseURL! }]);
    await page.goto("/hangar/campaigns");
    await expect(page.getByTestId("auth-error")).toHaveText(
      "Die Anmeldung ist fehlgeschlagen. Bitte melden Sie sich erneut an.",
    );
  });
});

test.describe("registration and onboarding", () => {
  test("a new account registers, walks the stepper with a reload in between, and lands on home", async ({
    page,
  }) => {
    // Eight page loads and form posts in one journey: ~16 s alone, past 30 s when the suite
    // runs beside others on the 2-core machine; every wait in it is on an event, not a sleep.
    test.setTimeout(60_000);
    const email = `nina-${Date.now()}@example.com`;
    await page.goto("/en/register");
    await expectHydrated(page);
    await page.getByLabel("Your name").fill("Nina Neu");
    await page.getByLabel("Company").fill("Nina GmbH");
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill("nina-password");
    await page.getByTestId("register-submit").click();
    await expect(page).toHaveURL(/\/en\/getting-started$/);
    const stepper = page.getByTestId("onboarding-stepper");
    await expect(stepper).toHaveAttribute("data-active-step", "seller-profile");

    // Unfinished onboarding: other routes go to getting-started, the exempt ones do not.
    await page.goto("/en/hangar/campaigns");
    await expect(page).toHaveURL(/\/en\/getting-started$/);
    // The Amazon callbacks are exempt: whatever they answer, it is not the onboarding redirect.
    for (const callback of ["/en/sp-api-auth", "/en/advertising-api-auth"]) {
      const answer = await page.request.get(callback, { maxRedirects: 0 });
      expect(answer.headers().location ?? "").not.toContain("getting-started");
    }
    await page.goto("/en/register");
    await expect(page).toHaveURL(/\/en\/register$/);
    await page.goto("/en/getting-started");
    await expectHydrated(page);

    await page.getByLabel("Profile name").fill("Nina's Shop");
    await page.getByText("ROAS", { exact: true }).click();
    await page.getByTestId("step-submit").click();
    await expect(stepper).toHaveAttribute("data-active-step", "sp-api");

    // Progress is saved per step: a reload resumes it.
    await page.reload();
    await expectHydrated(page);
    await expect(stepper).toHaveAttribute("data-active-step", "sp-api");
    await page.getByTestId("step-submit").click();
    await expect(stepper).toHaveAttribute("data-active-step", "advertising-api");
    await page.getByTestId("step-submit").click();
    await expect(stepper).toHaveAttribute("data-active-step", "marketplaces");
    await page.getByLabel("Germany").check();
    await page.getByLabel("France").check();
    await page.getByTestId("step-submit").click();
    await expect(stepper).toHaveAttribute("data-active-step", "target-acos");
    await page.getByLabel("Global target ACoS").fill("15");
    // The goals step sets more than the target ACoS: a TACoS goal, the stage and the automation.
    await page.getByTestId("onboarding-goal-type").getByText("Target TACoS").click();
    await page.getByLabel("Global target TACoS").fill("8");
    await page.getByTestId("onboarding-lifecycle").click();
    await page.getByRole("option", { name: "Launch" }).click();
    await page.getByTestId("onboarding-automation").click();
    await page.getByRole("option", { name: "Off" }).click();
    await page.getByTestId("step-submit").click();
    await expect(page.getByTestId("onboarding-complete")).toBeVisible();
    await page.getByTestId("onboarding-finish").click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('[data-page="home"] h1')).toHaveText("Overview");
    await expect(page.getByTestId("profile-picker")).toHaveValue("Nina's Shop");

    // The goals are the seller profile's global settings now.
    await page.goto("/en/settings?tab=global-goals");
    await expect(page.getByTestId("global-goals-goalType-effective")).toHaveText("Target TACoS");
    await expect(page.getByTestId("global-goals-targetTacos-effective")).toHaveText("8%");
    await expect(page.getByTestId("global-goals-targetAcos-effective")).toHaveText("15%");
    await expect(page.getByTestId("global-goals-lifecycleStage-effective")).toHaveText("Launch");
    await page.goto("/en/settings?tab=advertising");
    await expect(page.getByTestId("bidding-automationMode-effective")).toHaveText("Off");

    // Finished: getting-started now redirects home.
    await page.goto("/en/getting-started");
    await expect(page).toHaveURL(/\/en$/);
  });

  test.describe("as the newcomer", () => {
    test.use({ storageState: STATE.newcomer });

    test("every guarded route leads to getting-started", async ({ page }) => {
      for (const path of ["/", "/hangar/campaigns", "/en/profile", "/en/admin/users"]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/getting-started$/);
      }
      await page.goto("/en/login");
      await expect(page).toHaveURL(/\/en\/login$/);
    });
  });
});

test.describe("signed in", () => {
  test.use({ storageState: STATE.demo });

  test("an onboarded user visiting getting-started is sent home", async ({ page }) => {
    await page.goto("/en/getting-started");
    await expect(page).toHaveURL(/\/en$/);
  });

  test("a non-admin gets the 403 page on /admin/users and 403 problem+json from the admin API", async ({
    page,
    context,
    request,
  }) => {
    const response = await page.goto("/en/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("error-page")).toHaveAttribute(
      "data-error-kind",
      "access-denied",
    );
    await expect(page.getByTestId("error-message")).toHaveText("Access Denied");
    const token = (await context.cookies()).find((c) => c.name === "token")!.value;
    const api = await request.get("/api/admin/users", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status()).toBe(403);
    expect(api.headers()["content-type"]).toContain("application/problem+json");
    // Client-side navigation is refused as well.
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/en/admin/users"),
    );
    await expect(page.getByTestId("error-message")).toHaveText("Access Denied");
  });

  test("the background check refreshes a token inside its last five minutes", async ({ page }) => {
    const token = (await tokenCookie(page))?.value ?? "";
    const exp = expiryOf(token);
    // Browser clock: 5.5 minutes before expiry; after the 60 s tick 4.5 minutes remain.
    await page.clock.install({ time: exp * 1000 - 330_000 });
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    const refresh = page.waitForRequest("**/api/refresh-token");
    await page.clock.runFor(60_000);
    const sent = await refresh;
    expect(sent.postDataJSON()).toEqual({ token });
    await expect.poll(async () => (await tokenCookie(page))?.value).not.toBe(token);
    const renewed = (await tokenCookie(page))!.value;
    expect(expiryOf(renewed)).toBeGreaterThanOrEqual(exp);
    await expect(page).toHaveURL(/\/en\/hangar\/campaigns$/);
  });

  for (const [label, offset] of [
    ["with more than five minutes left", -600_000],
    ["after expiry", 10_000],
  ] as const) {
    test(`the background check does nothing ${label}`, async ({ page }) => {
      const token = (await tokenCookie(page))?.value ?? "";
      await page.clock.install({ time: expiryOf(token) * 1000 + offset - 60_000 });
      let refreshes = 0;
      page.on("request", (r) => {
        if (r.url().includes("/api/refresh-token")) refreshes++;
      });
      await page.goto("/en/hangar/campaigns");
      await expectHydrated(page);
      await page.clock.runFor(60_000);
      await page.clock.runFor(1_000);
      expect(refreshes).toBe(0);
      expect((await tokenCookie(page))?.value).toBe(token);
    });
  }

  test("a failed refresh clears the token without redirecting", async ({ page }) => {
    const token = (await tokenCookie(page))?.value ?? "";
    await page.clock.install({ time: expiryOf(token) * 1000 - 330_000 });
    await page.route("**/api/refresh-token", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/problem+json",
        body: JSON.stringify({ status: 401, detail: "Revoked JWT Token" }),
      }),
    );
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    const refresh = page.waitForResponse("**/api/refresh-token");
    await page.clock.runFor(60_000);
    await refresh;
    await expect.poll(async () => (await tokenCookie(page))?.value).toBeUndefined();
    await expect(page).toHaveURL(/\/en\/hangar\/campaigns$/);
  });
});

test.describe("own session", () => {
  test("any 401 from the API signs out and goes to /login", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signInFresh(context, request, baseURL!);
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    // The token is revoked behind the page's back; its next API call answers 401.
    await request.post("/api/sign-out", { headers: { authorization: `Bearer ${token}` } });
    const unauthorized = page.waitForResponse(
      (r) => r.url().includes("/api/seller_profiles") && r.status() === 401,
    );
    await page.getByTestId("profile-picker").click();
    await unauthorized;
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await tokenCookie(page)).toBeUndefined();
  });

  test("an access token that expired while the tab was closed is renewed silently by its session", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signInFresh(context, request, baseURL!);
    // The same session's token as it is hours later: expired an hour ago (a diagnostic route
    // signs it; the server's clock is real).
    const aged = await request.post("/__diagnostics/expired-token", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(aged.status(), await aged.text()).toBe(200);
    const expired = ((await aged.json()) as { token: string }).token;
    expect(expiryOf(expired) * 1000).toBeLessThan(Date.now());
    await context.addCookies([{ name: "token", value: expired, url: baseURL! }]);

    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    await expect(page).toHaveURL(/\/en\/hangar\/campaigns$/);
    const renewed = (await tokenCookie(page))!;
    expect(renewed.value).not.toBe(expired);
    expect(expiryOf(renewed.value) * 1000).toBeGreaterThan(Date.now());
    expect(renewed.expires - Date.now() / 1000).toBeGreaterThan(WEEK - 60);
    // The browser's own API calls carry the fresh token.
    const profiles = page.waitForResponse((r) => r.url().includes("/api/seller_profiles"));
    await page.getByTestId("profile-picker").click();
    expect((await profiles).status()).toBe(200);

    // Signing out ends the session: the old token renews nothing any more.
    await page.keyboard.press("Escape");
    await page.getByTestId("user-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/en\/login$/);
    const again = await request.post("/api/refresh-token", { data: { token: expired } });
    expect(again.status()).toBe(401);
    await context.addCookies([{ name: "token", value: expired, url: baseURL! }]);
    await page.goto("/en/hangar/campaigns");
    await expect(page).toHaveURL(/\/en\/login\?authError=/);
  });

  test("the language chosen in the profile applies at the next sign-in", async ({
    page,
    request,
  }) => {
    const email = `language-${Date.now()}@example.test`;
    const password = "language-test-password";
    const registered = await request.post("/api/register", {
      data: { name: "Language", company: "Sprachen GmbH", email, password },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const chosen = await request.patch("/api/me", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      data: { locale: "en" },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
    // The German login page: after signing in the seller continues in English.
    await page.goto("/login");
    await login(page, email, password);
    await expect(page).toHaveURL(/\/en\/getting-started$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("signing out revokes the token on the server", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signInFresh(context, request, baseURL!);
    await page.goto("/en/strategy-center");
    await expectHydrated(page);
    await page.getByTestId("user-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await tokenCookie(page)).toBeUndefined();
    const signIn = await request.post("/api/sign-in", { data: { token } });
    expect(signIn.status()).toBe(401);
    expect((await signIn.json()).detail).toBe("Revoked JWT Token");
  });

  test("without a profile the user picks one and returns to the intended path, query and hash", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await loginViaApi(request, "demo@starport.dev", "starport-demo");
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
    await page.goto("/en/hangar/campaigns?tab=active&page=2#budget");
    await expect(page).toHaveURL(
      /\/en\/profile-selection\?redirect=%2Fen%2Fhangar%2Fcampaigns%3Ftab%3Dactive%26page%3D2#budget$/,
    );
    await expectHydrated(page);
    await page.getByTestId("profile-option").first().click();
    await expect(page).toHaveURL(/\/en\/hangar\/campaigns\?tab=active&page=2#budget$/);
    await expect(page.locator('[data-page="campaigns"] h1')).toHaveText("Campaigns");
    expect(await cookieHeader(context)).toMatch(/sellerProfile=[0-9a-f-]{36}/);

    // A stored reference that no longer loads is cleared and the user chooses again.
    await context.addCookies([
      { name: "sellerProfile", value: "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d", url: baseURL! },
    ]);
    await page.goto("/product/list");
    await expect(page).toHaveURL(/\/profile-selection\?redirect=%2Fproduct%2Flist$/);
    expect(await cookieHeader(context)).not.toContain("sellerProfile=");
  });
});
