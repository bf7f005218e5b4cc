import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Issue 11 §4 in the browser (de and en): an XLSX of every demo SKU in German formats with 10
 * broken rows is uploaded, mapped, run with visible progress; the rest apply, 10 row errors show
 * their reasons and download as CSV; the same file again changes nothing.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** The seller's DE SKUs (the fixture waited for its initial sync with the sandbox). */
async function demoSkus(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get("/api/products?itemsPerPage=200", {
    headers: { authorization: `Bearer ${token}` },
  });
  const members = ((await res.json())["hydra:member"] ?? []) as {
    sku: string;
    marketplace: string;
  }[];
  const skus = [...new Set(members.filter((m) => m.marketplace === "DE").map((m) => m.sku))];
  expect(skus.length, "synced DE listings").toBeGreaterThan(0);
  return skus;
}

const GERMAN = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 });

/**
 * Every SKU once (a second row for the same SKU would be a duplicate row error), 10 of them
 * broken: 4 negative costs, 3 over-long tags, 3 unknown SKUs.
 */
async function workbook(skus: string[], offset: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Kosten");
  sheet.addRow(["SKU", "Einkaufspreis", "Versandkosten", "Tags", "Lebenszyklus", "Gültig ab"]);
  skus.forEach((sku, index) => {
    const cost = `${GERMAN.format(1 + index * 0.17 + offset)} €`;
    const row: (string | number)[] = [
      sku,
      cost,
      GERMAN.format(2.5 + offset),
      "e2e, import",
      "Wachstum",
      "31.12.2026",
    ];
    if (index < 4) row[1] = "-5";
    else if (index < 7) row[3] = "x".repeat(500);
    else if (index < 10) row[0] = `UNKNOWN-${index}`;
    sheet.addRow(row);
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TEXT = {
  de: {
    upload: "Hochladen",
    run: "Import starten",
    negative: "Der Wert darf nicht negativ sein.",
    download: "Fehler als CSV herunterladen",
    csvHeader:
      "SKU;Einkaufspreis;Versandkosten;Tags;Lebenszyklus;Gültig ab;Zeile;Spalte;Wert;Grund",
    cost: "Einkaufspreis",
  },
  en: {
    upload: "Upload",
    run: "Start import",
    negative: "The value must not be negative.",
    download: "Download errors as CSV",
    csvHeader:
      "SKU,Einkaufspreis,Versandkosten,Tags,Lebenszyklus,Gültig ab,Row,Column,Value,Reason",
    cost: "Cost",
  },
} as const;

for (const [locale, offset] of [
  ["de", 0],
  ["en", 1],
] as const) {
  test(`imports an XLSX of every SKU with 10 broken rows, then the same file changes nothing (${locale})`, async ({
    page,
    request,
    workerDemoSeller,
  }) => {
    // The worker's own copy of the demo business: the imports change its products.
    const { token } = workerDemoSeller;
    const skus = await demoSkus(request, token);
    expect(skus.length).toBeGreaterThan(10);
    const file = {
      name: `kosten-${locale}.xlsx`,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await workbook(skus, offset),
    };
    const text = TEXT[locale];
    await page.goto(locale === "de" ? "/product/imports" : "/en/product/imports");
    await expectHydrated(page);

    const runOnce = async () => {
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole("button", { name: text.upload, exact: true }).click();
      const mapping = page.getByTestId("import-mapping");
      await expect(mapping).toBeVisible({ timeout: 60_000 });
      // Columns were recognised from the German headers; map the shipping cost by hand.
      await expect(mapping.getByTestId("map-cost")).toHaveValue("Einkaufspreis");
      // Unmap the shipping cost (its column leaves the preview), then map it again.
      const shipping = mapping.getByTestId("map-shippingCost");
      await expect(shipping).toHaveValue("Versandkosten");
      await shipping.click();
      await page.getByRole("option", { name: "Versandkosten", exact: true }).click();
      await expect(shipping).toHaveValue("");
      await shipping.click();
      await page.getByRole("option", { name: "Versandkosten", exact: true }).click();
      await expect(shipping).toHaveValue("Versandkosten");
      await expect(page.getByTestId("import-preview").locator("tbody tr")).toHaveCount(
        Math.min(20, skus.length),
      );
      await expect(page.getByTestId("import-preview")).toContainText(text.negative);
      await page.getByTestId("import-run").click();
      await expect(page.getByTestId("import-progress")).toBeVisible();
      const summary = page.getByTestId("import-summary");
      await expect(summary).toBeVisible({ timeout: 120_000 });
      return summary;
    };

    const first = await runOnce();
    await expect(first).toHaveAttribute("data-failed", "10");
    const applied = ["data-created", "data-updated", "data-unchanged"];
    const counts = await Promise.all(applied.map((a) => first.getAttribute(a)));
    expect(counts.reduce((sum, n) => sum + Number(n), 0)).toBe(skus.length - 10);
    expect(Number(counts[0]) + Number(counts[1])).toBeGreaterThan(0);
    const errors = page.getByTestId("import-errors");
    // Row errors; cheap listings may add plausibility warnings (a cost above the price) beside.
    await expect(errors.locator('tbody tr[data-severity="error"]')).toHaveCount(10);
    const problemRows = await errors.locator("tbody tr").count();
    await expect(errors).toContainText(text.negative);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      errors.getByRole("button", { name: text.download }).click(),
    ]);
    const csv = (await readFile((await download.path())!, "utf8"))
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe(text.csvHeader);
    expect(csv).toHaveLength(1 + problemRows);
    expect(csv[1]).toContain(text.negative);

    const second = await runOnce();
    await expect(second).toHaveAttribute("data-created", "0");
    await expect(second).toHaveAttribute("data-updated", "0");
    await expect(second).toHaveAttribute("data-unchanged", String(skus.length - 10));
    await expect(second).toHaveAttribute("data-failed", "10");
    await expect(page.getByTestId("import-history")).toContainText(file.name);
  });
}
