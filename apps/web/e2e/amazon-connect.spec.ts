import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createSeller, SANDBOX_SELLERS, syncFinished } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { sessionCookies } from "./session.ts";

/**
 * Fresh users connect the SP-API and the Ads API through the local Amazon's consent pages: from
 * the settings (success page with participations, profiles and the live sync progress) and from
 * the getting-started stepper.
 */

/**
 * The sandbox's consent page: pick a seller, then authorise or cancel. Alpine Goods (DE and FR, 24
 * products) and not the demo business (400 products on three marketplaces): its initial sync
 * takes seconds instead of a minute under test load, and the flow is the subject here.
 */
async function onAmazon(page: Page, decision: "Authorise" | "Cancel" = "Authorise") {
  await expect(page).toHaveURL(/\/(ap\/oa|apps\/authorize\/consent)\?/);
  await page.locator(`input[name="seller_id"][value="${SANDBOX_SELLERS.alpine}"]`).check();
  await page.getByRole("button", { name: decision }).click();
}

/** A new customer with a seller profile of its own; onboarding finished when asked. */
async function freshUser(request: APIRequestContext, finished: boolean) {
  return createSeller(request, { onboarded: finished, name: "Connie Connect" });
}

test("a new seller connects Seller Central and Amazon Ads from the settings", async ({
  page,
  request,
  baseURL,
}) => {
  // The initial sync is part of the subject: as long as it takes on a busy machine.
  test.setTimeout(180_000);
  const { token, profileId } = await freshUser(request, true);
  await page.context().addCookies(sessionCookies(baseURL as string, token, profileId));

  await page.goto("/en/settings?tab=amazon");
  await expectHydrated(page);
  await expect(page.getByTestId("amazon-sp")).toHaveAttribute("data-status", "disconnected");
  await page.getByTestId("connect-sp").click();
  await onAmazon(page);

  await expect(page).toHaveURL(/\/en\/account-connection-successful\?/);
  const participations = page.getByTestId("participation");
  await expect(participations.filter({ hasText: "Germany" })).toBeVisible();
  await expect(participations.filter({ hasText: "France" })).toBeVisible();

  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/en\/settings\?tab=amazon$/);
  await expectHydrated(page);
  await expect(page.getByTestId("amazon-sp")).toHaveAttribute("data-status", "connected");
  await page.getByTestId("connect-ads").click();
  await onAmazon(page);

  await expect(page).toHaveURL(/\/en\/account-connection-successful\?/);
  const profiles = page.getByTestId("advertising-profile");
  await expect(profiles).toHaveCount(2);
  await expect(profiles.filter({ hasText: "Germany" })).toBeVisible();
  await expect(profiles.filter({ hasText: "France" })).toBeVisible();
  // The initial sync runs as a job; its progress bar follows it live to the end. The run's
  // status comes from the API (as long as the sync takes), then the bar must show it.
  await expectHydrated(page);
  const progress = page.getByTestId("sync-progress");
  await expect(progress).toBeVisible();
  await syncFinished(request, { headers: { authorization: `Bearer ${token}` }, profileId });
  await expect(progress).toHaveAttribute("data-status", "succeeded");
});

test("opened on another name of the server, connecting Amazon still ends signed in and connected", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // PUBLIC_URL is the 127.0.0.1 address (playwright.config.ts); localhost is the same server.
  const canonical = new URL(baseURL as string).origin;
  const other = `http://localhost:${new URL(canonical).port}`;
  const { email, password } = await freshUser(request, true);

  // The API answers on any host; pages move to PUBLIC_URL before anything is stored.
  const health = await request.get(`${other}/api/health`, { maxRedirects: 0 });
  expect(health.status()).toBe(200);
  const page307 = await request.get(`${other}/en/login?next=x`, { maxRedirects: 0 });
  expect(page307.status()).toBe(307);
  expect(page307.headers().location).toBe(`${canonical}/en/login?next=x`);

  await page.goto(`${other}/en/login`);
  await expect(page).toHaveURL(`${canonical}/en/login`);
  await expectHydrated(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(`${canonical}/en`);

  await page.goto(`${other}/en/settings?tab=amazon`);
  await expect(page).toHaveURL(`${canonical}/en/settings?tab=amazon`);
  await expectHydrated(page);
  await page.getByTestId("connect-sp").click();
  await onAmazon(page);
  // Amazon sends the seller back to PUBLIC_URL, where the session is.
  await expect(page).toHaveURL(
    (url) => url.origin === canonical && url.pathname === "/en/account-connection-successful",
  );
  await expect(page.getByTestId("participation").filter({ hasText: "Germany" })).toBeVisible();
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(`${canonical}/en/settings?tab=amazon`);
  await expectHydrated(page);
  await expect(page.getByTestId("amazon-sp")).toHaveAttribute("data-status", "connected");
  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("user-name")).toHaveText("Connie Connect");
});

test("the getting-started stepper connects Seller Central and moves on", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await freshUser(request, false);
  await page.context().addCookies(sessionCookies(baseURL as string, token));
  await page.goto("/en/getting-started");
  await expectHydrated(page);
  const stepper = page.getByTestId("onboarding-stepper");
  await expect(stepper).toHaveAttribute("data-active-step", "sp-api");
  await page.getByTestId("connect-sp").click();
  await onAmazon(page);
  // Until onboarding is finished every page but the callbacks leads back to the stepper.
  await expect(page).toHaveURL(/\/en\/getting-started$/);
  await expectHydrated(page);
  await expect(stepper).toHaveAttribute("data-active-step", "advertising-api");
});

test("a declined consent lands on the error page with the reason", async ({
  page,
  request,
  baseURL,
}) => {
  const { token, profileId } = await freshUser(request, true);
  await page.context().addCookies(sessionCookies(baseURL as string, token, profileId));
  await page.goto("/settings?tab=amazon");
  await expectHydrated(page);
  await page.getByTestId("connect-ads").click();
  await onAmazon(page, "Cancel");
  await expect(page).toHaveURL(/\/account-connection-error\?/);
  await expect(page.getByTestId("connection-error")).toHaveAttribute("data-reason", "denied");
  await expect(page.getByTestId("connection-error")).toContainText("abgelehnt");
});
