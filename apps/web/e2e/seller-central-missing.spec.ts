import { expect as baseExpect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Issue 17 §6: the sandbox's US-only seller ("Lakeside Supply"), connected the way onboarding
 * connects (from the EU), may not be read through Seller Central. Its advertising data arrives
 * through the Ads API alone; the home page says what is missing instead of "abgeschlossen", and
 * the catalogue (products, collections) names the missing access and what to do, in German and
 * in English.
 */
test.use({ sellerOptions: { amazon: "A2SANDBOXLAKESD" } });
const expect = baseExpect.configure({ timeout: 30_000 });

const TEXT = {
  de: {
    prefix: "",
    adsOnly: "Nur Werbedaten synchronisiert – Seller Central fehlt",
    finished: "Synchronisierung abgeschlossen",
    title: "Kein Zugriff auf Seller Central",
    todo: "Verbinden Sie Seller Central in den Einstellungen",
    connect: "Seller Central in den Einstellungen verbinden",
  },
  en: {
    prefix: "/en",
    adsOnly: "Only advertising data synced – Seller Central is missing",
    finished: "Sync complete",
    title: "No access to Seller Central",
    todo: "Connect Seller Central again in the settings",
    connect: "Connect Seller Central in the settings",
  },
} as const;

for (const locale of ["de", "en"] as const) {
  test(`a seller without Seller Central access: ads data, and what is missing (${locale})`, async ({
    page,
    context,
    baseURL,
    seller,
  }) => {
    void seller; // the page acts as the test's own Lakeside seller
    test.setTimeout(90_000);
    const text = TEXT[locale];
    // "/" follows the remembered language, not the test browser's English.
    await context.addCookies([{ name: "i18n_redirected", value: locale, url: baseURL as string }]);
    await page.goto(`${text.prefix}/`);
    await expectHydrated(page);
    // The advertising data is there: marketplaces and figures, not the "connect" placeholder.
    await expect(page.getByTestId("home-no-profiles")).toHaveCount(0);
    const status = page.getByTestId("sync-status");
    await expect(status).toHaveAttribute("data-ads-only", "true");
    await expect(status).toContainText(text.adsOnly);
    await expect(status).not.toContainText(text.finished);
    const notice = page.getByTestId("seller-central-missing");
    await expect(notice).toContainText(text.title);
    await expect(notice).toContainText(text.todo);

    // The catalogue (products, stock, margins) names it too, with the way to the settings.
    await page.goto(`${text.prefix}/product/list`);
    await expectHydrated(page);
    const catalogue = page.getByTestId("seller-central-missing");
    await expect(catalogue).toContainText(text.title);
    await expect(catalogue).toContainText(text.todo);
    const connect = catalogue.getByTestId("seller-central-connect");
    await expect(connect).toHaveText(text.connect);
    await expect(connect).toHaveAttribute("href", `${text.prefix}/settings?tab=amazon`);

    // So do the collections (the catalogue grouped).
    await page.goto(`${text.prefix}/cargo-bay/collections`);
    await expectHydrated(page);
    await expect(page.getByTestId("seller-central-missing")).toContainText(text.title);
  });
}

const ONBOARDING = {
  de: {
    refused: "Zugriff verweigert",
    ready:
      "Ihre Werbedaten werden synchronisiert. Produkte, Bestände, Gebühren und Deckungsbeiträge folgen, sobald Starport Seller Central lesen darf.",
  },
  en: {
    refused: "Access refused",
    ready:
      "Your advertising data is syncing. Products, stock, fees and margins follow once Starport may read Seller Central.",
  },
} as const;

test.describe("onboarding of a seller without Seller Central access", () => {
  test.use({ sellerOptions: { amazon: "A2SANDBOXLAKESD", onboarded: false } });

  for (const locale of ["de", "en"] as const) {
    test(`the stepper names the refused access and ends with what is missing (${locale})`, async ({
      page,
      seller,
    }) => {
      void seller; // connected through the consent flow, onboarding not finished
      test.setTimeout(90_000);
      const text = TEXT[locale];
      await page.goto(`${text.prefix}/getting-started`);
      await expectHydrated(page);
      const stepper = page.getByTestId("onboarding-stepper");
      // Both connections were made; the next step is the marketplaces.
      await expect(stepper).toHaveAttribute("data-active-step", "marketplaces");
      await expect(page.getByTestId("onboarding-sp-refused")).toHaveText(
        ONBOARDING[locale].refused,
      );
      const notice = page.getByTestId("seller-central-missing");
      await expect(notice).toContainText(text.title);
      await expect(notice).toContainText(text.todo);

      await page.getByTestId("step-skip").click();
      await expect(stepper).toHaveAttribute("data-active-step", "target-acos");
      await page.getByTestId("step-submit").click();
      const complete = page.getByTestId("onboarding-complete");
      await expect(complete).toContainText(ONBOARDING[locale].ready);
      await expect(complete.locator("[data-ads-only]")).toHaveCount(1);
      await page.screenshot({
        path: test.info().outputPath(`onboarding-ads-only-${locale}.png`),
        fullPage: true,
      });
    });
  }
});
