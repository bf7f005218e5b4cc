import { expect, test } from "@playwright/test";
import { type RouteEntry, samplePaths, shellOf } from "../app/route-table.ts";
import { expectHydrated, VALID_ID } from "./helpers.ts";
import { visitor } from "./route-visits.ts";

// The root path detects the browser language; German browsers stay on the unprefixed routes.
test.use({ locale: "de-DE" });

const paths = samplePaths({ id: VALID_ID, marketplace: "DE" });

test("the route table covers the spec's 54 paths", () => {
  expect(paths).toHaveLength(54);
  expect(new Set(paths.map((p) => p.url)).size).toBe(54);
});

for (const { locale, entry, url } of paths) {
  test.describe(() => {
    test.use({ storageState: visitor(entry) });
    defineRouteTest(locale, entry, url);
  });
}

function defineRouteTest(locale: string, entry: RouteEntry, url: string) {
  test(`${url} renders in the ${shellOf(entry)} layout`, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(url);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator(`[data-layout="${shellOf(entry)}"]`)).toBeVisible();
    for (const other of ["default", "default-boxed", "standalone", "empty"].filter(
      (l) => l !== shellOf(entry),
    )) {
      await expect(page.locator(`[data-layout="${other}"]`)).toHaveCount(0);
    }
    await expect(page.locator(`[data-page="${entry.key}"] h1`)).toBeVisible();
    await expectHydrated(page);

    const shell = shellOf(entry);
    if (shell === "default" || shell === "default-boxed") {
      await expect(page.getByTestId("sidebar")).toBeVisible();
      await expect(page.getByTestId("profile-picker-slot")).toBeAttached();
      await expect(page.getByTestId("help-badge")).toBeVisible();
      await expect(page.getByTestId("back-button")).toHaveCount(entry.backButton ? 1 : 0);
      await expect(page.getByTestId("boxed-content")).toHaveCount(
        shell === "default-boxed" ? 1 : 0,
      );
    } else {
      await expect(page.getByTestId("sidebar")).toHaveCount(0);
    }
    if (shell !== "empty") {
      // An interactive control works: proves hydration, not just markup.
      const html = page.locator("html");
      await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
      await page.getByTestId("theme-switch").click();
      await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    }
  });
}
