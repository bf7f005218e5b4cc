import type { Page } from "@playwright/test";
import { expect, SANDBOX_SELLERS, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Issue 12 in the browser, German and English: a seller connected to the local Amazon sets a
 * global target ACoS, overrides it for a marketplace and for a collection, sees a product's
 * inheritance chain with the right provenance at each step, resets the collection's value and
 * sees the product fall back to the marketplace, then sets the product's own goal in its drawer.
 */

const TEXT = {
  de: {
    prefix: "",
    percent: (n: number) => `${n} %`,
    /** Goal beside actual: both with the screen's one decimal. */
    percentOneDecimal: (n: number) => `${n.toFixed(1).replace(".", ",")} %`,
    global: "vom Verkäuferprofil",
    product: "am Produkt festgelegt",
    status: { onTarget: "Im Ziel", above: "Über dem Ziel", below: "Unter dem Ziel" },
  },
  en: {
    prefix: "/en",
    percent: (n: number) => `${n}%`,
    percentOneDecimal: (n: number) => `${n.toFixed(1)}%`,
    global: "from seller profile",
    product: "set on the product",
    status: { onTarget: "On target", above: "Above target", below: "Below target" },
  },
} as const;

async function setValue(page: Page, editor: string, value: string) {
  const input = page.getByTestId(`${editor}-targetAcos-input`);
  await input.fill(value);
  await page.getByTestId(`${editor}-save`).click();
}

// A seller of the test's own, connected to a sandbox business and synced (its onboarding's target
// ACoS is 30 %): nothing another test changes.
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine, targetAcos: 30 } });

for (const locale of ["de", "en"] as const) {
  test(`goal settings with inheritance (${locale})`, async ({ page, request, seller }) => {
    test.setTimeout(180_000);
    const L = TEXT[locale];
    const { headers, profileId } = seller;

    // A DE product of the synced catalogue and a manual collection holding it.
    const list = await request.get(
      `/api/catalogue/products?sellerProfile=${profileId}&marketplace=DE&itemsPerPage=5`,
      { headers },
    );
    const product = ((await list.json()) as { "hydra:member": { id: string; sku: string }[] })[
      "hydra:member"
    ][0];
    expect(product, "a synced DE product").toBeDefined();
    const created = await request.post("/api/product_collections", {
      headers: { ...headers, "content-type": "application/ld+json" },
      data: { name: "Bestseller", sellerProfile: `/api/seller_profiles/${profileId}`, priority: 1 },
    });
    expect(created.status()).toBe(201);
    const collectionId = ((await created.json()) as { id: string }).id;
    const bulk = await request.post("/api/catalogue/products/bulk", {
      headers,
      data: {
        action: "addToCollection",
        sellerProfile: profileId,
        products: [product!.id],
        collection: collectionId,
      },
    });
    expect(bulk.status()).toBeLessThan(300);

    // Global: 25 % (the onboarding's 30 % is there first).
    await page.goto(`${L.prefix}/settings?tab=global-goals`);
    await expectHydrated(page);
    await expect(page.getByTestId("global-goals-targetAcos-effective")).toHaveText(L.percent(30));
    await setValue(page, "global-goals", "25");
    await expect(page.getByTestId("global-goals-targetAcos-effective")).toHaveText(L.percent(25));
    await expect(page.getByTestId("global-goals-targetAcos-source")).toContainText(L.global);

    // Marketplace DE: 18 %.
    await page.goto(`${L.prefix}/settings?tab=advertising`);
    await expectHydrated(page);
    await page.getByTestId("marketplace-goal-select").click();
    await page.getByRole("option", { name: locale === "de" ? "Deutschland" : "Germany" }).click();
    await expect(page.getByTestId("marketplace-goals-targetAcos-effective")).toHaveText(
      L.percent(25),
    );
    await setValue(page, "marketplace-goals", "18");
    await expect(page.getByTestId("marketplace-goals-targetAcos-effective")).toHaveText(
      L.percent(18),
    );
    await expect(page.getByTestId("marketplace-goals-targetAcos-source")).toContainText("DE");

    // Hangar: the DE marketplace's goal (18 %) next to its actual ACoS for the range.
    await page.goto(`${L.prefix}/hangar/campaigns/${profileId}/DE`);
    await expectHydrated(page);
    const tracking = page.getByTestId("goal-vs-actual");
    await expect(tracking).toContainText(L.percentOneDecimal(18));
    const status = await tracking.getAttribute("data-status");
    expect(["onTarget", "above", "below"]).toContain(status);
    await expect(page.getByTestId("goal-status")).toHaveText(L.status[status as "above"]);
    // Beside it the marketplace's total sales and TACoS, or why they are not there yet.
    const sales = page.getByTestId("marketplace-sales");
    await expect(sales).toBeVisible();
    await expect(
      sales.getByTestId("total-sales").or(sales.getByTestId("marketplace-sales-missing")),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`hangar-marketplace-${locale}.png`) });

    // Collection: 12 %.
    await page.goto(`${L.prefix}/cargo-bay/collections/${collectionId}?tab=settings`);
    await expectHydrated(page);
    await setValue(page, "collection-goals", "12");
    await expect(page.getByTestId("collection-goals-targetAcos-effective")).toHaveText(
      L.percent(12),
    );
    await expect(page.getByTestId("collection-goals-targetAcos-source")).toContainText(
      "Bestseller",
    );

    // The product's chain: default → global 25 → DE 18 → Bestseller 12 (effective) → product.
    await page.goto(`${L.prefix}/settings?tab=inheritance&product=${product!.id}`);
    await expectHydrated(page);
    const chain = page.getByTestId("inheritance-chain");
    const cell = (level: string) =>
      chain.locator(
        `[data-testid="inheritance-step"][data-level="${level}"] [data-testid="step-targetAcos"]`,
      );
    await expect(chain.getByTestId("inheritance-step")).toHaveCount(5);
    await expect(cell("default")).toHaveText(L.percent(30));
    await expect(cell("global")).toHaveText(L.percent(25));
    await expect(cell("marketplace")).toHaveText(L.percent(18));
    await expect(cell("collection")).toHaveText(L.percent(12));
    await expect(cell("collection")).toHaveAttribute("data-effective", "true");
    await expect(cell("marketplace")).toHaveAttribute("data-effective", "false");

    // Reset the collection's value: the product falls back to the marketplace's 18 %.
    await page.goto(`${L.prefix}/cargo-bay/collections/${collectionId}?tab=settings`);
    await expectHydrated(page);
    await page.getByTestId("collection-goals-targetAcos-reset").click();
    await expect(page.getByTestId("collection-goals-targetAcos-effective")).toHaveText(
      L.percent(25),
    );
    await page.goto(`${L.prefix}/settings?tab=inheritance&product=${product!.id}`);
    await expectHydrated(page);
    await expect(cell("marketplace")).toHaveAttribute("data-effective", "true");
    await expect(cell("collection")).toHaveText("—");
    await page.screenshot({ path: `test-results/goals-inheritance-${locale}.png`, fullPage: true });

    // The product drawer: its goal (18 % from DE) next to its actual ACoS, with the source.
    await page.goto(`${L.prefix}/product/list?product=${product!.id}`);
    await expectHydrated(page);
    const drawer = page.getByTestId("drawer-goals");
    await expect(drawer.getByTestId("product-goals-targetAcos-effective")).toHaveText(
      L.percent(18),
    );
    await expect(drawer.getByTestId("product-goals-targetAcos-source")).toContainText("DE");
    await expect(drawer.getByTestId("goal-vs-actual")).toContainText(L.percentOneDecimal(18));

    // The product's own goal, saved from the drawer (the list's route action), and kept.
    await setValue(page, "product-goals", "12");
    await expect(drawer.getByTestId("product-goals-targetAcos-effective")).toHaveText(
      L.percent(12),
    );
    await expect(drawer.getByTestId("product-goals-targetAcos-source")).toContainText(L.product);
    await page.reload();
    await expectHydrated(page);
    await expect(drawer.getByTestId("product-goals-targetAcos-effective")).toHaveText(
      L.percent(12),
    );
  });
}
