import { expect, type Page, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { loginViaApi, sessionCookies } from "./session.ts";

/**
 * Issue 18 §13: when Amazon stops taking a connection's refresh token (the seller withdrew the
 * app, or a sandbox forgot it), the next sync fails and Settings › Amazon says "reconnect needed"
 * with Amazon's reason, instead of "connected". A fresh seller of its own; the sandbox revokes
 * only the grants issued during this test.
 */

async function onAmazon(page: Page) {
  await expect(page).toHaveURL(/\/(ap\/oa|apps\/authorize\/consent)\?/);
  await page.locator('input[name="seller_id"][value="A3SANDBOXDEMO01"]').check();
  await page.getByRole("button", { name: "Authorise" }).click();
}

// One after the other: a run revokes the sandbox seller's grants issued since it connected, which
// would take the other language's fresh connection with it if both ran at once.
test.describe.configure({ mode: "serial" });

for (const locale of ["de", "en"] as const)
  test(`a connection Amazon no longer takes shows "reconnect needed" with the reason (${locale})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const email = `reconnect-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = "reconnect-passwort-123";
    expect(
      (
        await request.post("/api/register", {
          data: { name: "Rita Reconnect", company: "Reconnect GmbH", email, password },
        })
      ).status(),
    ).toBe(201);
    const token = await loginViaApi(request, email, password);
    const headers = { authorization: `Bearer ${token}` };
    const step = await request.put("/api/onboarding/steps/seller-profile", {
      headers,
      data: {
        name: "Reconnect Store",
        defaultMarketplace: "DE",
        defaultCurrency: "EUR",
        defaultAdvertisingMetric: "ACoS",
      },
    });
    const profileId = ((await step.json()) as { sellerProfile: { id: string } }).sellerProfile.id;
    for (const key of ["sp-api", "advertising-api", "marketplaces"])
      await request.put(`/api/onboarding/steps/${key}`, { headers, data: { skipped: true } });
    await request.put("/api/onboarding/steps/target-acos", { headers, data: { targetAcos: 20 } });
    expect((await request.post("/api/onboarding/finish", { headers })).status()).toBe(200);
    await page.context().addCookies(sessionCookies(baseURL as string, token, profileId));

    const prefix = locale === "en" ? "/en" : "";
    await page.goto(`${prefix}/settings?tab=amazon`);
    await expectHydrated(page);
    // Grants issued from here on are this test's (other specs connect before or elsewhere).
    const since = Date.now();
    await page.getByTestId("connect-ads").click();
    await onAmazon(page);
    await expect(page).toHaveURL(/\/account-connection-successful\?/);
    await expectHydrated(page);
    await expect(page.getByTestId("sync-progress")).toHaveAttribute("data-status", "succeeded", {
      timeout: 90_000,
    });

    // The seller withdraws the app on Amazon's side (grants issued since this test began).
    const sandbox = `http://127.0.0.1:${Number(new URL(baseURL as string).port) + 1000}`;
    const revoked = await request.post(`${sandbox}/__sandbox/tokens/revoke`, {
      data: { sellerId: "A3SANDBOXDEMO01", api: "ads", since },
    });
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThan(0);
    const sync = await request.post("/api/amazon/syncs", {
      headers,
      data: { sellerProfile: profileId, kind: "daily" },
    });
    expect(sync.status()).toBe(202);

    await expect
      .poll(
        async () => {
          await page.goto(`${prefix}/settings?tab=amazon`);
          return page.getByTestId("amazon-ads").getAttribute("data-status");
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBe("failing");
    const card = page.getByTestId("amazon-ads");
    await expect(card).toContainText(locale === "en" ? "Reconnect needed" : "Erneut verbinden");
    await expect(page.getByTestId("reconnect-reason-ads")).toContainText(/invalid grant/i);
    await card.screenshot({ path: `test-results/amazon-reconnect-${locale}.png` });
  });
