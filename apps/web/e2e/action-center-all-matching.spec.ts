import { api, type Collection } from "./action-center-setup.ts";
import { expect as baseExpect, SANDBOX_SELLERS, suggestModeRun, test } from "./fixtures.ts";

/**
 * Bulk over every match (issue 21 §1), in German and in English, on a fresh customer connected to
 * the sandbox's "alpine" business in suggest mode: with 10 rows a page, selecting the page offers
 * "all N matching the filters" (as Gmail does); rejecting them decides every open one, not only
 * the page's, and the queue is empty.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: { prefix: "", all: "Alle", selected: "Treffer der Filter sind ausgewählt" },
  en: { prefix: "/en", all: "Select all", selected: "matching the filters are selected" },
} as const;

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`every open recommendation matching the filters is rejected at once (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    await suggestModeRun(request, seller);
    const openCount = async () =>
      (
        await api<Collection>(
          request,
          seller,
          `/api/recommendations?sellerProfile=${seller.profileId}&status=open&itemsPerPage=1`,
        )
      )["hydra:totalItems"];
    await expect.poll(openCount, { timeout: 60_000 }).toBeGreaterThan(10);
    const total = await openCount();

    await page.goto(`${text.prefix}/action-center?perPage=10`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("queue-row")).toHaveCount(10);
    await page.locator("thead input[type=checkbox]").check();
    const link = page.getByTestId("queue-all-matching");
    await expect(link).toContainText(text.all);
    await expect(link).toContainText(String(total));
    await link.click();
    await expect(page.getByTestId("queue-selected")).toContainText(text.selected);
    await page.screenshot({ path: test.info().outputPath(`action-center-all-${locale}.png`) });
    await page.getByTestId("queue-bulk").getByTestId("queue-reject").click();
    // Hundreds decided one by one on the server: the queue empties when the answer is in.
    await expect(page.getByTestId("queue-row")).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByTestId("queue-empty")).toBeVisible();
    expect(await openCount()).toBe(0);
    const rejected = (
      await api<Collection>(
        request,
        seller,
        `/api/recommendations?sellerProfile=${seller.profileId}&status=rejected&itemsPerPage=1`,
      )
    )["hydra:totalItems"];
    expect(rejected).toBeGreaterThanOrEqual(total);
  });
}
