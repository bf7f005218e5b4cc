import { expect as baseExpect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Issue 17 §5: a change Amazon refused stays in the seller's tray until they dismiss or retry
 * it, across a reload, with its error in the page's language. The seller is the test's own,
 * connected to the sandbox's small business; the sandbox rejects one keyword's new bid.
 */
test.use({ sellerOptions: { amazon: "A1SANDBOXALPINE" } });
// A push waits for Amazon (the sandbox) on a shared 2-core machine.
const expect = baseExpect.configure({ timeout: 45_000 });
// The sandbox's rejections are one list for every seller: one run at a time sets and clears it.
test.describe.configure({ mode: "serial" });

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199) + 1000}`;
const TEXT = {
  de: { prefix: "", refused: "Von Amazon abgelehnt" },
  en: { prefix: "/en", refused: "Refused by Amazon" },
} as const;

interface Member {
  id: string;
  [field: string]: unknown;
}

for (const locale of ["de", "en"] as const) {
  test(`a refused change survives a reload in the tray and can be dismissed (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    const { prefix, refused } = TEXT[locale];
    const api = async <T>(path: string, init: { method?: string; data?: unknown } = {}) => {
      const response = await request.fetch(path, {
        method: init.method ?? "GET",
        headers: {
          ...seller.headers,
          ...(init.data ? { "content-type": "application/ld+json" } : {}),
        },
        ...(init.data ? { data: init.data } : {}),
      });
      expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const keywords = await api<{ "hydra:member": Member[] }>(
      "/api/keywords?state=ENABLED&itemsPerPage=2&order[keywordText]=asc",
    );
    // Each language its own keyword of the shared sandbox business.
    const keyword = keywords["hydra:member"][locale === "de" ? 0 : 1];
    if (!keyword) throw new Error("the sandbox seller has an enabled keyword");
    const adGroup = String(keyword.adGroup).split("/").pop();
    const newBid = Math.round(((keyword.bid as number) + 0.07) * 100) / 100;
    await api("/api/changes", {
      method: "POST",
      data: { entityType: "keywords", entity: keyword.id, field: "bid", value: newBid },
    });

    const message = `Keyword ${keyword.amazonKeywordId} is under review (e2e ${locale})`;
    const reject = await request.post(`${SANDBOX}/__sandbox/rejections`, {
      data: { entityIds: [String(keyword.amazonKeywordId)], code: "INVALID_ARGUMENT", message },
    });
    expect(reject.status()).toBe(200);
    const errorText = `${refused} (INVALID_ARGUMENT): ${message}`;
    try {
      await page.goto(`${prefix}/hangar/campaigns/adgroup/${adGroup}?tab=keywords`);
      await expectHydrated(page);
      await page.getByTestId("tray-button").click();
      const tray = page.getByTestId("tray-drawer");
      await expect(tray.getByTestId("tray-row")).toHaveCount(1);
      await tray.getByTestId("tray-push").click();
      await expect(tray.getByTestId("push-results")).toHaveAttribute("data-status", "failed", {
        timeout: 90_000,
      });
      await expect(tray.getByTestId("failed-row")).toHaveCount(1);
      await expect(tray.getByTestId("failed-error")).toHaveText(errorText);
    } finally {
      await request.delete(`${SANDBOX}/__sandbox/rejections?entityIds=${keyword.amazonKeywordId}`);
    }

    // A reload (and the tab's memory of what it followed gone): the failed row is still there.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.reload();
    await expectHydrated(page);
    await expect(page.getByTestId("tray-failed-count")).toHaveText("1");
    await page.getByTestId("tray-button").click();
    const tray = page.getByTestId("tray-drawer");
    const failedRow = tray.getByTestId("failed-row");
    await expect(failedRow).toHaveCount(1);
    await expect(failedRow).toHaveAttribute("data-entity", keyword.id);
    await expect(failedRow.getByTestId("failed-error")).toHaveText(errorText);

    // Dismissed: gone, and still gone after a reload.
    await failedRow.getByTestId("failed-dismiss").click();
    await expect(tray.getByTestId("failed-row")).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await api<{ failed: unknown[] }>(`/api/change_tray?sellerProfile=${seller.profileId}`))
            .failed.length,
      )
      .toBe(0);
    await page.reload();
    await expectHydrated(page);
    await expect(page.getByTestId("tray-failed-count")).toHaveCount(0);
  });
}
