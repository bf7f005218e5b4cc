import { expect, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { cookieHeader, STATE } from "./session.ts";

test.use({ storageState: STATE.demo });

function nonceOf(csp: string | undefined): string {
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  if (!nonce) throw new Error(`no script nonce in ${csp}`);
  return nonce;
}

test("pages carry the security headers, and every inline script and style the header's nonce", async ({
  request,
  context,
}) => {
  const response = await request.get("/en/settings", {
    headers: { cookie: await cookieHeader(context) },
  });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  const nonce = nonceOf(csp);
  const html = await response.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
  expect(inlineScripts.length).toBeGreaterThan(0);
  expect(styles.length).toBeGreaterThan(0);
  for (const attributes of [...inlineScripts, ...styles]) {
    expect(attributes).toContain(`nonce="${nonce}"`);
  }

  const again = await request.get("/en/settings", {
    headers: { cookie: await cookieHeader(context) },
  });
  expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(nonce);
});

test("pages hydrate and work under the CSP without a single violation", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto("/en/settings");
  await expectHydrated(page);
  // Client-side work that adds scripts and styles after hydration: a dialog in a portal,
  // a client navigation with its lazy route module, a scheme switch.
  await page.getByTestId("help-badge").click();
  await page.getByTestId("help-support").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // Escape reaches the dialog once its focus trap holds the focus (after its opening transition):
  // pressed before, on a busy machine, it went to the page and the dialog stayed open.
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
    .toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByTestId("sidebar").getByRole("link", { name: "Action Center" }).click();
  await expect(page).toHaveURL(/\/en\/action-center$/);
  await expect(page.locator('[data-page="action-center"] h1')).toBeVisible();
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a favicon is served at /favicon.ico", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await response.body();
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  expect(body.readUInt16LE(0)).toBe(0);
  expect(body.readUInt16LE(2)).toBe(1);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});
