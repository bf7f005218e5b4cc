/**
 * Issue 22: an administrator finds a new user across customers and deactivates them; the user's
 * open session is signed out at its next request and sign-in says why. A seller sees no
 * Administration entry and meets the 403 page on the admin pages.
 */
import { createSeller, expect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { STATE, sessionCookies } from "./session.ts";

const TEXT = {
  de: {
    deactivate: "Deaktivieren",
    deactivated: "Deaktiviert",
    accountDeactivated:
      "Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.",
    signIn: "Anmelden",
    cancel: "Abbrechen",
  },
  en: {
    deactivate: "Deactivate",
    deactivated: "Deactivated",
    accountDeactivated: "Your account has been deactivated. Please contact your administrator.",
    signIn: "Sign in",
    cancel: "Cancel",
  },
} as const;

for (const locale of ["de", "en"] as const) {
  const prefix = locale === "de" ? "" : "/en";
  const text = TEXT[locale];

  test.describe(`as administrator (${locale})`, () => {
    test.use({ storageState: STATE.admin });

    test(`finds a new user, deactivates them and their open session ends at its next request (${locale})`, async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const user = await createSeller(request, { name: `Deaktiv ${locale}` });

      // The user's own browser, signed in and working.
      const theirs = await browser.newContext({ locale: locale === "de" ? "de-DE" : "en-US" });
      await theirs.addCookies(sessionCookies(baseURL as string, user.token, user.profileId));
      const userPage = await theirs.newPage();
      await userPage.goto(`${prefix}/settings`);
      await expect(userPage.locator('[data-page="settings"]')).toBeVisible();
      // A seller's navigation has no Administration entry.
      await expect(userPage.getByTestId("sidebar")).toBeVisible();
      await expect(
        userPage.getByTestId("sidebar").getByText("Administration", { exact: true }),
      ).toHaveCount(0);

      // The administrator's navigation has it; the list finds the user by part of their address.
      await page.goto(`${prefix}/admin/users`);
      await expect(page.locator('[data-page="admin-users"]')).toBeVisible();
      await expect(
        page.getByTestId("sidebar").getByText("Administration", { exact: true }),
      ).toBeVisible();
      await expectHydrated(page);
      await page.getByTestId("users-search").fill(user.email.slice(0, -"@example.com".length));
      await page.getByTestId("users-apply").click();
      await expect(page).toHaveURL(/[?&]search=e2e-/);
      const row = page.getByTestId("user-row");
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute("data-email", user.email);
      await expect(row.getByTestId("user-status")).not.toHaveText(text.deactivated);
      // Created today: a day filter in the page's language keeps them; one before today does not.
      const today = new Date().toISOString().slice(0, 10);
      const [y, m, d] = today.split("-");
      await page
        .getByTestId("users-filter-createdFrom")
        .fill(locale === "de" ? `${d}.${m}.${y}` : `${d}/${m}/${y}`);
      await page.getByTestId("users-apply").click();
      await expect(page).toHaveURL(new RegExp(`[?&]createdFrom=${today}`));
      await expect(row).toHaveCount(1);
      // The export holds what the list shows: its link carries the filters.
      await page.getByTestId("export-button").click();
      await expect(page.getByTestId("export-xlsx")).toHaveAttribute(
        "href",
        new RegExp(
          `${prefix}/admin/users/export\\?.*search=e2e-.*createdFrom=${today}.*format=xlsx`,
        ),
      );
      const file = await request.get(
        (await page.getByTestId("export-csv").getAttribute("href")) as string,
        {
          headers: {
            cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
          },
        },
      );
      expect(file.status()).toBe(200);
      expect(await file.text()).toContain(user.email);
      await page.keyboard.press("Escape");
      await page.goto(
        `${prefix}/admin/users?search=${encodeURIComponent(user.email)}&createdTo=2000-01-01`,
      );
      await expect(page.getByTestId("users-empty")).toBeVisible();
      await page.goto(`${prefix}/admin/users?search=${encodeURIComponent(user.email)}`);

      await row.getByRole("link", { name: `Deaktiv ${locale}` }).click();
      await expect(page.locator('[data-page="admin-user"]')).toHaveAttribute(
        "data-status",
        "active",
      );
      await expect(page.getByTestId("user-customer")).toHaveText(/^Test .* GmbH$/);
      await expect(page.getByTestId("user-profiles")).toContainText("Test Store");
      await expectHydrated(page);

      // Destructive: asks first; cancelling changes nothing.
      await page.getByTestId("user-deactivate").click();
      await expect(page.getByTestId("confirm-modal")).toContainText(user.email);
      await page.getByRole("button", { name: text.cancel, exact: true }).click();
      await expect(page.getByTestId("confirm-modal")).toHaveCount(0);
      await expect(page.locator('[data-page="admin-user"]')).toHaveAttribute(
        "data-status",
        "active",
      );
      await page.getByTestId("user-deactivate").click();
      await page.getByTestId("confirm-button").click();
      await expect(page.locator('[data-page="admin-user"]')).toHaveAttribute(
        "data-status",
        "deactivated",
      );
      await expect(page.getByTestId("user-status")).toHaveText(text.deactivated);
      await expect(page.getByTestId("user-sessions-empty")).toBeVisible();

      // The user's next request (a navigation in their open tab) signs them out, saying why.
      await userPage.goto(`${prefix}/settings`);
      await expect(userPage).toHaveURL(
        new RegExp(`${prefix}/login\\?authError=authenticationError.accountDeactivated$`),
      );
      await expect(userPage.getByTestId("auth-error")).toHaveText(text.accountDeactivated);

      // Signing in again is refused with the same explanation.
      await expectHydrated(userPage);
      await userPage.locator('input[name="email"]').fill(user.email);
      await userPage.locator('input[name="password"]').fill(user.password);
      await userPage.getByRole("button", { name: text.signIn, exact: true }).click();
      await expect(userPage.getByTestId("login-error")).toHaveText(text.accountDeactivated);
      await theirs.close();
    });
  });

  test.describe(`as a seller (${locale})`, () => {
    test.use({ storageState: STATE.demo });

    test(`sees no Administration entry and gets 403 on the admin pages (${locale})`, async ({
      page,
    }) => {
      await page.goto(`${prefix}/settings`);
      await expect(page.getByTestId("sidebar")).toBeVisible();
      await expectHydrated(page);
      await expect(
        page.getByTestId("sidebar").getByText("Administration", { exact: true }),
      ).toHaveCount(0);
      for (const path of ["/admin/users", "/admin/users/0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d"]) {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByTestId("error-page")).toHaveAttribute(
          "data-error-kind",
          "access-denied",
        );
      }
    });
  });
}
