import { expect, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { cookieHeader, STATE } from "./session.ts";

test.use({ storageState: STATE.demo });

test("the theme defaults to light indigo and a dark choice is server-rendered without a flash", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/en/hangar/campaigns");
  await expectHydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  const cookie = (await context.cookies()).find((c) => c.name === "theme");
  expect(cookie?.value).toBe("light-indigo%3Adark");

  // The server's HTML already carries the dark scheme: nothing flashes before hydration.
  // Raw request as the same signed-in browser (its cookies carry theme=… as well).
  const cookies = await cookieHeader(context);
  expect(cookies).toContain(`theme=${cookie?.value}`);
  const raw = await request.get("/en/hangar/campaigns", { headers: { cookie: cookies } });
  expect(await raw.text()).toMatch(/<html[^>]*data-mantine-color-scheme="dark"/);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
});

/** Relative luminance (WCAG) of a computed CSS colour such as "rgb(31, 31, 31)". */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test("the light theme is dark-framed: top bar and sidebar dark, the page light; dark is one switch away", async ({
  page,
}) => {
  await page.goto("/hangar/campaigns");
  await expectHydrated(page);
  const background = (selector: string) =>
    page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
  const textColor = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  const header = "header.mantine-AppShell-header";
  const sidebar = "nav.mantine-AppShell-navbar";
  const main = "main.mantine-AppShell-main";
  const body = "body";

  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  expect(luminance(await background(header))).toBeLessThan(0.05);
  expect(luminance(await background(sidebar))).toBeLessThan(0.05);
  // The sidebar's links are light on the dark frame; the page keeps dark text on white.
  expect(luminance(await textColor('[data-testid="sidebar"] a'))).toBeGreaterThan(0.5);
  expect(luminance(await background(body))).toBeGreaterThan(0.9);
  expect(luminance(await textColor(`${main} h1`))).toBeLessThan(0.05);

  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(luminance(await background(header))).toBeLessThan(0.05);
  expect(luminance(await background(body))).toBeLessThan(0.05);
  expect(luminance(await textColor(`${main} h1`))).toBeGreaterThan(0.5);
});
