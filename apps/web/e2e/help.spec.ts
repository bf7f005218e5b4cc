import { expect, test } from "@playwright/test";
import { expectHydrated, type StarportProcess, startStarport } from "./helpers.ts";
import { STATE, sessionCookies } from "./session.ts";

test.describe("help badge", () => {
  test.use({ storageState: STATE.demo });

  test("offers the support form and the knowledge base in a new tab, with 24×24 icons", async ({
    page,
  }) => {
    await page.goto("/en/hangar/campaigns");
    await expectHydrated(page);
    await page.getByTestId("help-badge").click();
    const support = page.getByTestId("help-support");
    const knowledgeBase = page.getByTestId("help-knowledge-base");
    await expect(support).toHaveText("Contact support");
    await expect(knowledgeBase).toHaveText("Knowledge base");
    await expect(knowledgeBase).toHaveAttribute("href", "https://help.starport.dev/categories");
    await expect(knowledgeBase).toHaveAttribute("target", "_blank");
    for (const icon of [
      page.getByTestId("help-badge").locator("svg"),
      support.locator("svg"),
      knowledgeBase.locator("svg"),
    ]) {
      await expect(icon).toHaveAttribute("width", "24");
      await expect(icon).toHaveAttribute("height", "24");
    }
  });

  test("the help dialog: a single-space header, modal, page scroll blocked, an outside click dismisses it", async ({
    page,
  }) => {
    await page.goto("/en/strategy-center");
    await expectHydrated(page);
    await page.getByTestId("help-badge").click();
    await page.getByTestId("help-support").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(".mantine-Modal-title")).toHaveText(" ", { useInnerText: false });
    expect(await dialog.locator(".mantine-Modal-title").evaluate((e) => e.textContent)).toBe(" ");
    await expect(page.locator(".mantine-Modal-overlay")).toBeVisible();
    // Blocked page scroll: the body does not scroll while the dialog is open.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .toBe("hidden");
    // Not draggable: the header offers no drag handle.
    await expect(dialog.locator("[draggable=true]")).toHaveCount(0);
    // A click outside dismisses it: no "sent" message follows.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-toast="support-sent"]')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .not.toBe("hidden");
  });

  test("Starport's own support form validates, sends through its route action and closes with the result", async ({
    page,
  }) => {
    await page.goto("/hangar/campaigns");
    await expectHydrated(page);
    await page.getByTestId("help-badge").click();
    await page.getByTestId("help-support").click();
    await page.getByTestId("support-submit").click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toHaveCount(2);
    await page.getByLabel("Betreff").fill("Gebote");
    await page.getByLabel("Nachricht").fill("Warum hat sich mein Gebot geändert?");
    // Sent by the support route's action (the browser does not call the API itself).
    const fromBrowser: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/support_requests")) fromBrowser.push(request.url());
    });
    const sent = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith("/support/requests") &&
        response.request().method() === "POST",
    );
    await page.getByTestId("support-submit").click();
    const response = await sent;
    expect(response.status()).toBe(200);
    // The created request's id, as the API answered it to the action.
    expect(await response.text()).toMatch(/"ok",true,"id","[0-9a-f-]{36}"/);
    expect(fromBrowser).toEqual([]);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator('[data-toast="support-sent"]')).toContainText(
      "Ihre Nachricht wurde an unser Support-Team gesendet.",
    );
  });
});

test.describe("with a support widget configured", () => {
  let server: StarportProcess | undefined;
  let base = "";

  test.beforeAll(async () => {
    server = await startStarport({
      SEED_DEMO: "true",
      SUPPORT_WIDGET_PROVIDER: "hubspot",
      SUPPORT_WIDGET_ACCOUNT: "4711:support-form",
    });
    base = server.base;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("shows a spinner until the provider's script has loaded, then embeds the form for the account", async ({
    page,
    context,
  }) => {
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
    });
    const { token } = (await login.json()) as { token: string };
    const profiles = await fetch(`${base}/api/seller_profiles`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const profileId = ((await profiles.json()) as { "hydra:member": { id: string }[] })[
      "hydra:member"
    ][0]!.id;
    await context.addCookies(sessionCookies(base, token, profileId));

    let release: () => void = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    await page.route("https://js.hsforms.net/forms/embed/v2.js", async (route) => {
      await released;
      await route.fulfill({
        contentType: "application/javascript",
        body: `window.hbspt = { forms: { create(o) {
          const el = document.querySelector(o.target);
          el.setAttribute("data-portal", o.portalId);
          el.setAttribute("data-form", o.formId);
          el.textContent = "provider form";
        } } };`,
      });
    });

    await page.goto(`${base}/en/hangar/campaigns`);
    await expectHydrated(page);
    await page.getByTestId("help-badge").click();
    await page.getByTestId("help-support").click();
    await expect(page.getByTestId("support-spinner")).toBeVisible();
    await expect(page.getByTestId("support-form")).toHaveCount(0);
    release();
    const container = page.getByTestId("support-form-container");
    await expect(container).toHaveText("provider form");
    await expect(container).toHaveAttribute("data-portal", "4711");
    await expect(container).toHaveAttribute("data-form", "support-form");
    await expect(page.getByTestId("support-spinner")).toHaveCount(0);
  });
});
