import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Issue 11 §4, "import from Amazon", in the browser (de and en): the button on /product/imports
 * imports the marketplace's merchant listings report from the sandbox with visible progress and
 * a summary; the import appears in the history with its source; a second run creates nothing.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** The seller's synced DE listings (the fixture waited for its initial sync). */
async function demoListings(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get("/api/products?itemsPerPage=200", {
    headers: { authorization: `Bearer ${token}` },
  });
  const members = ((await res.json())["hydra:member"] ?? []) as { marketplace: string }[];
  const count = members.filter((m) => m.marketplace === "DE").length;
  expect(count, "synced DE listings").toBeGreaterThan(0);
  return count;
}

const TEXT = {
  de: { button: "Aus Amazon importieren", source: "Amazon", germany: "DE · Deutschland" },
  en: { button: "Import from Amazon", source: "Amazon", germany: "DE · Germany" },
} as const;

for (const locale of ["de", "en"] as const) {
  test(`imports the merchant listings report from Amazon (${locale})`, async ({
    page,
    request,
    workerDemoSeller,
  }) => {
    // The worker's own copy of the demo business: the imports change its products.
    const { token } = workerDemoSeller;
    await demoListings(request, token);
    await page.goto(locale === "de" ? "/product/imports" : "/en/product/imports");
    await expectHydrated(page);
    const marketplace = page.getByTestId("amazon-marketplace");
    await marketplace.click();
    // The marketplace named in the page's language (it was "DE · Germany" in German too).
    await page.getByRole("option", { name: TEXT[locale].germany, exact: true }).click();
    await expect(marketplace).toHaveValue(TEXT[locale].germany);

    const runOnce = async () => {
      await page.getByTestId("amazon-import").click();
      await expect(page.getByTestId("import-progress")).toBeVisible();
      const summary = page.getByTestId("import-summary");
      await expect(summary).toBeVisible({ timeout: 120_000 });
      await expect(page.getByTestId("import-progress")).toHaveAttribute("data-status", "completed");
      return summary;
    };
    const first = await runOnce();
    await expect(first).toHaveAttribute("data-failed", "0");
    const counts = await Promise.all(
      ["data-created", "data-updated", "data-unchanged"].map((a) => first.getAttribute(a)),
    );
    expect(counts.reduce((sum, n) => sum + Number(n), 0)).toBeGreaterThan(0);

    // The listings exist now: the second run creates none.
    const second = await runOnce();
    await expect(second).toHaveAttribute("data-created", "0");
    await expect(second).toHaveAttribute("data-failed", "0");
    const history = page.getByTestId("import-history");
    // The worker's other tests import into the same seller: find this import's row by its
    // report rather than by its place in the history.
    const ours = history
      .locator("tbody tr")
      .filter({ hasText: "GET_MERCHANT_LISTINGS_ALL_DATA (DE)" })
      .first();
    await expect(ours).toContainText(TEXT[locale].source);
    await expect(page.getByRole("button", { name: TEXT[locale].button })).toBeVisible();
  });
}
