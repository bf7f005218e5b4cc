import { expect, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { STATE } from "./session.ts";

// The home page needs a signed-in seller with a profile.
test.use({ storageState: STATE.demo });

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("is sent from / to /en on the first visit and the choice is remembered for 365 days", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("en");
    expect(cookie?.sameSite).toBe("Lax");
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 120);
    expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 5);
  });
});

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("stays on / in German and remembers it", async ({ page, context }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Übersicht");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("de");
  });

  test("a remembered choice wins over the browser language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: baseURL! }]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
  });

  test("the language switch keeps the page, query and hash and remembers the choice", async ({
    page,
    context,
  }) => {
    await page.goto("/hangar/campaigns?tab=active#top");
    await expectHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kampagnen");
    await page.getByTestId("language-switch").getByText("EN").click();
    await expect(page).toHaveURL(/\/en\/hangar\/campaigns\?tab=active#top$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Campaigns");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("en");
    // The remembered English choice now applies at the root.
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    // Switching back to German on a standalone page.
    await page.goto("/en/login");
    await expectHydrated(page);
    await page.getByTestId("language-switch").getByText("DE").click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});
