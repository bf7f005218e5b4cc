import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectHydrated } from "./helpers.ts";
import { loginViaApi, sessionCookies } from "./session.ts";

/**
 * Issue 17 §2 in the browser, German and English, as a newly registered seller connected to the
 * sandbox (the demo seller's data stays untouched): files as ERPs write them reach the mapping
 * step (title rows, unknown columns, synonyms, XLSX formulas), the preview speaks the page's
 * formats, a duplicate SKU and an implausible cost show in the summary and the error table, the
 * error CSV carries the original cells, and an upload never started is marked in the history.
 */

test.describe.configure({ mode: "serial" });

async function onAmazon(page: Page) {
  await expect(page).toHaveURL(/\/(ap\/oa|apps\/authorize\/consent)\?/);
  await page.locator('input[name="seller_id"][value="A3SANDBOXDEMO01"]').check();
  await page.getByRole("button", { name: "Authorise" }).click();
}

/** A fresh customer, onboarded, connected to the sandbox seller, with the initial sync done. */
async function connectedSeller(page: Page, request: APIRequestContext, baseURL: string) {
  const email = `imp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "import-passwort-1";
  expect(
    (
      await request.post("/api/register", {
        data: { name: "Ida Import", company: "Import GmbH", email, password },
      })
    ).status(),
  ).toBe(201);
  const token = await loginViaApi(request, email, password);
  const headers = { authorization: `Bearer ${token}` };
  const step = await request.put("/api/onboarding/steps/seller-profile", {
    headers,
    data: {
      name: "Import Store",
      defaultMarketplace: "DE",
      defaultCurrency: "EUR",
      defaultAdvertisingMetric: "ACoS",
    },
  });
  const profileId = ((await step.json()) as { sellerProfile: { id: string } }).sellerProfile.id;
  for (const key of ["sp-api", "advertising-api", "marketplaces"])
    await request.put(`/api/onboarding/steps/${key}`, { headers, data: { skipped: true } });
  await request.put("/api/onboarding/steps/target-acos", { headers, data: { targetAcos: 20 } });
  await request.post("/api/onboarding/finish", { headers });
  await page.context().addCookies(sessionCookies(baseURL, token, profileId));
  await page.goto("/en/settings?tab=amazon");
  await expectHydrated(page);
  await page.getByTestId("connect-sp").click();
  await onAmazon(page);
  await page.getByTestId("continue").click();
  await expectHydrated(page);
  await page.getByTestId("connect-ads").click();
  await onAmazon(page);
  await expectHydrated(page);
  await expect(page.getByTestId("sync-progress")).toHaveAttribute("data-status", "succeeded", {
    timeout: 300_000,
  });
  return { headers, profileId };
}

interface Listed {
  sku: string;
  marketplace: string;
  price: number | null;
}

async function productsOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  profileId: string,
) {
  let members: Listed[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/catalogue/products?sellerProfile=${profileId}&order[sku]=asc&itemsPerPage=200`,
          { headers },
        );
        members = ((await response.json()) as { "hydra:member": Listed[] })["hydra:member"];
        return members.filter((m) => m.marketplace === "DE" && m.price !== null).length;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(6);
  return members.filter(
    (m) => m.marketplace === "DE" && m.price !== null && m.price < 1000 && !/[;,"]/.test(m.sku),
  );
}

const TEXT = {
  de: {
    path: "/product/imports",
    upload: "Hochladen",
    headerRow: "Kopfzeile in Zeile 3 erkannt",
    unmapped: "Lagerort",
    cost: "12,50",
    date: "31.12.2026",
    lifecycle: "Gewinn",
    duplicate: "wie Zeile 4; Zeile 4 gilt.",
    warning: "Warnung",
    summary: "1 fehlerhaft, 1 mit Warnung",
    notStarted: "Nicht gestartet",
    csvHeader: "Preisliste Q4",
  },
  en: {
    path: "/en/product/imports",
    upload: "Upload",
    headerRow: "Header found in row 3",
    unmapped: "Lagerort",
    cost: "12.50",
    date: "31/12/2026",
    lifecycle: "Profit",
    duplicate: "as row 4; row 4 applies.",
    warning: "Warning",
    summary: "1 failed, 1 with a warning",
    notStarted: "Not started",
    csvHeader: "Price list Q4",
  },
} as const;

/** German CSV (`;`, 1.250 as a thousands-grouped number) or English XLSX with formula cells. */
async function fileFor(locale: "de" | "en", skus: string[]) {
  const [a, b, c] = skus as [string, string, string];
  const title = TEXT[locale].csvHeader;
  const header = ["Artikelnummer", "Einstandspreis", "Gültig ab", "Lebenszyklus", "Lagerort"];
  if (locale === "de") {
    const lines = [
      `${title};;;;`,
      ";;;;",
      header.join(";"),
      `${a};12,50;31.12.2026;Gewinn;A-1`,
      `${b};1.250;;Abverkauf;A-2`,
      `${a.toLowerCase() === a ? a.toUpperCase() : a.toLowerCase()};13,00;;;A-3`,
      `${c};3,10;;Einführung;A-4`,
    ];
    return {
      name: "erp-export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
    };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Costs");
  sheet.addRow([title]);
  sheet.addRow([]);
  sheet.addRow(header);
  sheet.addRow([
    a,
    { formula: "10*1.25", result: 12.5 },
    { formula: "DATE(2026,12,31)", result: new Date(Date.UTC(2026, 11, 31)) },
    "Profit",
    "A-1",
  ]);
  sheet.addRow([b, 1250, null, "Clearance", "A-2"]);
  sheet.addRow([a.toLowerCase() === a ? a.toUpperCase() : a.toLowerCase(), 13, null, null, "A-3"]);
  sheet.addRow([c, { formula: "3+0.1", result: 3.1 }, null, "Launch", "A-4"]);
  return {
    name: "erp-export.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

test("imports files as ERPs write them, in German and English", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const { headers, profileId } = await connectedSeller(page, request, baseURL as string);
  const listed = await productsOf(request, headers, profileId);
  // Three distinct SKUs whose case-folded forms are unique too (the duplicate row differs in case).
  const skus = [...new Set(listed.map((p) => p.sku))]
    .filter((sku, _, all) => all.filter((s) => s.toLowerCase() === sku.toLowerCase()).length === 1)
    .filter((sku) => sku.toLowerCase() !== sku.toUpperCase());
  expect(skus.length).toBeGreaterThanOrEqual(3);

  for (const locale of ["de", "en"] as const) {
    const text = TEXT[locale];
    await page.goto(text.path);
    await expectHydrated(page);
    await page.locator('input[type="file"]').setInputFiles(await fileFor(locale, skus));
    await page.getByRole("button", { name: text.upload, exact: true }).click();
    const mapping = page.getByTestId("import-mapping");
    await expect(mapping).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("import-header-row")).toContainText(text.headerRow);
    // Synonyms mapped by themselves; the unknown column reaches the mapping step, ignored.
    await expect(mapping.getByTestId("map-sku")).toHaveValue("Artikelnummer");
    await expect(mapping.getByTestId("map-cost")).toHaveValue("Einstandspreis");
    await expect(page.getByTestId("import-unmapped")).toContainText(text.unmapped);
    const preview = page.getByTestId("import-preview");
    const firstRow = preview.locator("tbody tr").first();
    await expect(firstRow.locator('[data-field="cost"]')).toHaveText(text.cost);
    await expect(firstRow.locator('[data-field="costValidFrom"]')).toHaveText(text.date);
    await expect(firstRow.locator('[data-field="lifecycle"]')).toHaveText(text.lifecycle);
    await expect(preview).not.toContainText("[object Object]");
    await page.screenshot({
      path: `test-results/product-imports-mapping-${locale}.png`,
      fullPage: true,
    });

    await page.getByTestId("import-run").click();
    const summary = page.getByTestId("import-summary");
    await expect(summary).toBeVisible({ timeout: 120_000 });
    await expect(summary).toHaveAttribute("data-failed", "1");
    await expect(summary).toHaveAttribute("data-warnings", "1");
    await expect(summary).toContainText(text.summary);
    const errors = page.getByTestId("import-errors");
    await expect(errors.locator('tr[data-reason="duplicateKey"]')).toContainText(text.duplicate);
    await expect(errors.locator('tr[data-severity="warning"]')).toContainText(text.warning);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("import-errors-download").click(),
    ]);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\ufeff/, "");
    // The original cells beside the reason: the row can be corrected and uploaded again.
    expect(csv.split(/\r?\n/)[0]).toContain("Artikelnummer");
    expect(csv).toContain("A-3");
    await page.screenshot({
      path: `test-results/product-imports-summary-${locale}.png`,
      fullPage: true,
    });

    // An upload never started is marked so in the history, not listed as an import.
    await page.locator('input[type="file"]').setInputFiles(await fileFor(locale, skus));
    await page.getByRole("button", { name: text.upload, exact: true }).click();
    await expect(page.getByTestId("import-mapping")).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expectHydrated(page);
    const history = page.getByTestId("import-history");
    await expect(history.locator('tr[data-status="uploaded"]').first()).toContainText(
      text.notStarted,
    );
    await page.screenshot({
      path: `test-results/product-imports-history-${locale}.png`,
      fullPage: true,
    });
  }
});
