import { expect, test } from "@playwright/test";
import { expectHydrated, VALID_ID } from "./helpers.ts";
import { STATE } from "./session.ts";

test("an unknown route is a 404 'Page not found' showing the full path", async ({ page }) => {
  const response = await page.goto("/en/no/such/page?x=1");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-error-kind", "not-found");
  await expect(page.getByTestId("error-status")).toHaveText("404");
  await expect(page.getByTestId("error-message")).toHaveText("Page not found");
  await expect(page.getByTestId("error-path")).toHaveText("/en/no/such/page?x=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the German 404 is translated", async ({ page }) => {
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Seite nicht gefunden");
  await expect(page.getByTestId("error-description")).toContainText("/gibt-es-nicht");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

for (const path of [
  "/en/hangar/campaigns/detail/not-an-id",
  "/en/hangar/campaigns/adgroup/123",
  `/en/hangar/campaigns/${VALID_ID}/XX`,
  "/en/hangar/campaigns/not-an-id/DE",
  "/en/cargo-bay/collections/abc",
  `/en/action-center/keyword-recommendations/ZZ/${VALID_ID}`,
]) {
  test(`failed parameter validation on ${path} is a 404 'Page Not Found' with the full path`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-path")).toHaveText(path);
  });
}

test.describe("signed in", () => {
  test.use({ storageState: STATE.demo });

  test("parameter validation also runs on client-side navigation", async ({ page }) => {
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    // Navigate through the router like an in-app link does (a plain anchor would reload the page).
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/en/hangar/campaigns/detail/broken"),
    );
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-path")).toHaveText("/en/hangar/campaigns/detail/broken");
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  });
});

test("an unhandled loader error shows the 500 page, not a stack trace", async ({ page }) => {
  const response = await page.goto("/en/__diagnostics/error");
  expect(response?.status()).toBe(500);
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-error-kind", "server-error");
  await expect(page.getByTestId("error-status")).toHaveText("500");
  await expect(page.getByTestId("error-message")).toHaveText("Internal Server Error");
  const html = await page.content();
  expect(html).not.toContain("Deliberate loader failure");
  expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
});

test("the German 500 page is translated", async ({ page }) => {
  const response = await page.goto("/__diagnostics/error");
  expect(response?.status()).toBe(500);
  await expect(page.getByTestId("error-message")).toHaveText("Interner Serverfehler");
});

test("unknown API paths answer a Hydra 404, not an HTML page", async ({ request }) => {
  const response = await request.get("/api/does-not-exist");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  expect(response.headers()["x-request-id"]).toBeTruthy();
  expect(await response.json()).toMatchObject({ "@type": "hydra:Error", status: 404 });
});

test("health reports the database and the job engine", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: "ok",
    // The browser tests' server runs on PostgreSQL when E2E_DATABASE_URL (CI: TEST_DATABASE_URL)
    // names one (apps/web/scripts/e2e-server.ts), else on the embedded database.
    database: {
      status: "up",
      driver:
        (process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL) ? "postgres" : "pglite",
    },
    jobs: { status: "up" },
  });
});
