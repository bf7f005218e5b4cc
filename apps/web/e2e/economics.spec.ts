import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { signInFresh } from "./session.ts";

/**
 * Issue 12 items 3 and 4 on the demo seller's synced catalogue (fees and total sales come from the
 * sandbox through the sync), in German and English: a product's drawer names a missing cost, the
 * cost entered there completes the break-even ACoS breakdown (as the API computes it), and the
 * product list shows TACoS from total sales.
 */

const LANGS = {
  de: {
    prefix: "",
    tag: "de-DE",
    missingCost: "Kosten fehlen",
    fixCost: "Kosten eintragen",
    steps: ["Bruttopreis", "Umsatzsteuer (20 %)", "Nettopreis", "Verkaufsgebühr (Amazon)"],
    margin: "Deckungsbeitrag vor Werbung",
    cost: "4,00",
    saved: "Gespeichert.",
    tacos: "TACoS",
  },
  en: {
    prefix: "/en",
    tag: "en-GB",
    missingCost: "Cost missing",
    fixCost: "Enter the cost",
    steps: ["Gross price", "VAT (20%)", "Net price", "Referral fee (Amazon)"],
    margin: "Contribution margin before ads",
    cost: "4.00",
    saved: "Saved.",
    tacos: "TACoS",
  },
} as const;

interface Listed {
  id: string;
  sku: string;
  asin: string | null;
  title: string;
  detailsId: string | null;
  metrics: { tacos?: number | null; totalSales?: number | null } | null;
}

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

for (const locale of ["de", "en"] as const) {
  test(`economics (${locale}): break-even ACoS breakdown in the drawer, TACoS in the product list`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(420_000);
    const L = LANGS[locale];
    const { token, profileId } = await signInFresh(context, request, baseURL!);
    const headers = { authorization: `Bearer ${token}` };
    // France (20 % VAT), products of their own: other tests use the first few French ones and
    // the German ones.
    const profile = `sellerProfile=${profileId}&marketplace=FR`;
    await expect
      .poll(
        async () =>
          (
            await get<{ "hydra:totalItems": number }>(
              request,
              token,
              `/api/catalogue/products?${profile}`,
            )
          )["hydra:totalItems"],
        { timeout: 90_000, intervals: [1000] },
      )
      .toBeGreaterThan(25);
    const all = await get<{ "hydra:member": Listed[] }>(
      request,
      token,
      `/api/catalogue/products?${profile}&order[sku]=asc&itemsPerPage=200`,
    );
    const product = all["hydra:member"].filter((p) => p.asin)[locale === "de" ? 14 : 15]!;
    // Fees arrive with the sync's fee step: wait until the product has its estimate.
    await expect
      .poll(
        async () =>
          (
            await get<{ referralFee: number | null }>(
              request,
              token,
              `/api/product_economics/${product.id}`,
            )
          ).referralFee,
        { timeout: 90_000, intervals: [1000] },
      )
      .not.toBeNull();
    // The test's own starting point: no cost of goods.
    const cleared = await request.patch(`/api/product_details/${product.detailsId}`, {
      headers: { ...headers, "content-type": "application/merge-patch+json" },
      data: { cost: null },
    });
    expect(cleared.status()).toBe(200);

    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(
      `${L.prefix}/product/list?search=${encodeURIComponent(product.sku)}&marketplace=FR`,
    );
    await expectHydrated(page);
    await page
      .getByTestId("product-table")
      .locator("tbody tr")
      .first()
      .getByText(product.title)
      .click();
    const breakEven = page.getByTestId("product-break-even");
    await expect(breakEven.getByTestId("economics-missing-cost")).toContainText(L.missingCost);
    await expect(breakEven.getByRole("link", { name: L.fixCost })).toBeVisible();
    await expect(breakEven.locator("[data-step=contributionMargin]")).toContainText(
      locale === "de" ? "fehlt" : "missing",
    );

    // Enter the cost in the drawer's editor: the breakdown completes.
    const editor = page.getByTestId("product-editor");
    await editor.getByTestId("edit-cost").fill(L.cost);
    await editor.getByTestId("edit-save").click();
    await expect(editor.getByTestId("edit-result")).toHaveText(L.saved, { timeout: 30_000 });
    await expect(breakEven.getByTestId("economics-missing-cost")).toHaveCount(0, {
      timeout: 30_000,
    });
    const economics = await get<{
      breakEvenAcos: number;
      contributionMargin: number;
      grossPrice: number;
      costOfGoods: number;
      missing: string[];
    }>(request, token, `/api/product_economics/${product.id}`);
    expect(economics.missing).toEqual([]);
    expect(economics.costOfGoods).toBe(4);
    const percent = new Intl.NumberFormat(L.tag, { style: "percent", maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(L.tag, { style: "currency", currency: "EUR" });
    await expect(breakEven.getByTestId("break-even-acos")).toHaveText(
      percent.format(economics.breakEvenAcos),
    );
    for (const label of L.steps)
      await expect(breakEven.getByText(label, { exact: true })).toBeVisible();
    await expect(breakEven.locator("[data-step=grossPrice]")).toContainText(
      money.format(economics.grossPrice),
    );
    await expect(breakEven.locator("[data-step=costOfGoods]")).toContainText(money.format(-4));
    await expect(breakEven.locator("[data-step=contributionMargin]")).toContainText(
      money.format(economics.contributionMargin),
    );
    await expect(breakEven.getByText(L.margin, { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`drawer-${locale}.png`) });
    await page.keyboard.press("Escape");

    // TACoS in the product list: ad spend / total sales of the range, as the API computes it.
    // Total sales arrive with the sync's last step (one Sales API request per SKU, advertised
    // ones first): any product of the seller with spend and total sales will do (read only).
    const range = "from=2026-08-01&to=2026-12-31";
    const withTacos = async () =>
      (
        await get<{ "hydra:member": (Listed & { marketplace: string })[] }>(
          request,
          token,
          `/api/catalogue/products?sellerProfile=${profileId}&order[spend]=desc&itemsPerPage=200&${range}`,
        )
      )["hydra:member"].find((p) => (p.metrics?.tacos ?? 0) > 0);
    await expect
      .poll(async () => (await withTacos()) !== undefined, {
        timeout: 200_000,
        intervals: [2000],
      })
      .toBe(true);
    const top = (await withTacos())!;
    expect(top.metrics?.totalSales).toBeGreaterThan(0);
    await page.goto(
      `${L.prefix}/product/list?search=${encodeURIComponent(top.sku)}&marketplace=${top.marketplace}&${range}`,
    );
    await expectHydrated(page);
    const table = page.getByTestId("product-table");
    await expect(table.getByRole("columnheader", { name: L.tacos })).toBeVisible();
    await expect(table.getByTestId("product-tacos").first()).toHaveText(
      percent.format(top.metrics?.tacos as number),
    );
  });
}
