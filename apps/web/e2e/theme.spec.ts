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
