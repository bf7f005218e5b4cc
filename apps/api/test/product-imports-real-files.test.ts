import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepImportFiles } from "../src/product-imports/import-files.ts";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";
import {
  multipart,
  ownFieldsOf,
  profileWithProducts,
  waitForImport,
} from "./support/product-import-fixtures.ts";

/**
 * Issue 17 §2 ("imports refuse real files") and issue 18 §1, §11: files as sellers' ERPs and
 * spreadsheets write them, through the API and the pg-boss job on a real database.
 */

const QUOTA = 200_000;

describe.each(TEST_DATABASE_KINDS)("product imports of real files (%s)", (kind) => {
  let t: HydraTestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "starport-imports-real-"));
    t = await openHydraTestApp(kind, { importsDataDir: dataDir, importsQuotaBytes: QUOTA });
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (sellerProfileId: string, fileName: string, content: Buffer | string) => {
    const { body, headers } = multipart(fileName, content);
    return t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=/api/seller_profiles/${sellerProfileId}`,
      headers,
      payload: body,
    });
  };

  async function run(iri: string, mapping: Record<string, number>) {
    const started = await t.request("own", {
      method: "POST",
      url: `${iri}/run`,
      payload: { mapping },
    });
    expect(started.statusCode, started.body).toBe(202);
    return waitForImport(t, iri);
  }

  async function importFile(sellerProfileId: string, fileName: string, content: Buffer | string) {
    const uploaded = await upload(sellerProfileId, fileName, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const body = uploaded.json();
    return {
      iri: body.import as string,
      uploaded: body,
      done: await run(body.import, body.mapping),
    };
  }

  const errorsOf = async (iri: string) =>
    (await t.request("own", { method: "GET", url: `${iri}/errors` })).json();

  it("lets unknown columns reach the mapping step, maps German and English synonyms, remembers the mapping per header set", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 2);
    for (const [header, field] of [
      ["Einstandspreis", "cost"],
      ["Einkaufspreis (netto)", "cost"],
      ["EK netto", "cost"],
      ["COGS", "cost"],
      ["Unit cost (EUR)", "cost"],
      ["Artikelnummer", "sku"],
    ] as const) {
      const res = await upload(sellerProfileId, "erp.csv", `SKU;${header};Lagerort\nSKU-0;1;A\n`);
      expect(res.statusCode, `${header}: ${res.body}`).toBe(201);
      if (field === "cost") expect(res.json().mapping, header).toEqual({ sku: 0, cost: 1 });
      else expect(res.json().mapping.sku, header).toBeDefined();
    }
    // An ERP export: columns Starport does not know are listed as unmapped, not refused.
    const erp = "Artikel;Bezeichnung;Einstandspreis;Lagerplatz;Preis2\nSKU-0;Tasse;4,20;A-1;9\n";
    const res = await upload(sellerProfileId, "erp.csv", erp);
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json();
    expect(first.headers).toEqual([
      "Artikel",
      "Bezeichnung",
      "Einstandspreis",
      "Lagerplatz",
      "Preis2",
    ]);
    expect(first.mapping).toEqual({ cost: 2 });
    expect(first.unmapped).toEqual([0, 1, 3, 4]);
    // The seller maps "Artikel" to the SKU and "Preis2" to shipping, ignores the rest; runs.
    const done = await run(first.import, { sku: 0, cost: 2, shippingCost: 4 });
    expect(done).toMatchObject({ status: "completed", created: 1, failed: 0 });
    expect((await ownFieldsOf(t.db, sellerProfileId))[0]).toMatchObject({
      cost: "4200000",
      shipping: "9000000",
    });
    // The same header set next time: exactly that mapping.
    const again = (await upload(sellerProfileId, "erp.csv", erp)).json();
    expect(again.mapping).toEqual({ sku: 0, cost: 2, shippingCost: 4 });
    expect(again.unmapped).toEqual([1, 3]);
  });

  it("finds the header below title rows and counts rows from there", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 2);
    const csv =
      "Preisliste Einkauf Q4 2026;;\nStand: 01.11.2026;;\n;;\nSKU;Einkaufspreis;Tags\nSKU-0;2,50;a\nSKU-1;3,00;b\n";
    const { uploaded, done } = await importFile(sellerProfileId, "titel.csv", csv);
    expect(uploaded.headerRow).toBe(4);
    expect(uploaded.headers).toEqual(["SKU", "Einkaufspreis", "Tags"]);
    expect(uploaded.preview.map((r: { row: number }) => r.row)).toEqual([5, 6]);
    expect(done).toMatchObject({ status: "completed", headerRow: 4, created: 2, failed: 0 });
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.cost)).toEqual([
      "2500000",
      "3000000",
    ]);
  });

  it("reads an XLSX formula cell as its cached result (number, date, text) and names a formula without one", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 3);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Kosten");
    sheet.addRow(["Kostenliste"]);
    sheet.addRow(["SKU", "EK", "Gültig ab", "Notizen"]);
    sheet.addRow([
      "SKU-0",
      { formula: "2*6.25", result: 12.5 },
      { formula: "DATE(2026,12,31)", result: new Date(Date.UTC(2026, 11, 31)) },
      { formula: '"neu"&" ab Q1"', result: "neu ab Q1" },
    ]);
    sheet.addRow(["SKU-1", { formula: "B3*2" }, null, null]);
    sheet.addRow(["SKU-2", 3, null, null]);
    sheet.getCell("B5").value = { sharedFormula: "B3", result: 7 } as never;
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = (await upload(sellerProfileId, "formeln.xlsx", file)).json();
    expect(uploaded.headerRow).toBe(2);
    const cells = uploaded.preview.map((r: { cells: { value: string }[] }) =>
      r.cells.map((c) => c.value),
    );
    expect(JSON.stringify(cells)).not.toContain("[object Object]");
    expect(uploaded.preview[0].cells).toEqual([
      { field: "sku", value: "SKU-0", parsed: "SKU-0", error: null },
      { field: "cost", value: "12.5", parsed: 12.5, error: null },
      { field: "costValidFrom", value: "46387", parsed: "2026-12-31", error: null },
      { field: "notes", value: "neu ab Q1", parsed: "neu ab Q1", error: null },
    ]);
    expect(uploaded.preview[1].cells[1]).toMatchObject({ value: "=B3*2", error: "notANumber" });
    const done = await run(uploaded.import, uploaded.mapping);
    expect(done).toMatchObject({ status: "completed", created: 2, failed: 1 });
    const rows = await ownFieldsOf(t.db, sellerProfileId);
    expect(rows.map((r) => [r.cost, r.valid_from, r.notes])).toEqual([
      ["12500000", "2026-12-31", "neu ab Q1"],
      [null, null, ""],
      ["7000000", expect.any(String), ""],
    ]);
  });

  it("reports a second row for the same SKU and marketplace with both row numbers; an unchanged file re-imported changes nothing", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 3, { marketplaces: ["DE", "FR"] });
    const csv =
      "SKU;Marktplatz;Einkaufspreis\nSKU-0;DE;5,00\nSKU-1;DE;6,00\nsku-0;DE;7,00\nSKU-0;FR;8,00\nSKU-1;;9,00\n";
    const first = await importFile(sellerProfileId, "doppelt.csv", csv);
    expect(first.done).toMatchObject({ created: 3, updated: 0, failed: 2 });
    const errors = await errorsOf(first.iri);
    expect(
      errors.member.map((e: { row: number; relatedRow: number; reason: string; value: string }) => [
        e.row,
        e.reason,
        e.relatedRow,
        e.value,
      ]),
    ).toEqual([
      [4, "duplicateKey", 2, "sku-0"],
      [6, "duplicateKey", 3, "SKU-1"],
    ]);
    const csvDe = await t.request("own", {
      method: "GET",
      url: `${first.iri}/errors.csv?lang=de`,
    });
    expect(csvDe.body).toContain("wie Zeile 2; Zeile 2 gilt.");
    const fields = await ownFieldsOf(t.db, sellerProfileId);
    expect(fields.map((r) => [r.marketplace, r.sku, r.cost])).toEqual([
      ["DE", "SKU-0", "5000000"],
      ["DE", "SKU-1", "6000000"],
      ["DE", "SKU-2", null],
      ["FR", "SKU-0", "8000000"],
      ["FR", "SKU-1", null],
      ["FR", "SKU-2", null],
    ]);
    const second = await importFile(sellerProfileId, "doppelt.csv", csv);
    expect(second.done).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 2 });
  });

  it("keeps a future cost's validity: today's economics use the cost valid today", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const [product] = await t.db
      .select({ id: schema.products.id })
      .from(schema.products)
      .innerJoin(
        schema.sellerAccounts,
        eq(schema.sellerAccounts.id, schema.products.sellerAccountId),
      )
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    await t.db
      .update(schema.products)
      .set({ priceMicros: 46_990_000 })
      .where(eq(schema.products.id, product!.id));
    const economics = async () =>
      (
        await t.request("own", { method: "GET", url: `/api/product_economics/${product!.id}` })
      ).json().costOfGoods;
    await importFile(sellerProfileId, "heute.csv", "SKU;Einkaufspreis\nSKU-0;10,00\n");
    expect(await economics()).toBe(10);
    const future = new Date(Date.now() + 30 * 86_400_000);
    const day = future.toISOString().slice(0, 10);
    const german = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const later = await importFile(
      sellerProfileId,
      "zukunft.csv",
      `SKU;Einkaufspreis;Gültig ab\nSKU-0;12,00;${german}\n`,
    );
    expect(later.done).toMatchObject({ updated: 1 });
    // The product keeps the new cost with its validity; today's economics still count 10,00.
    expect((await ownFieldsOf(t.db, sellerProfileId))[0]).toMatchObject({
      cost: "12000000",
      valid_from: day,
    });
    expect(await economics()).toBe(10);
    // On and after that day the new cost counts (the history holds both).
    const history = (await t.db.execute(sql`
      select h.cost_micros::text as cost from product_cost_history h
      where h.product_id = ${product!.id}
        and coalesce(h.valid_from, h.recorded_at::date) <= ${day}::date
      order by coalesce(h.valid_from, h.recorded_at::date) desc, h.recorded_at desc limit 1`)) as unknown as {
      rows: { cost: string }[];
    };
    expect(history.rows[0]?.cost).toBe("12000000");
  });

  it("matches a SKU regardless of case when no listing has it exactly, and accepts the app's own lifecycle labels", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 8, { prefix: "Abc" });
    const labels = (lang: string) => {
      const json = JSON.parse(
        readFileSync(new URL(`../../web/app/i18n/${lang}.json`, import.meta.url), "utf8"),
      );
      return [json.catalogue.lifecycle, json.settingsGoals.choices.lifecycleStage] as Record<
        string,
        string
      >[];
    };
    const rows: string[] = [];
    let i = 0;
    const expected: string[] = [];
    for (const lang of ["de", "en"])
      for (const set of labels(lang))
        for (const stage of ["launch", "growth", "profit", "clearance"]) {
          if (i >= 8) break;
          rows.push(`${i % 2 ? `ABC-${i}` : `abc-${i}`};${set[stage]}`);
          expected.push(stage);
          i += 1;
        }
    const csv = `SKU;Lebenszyklus\n${rows.join("\n")}\n`;
    const { done } = await importFile(sellerProfileId, "phasen.csv", csv);
    expect(done).toMatchObject({ created: 8, failed: 0 });
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.lifecycle)).toEqual(expected);
    // Every label of both languages parses.
    for (const lang of ["de", "en"])
      for (const set of labels(lang)) {
        const { sellerProfileId: other } = await profileWithProducts(t.db, 4);
        const file = `SKU;Phase\n${["launch", "growth", "profit", "clearance"].map((s, n) => `SKU-${n};${set[s]}`).join("\n")}\n`;
        const res = await upload(other, "p.csv", file);
        expect(
          res.json().preview.map((r: { cells: { parsed: string }[] }) => r.cells[1]?.parsed),
          `${lang}: ${JSON.stringify(set)}`,
        ).toEqual(["launch", "growth", "profit", "clearance"]);
      }
  });

  it("imports a cost above the price with a warning counted in the summary", async () => {
    const { sellerProfileId, sellerAccountId } = await profileWithProducts(t.db, 2);
    await t.db
      .update(schema.products)
      .set({ priceMicros: 46_990_000 })
      .where(eq(schema.products.sellerAccountId, sellerAccountId));
    const { iri, done } = await importFile(
      sellerProfileId,
      "plausibel.csv",
      "SKU;Einkaufspreis\nSKU-0;1.250\nSKU-1;12,50\n",
    );
    expect(done).toMatchObject({ created: 2, failed: 0, warnings: 1 });
    const errors = await errorsOf(iri);
    expect(errors.member).toEqual([
      {
        row: 2,
        column: "Einkaufspreis",
        value: "1.250",
        reason: "costAbovePrice",
        severity: "warning",
        relatedRow: null,
      },
    ]);
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.cost)).toEqual([
      "1250000000",
      "12500000",
    ]);
  });

  it("writes an error file with the original cells that, corrected, uploads and imports again", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 3);
    const csv =
      "SKU;Einkaufspreis;Lagerort;Notizen\nSKU-0;abc;A-1;erste\nSKU-1;2,00;B-2;zweite\nSKU-2;-3;C-3;dritte\n";
    const { iri, done } = await importFile(sellerProfileId, "fehler.csv", csv);
    expect(done).toMatchObject({ created: 1, failed: 2 });
    const file = await t.request("own", { method: "GET", url: `${iri}/errors.csv?lang=de` });
    const lines = file.body
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      "SKU;Einkaufspreis;Lagerort;Notizen;Zeile;Spalte;Wert;Grund",
      "SKU-0;abc;A-1;erste;2;Einkaufspreis;abc;Keine Zahl.",
      "SKU-2;-3;C-3;dritte;4;Einkaufspreis;-3;Der Wert darf nicht negativ sein.",
    ]);
    const corrected = file.body.replace(";abc;A-1", ";1,50;A-1").replace(";-3;C-3", ";3,00;C-3");
    const again = await upload(sellerProfileId, "fehler-korrigiert.csv", corrected);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().mapping).toEqual({ sku: 0, cost: 1, notes: 3 });
    const redone = await run(again.json().import, again.json().mapping);
    // Both rows set a first cost (their products had none): "new", not "changed".
    expect(redone).toMatchObject({ created: 2, updated: 0, failed: 0 });
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.cost)).toEqual([
      "1500000",
      "2000000",
      "3000000",
    ]);
  });

  it("answers a multipart body without its closing boundary with a 400 in the API's error format", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const boundary = "----starportbroken";
    const res = await t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=${sellerProfileId}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nSKU;Kosten\nSKU-0;1\n`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().violations[0]).toMatchObject({ propertyPath: "file", code: "malformed" });
    const cut = await t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=${sellerProfileId}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-da`,
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.headers["content-type"]).toContain("application/problem+json");
  });

  it("deletes a file when its import is done, abandons an upload after a day, sweeps files of a deleted profile", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const files = async () => (await readdir(join(dataDir, "imports")).catch(() => [])).sort();
    const storageOf = async (iri: string) => {
      const [row] = await t.db
        .select()
        .from(schema.productImports)
        .where(eq(schema.productImports.id, iri.split("/").pop()!));
      return row!;
    };
    const { iri } = await importFile(sellerProfileId, "fertig.csv", "SKU;Kosten\nSKU-0;1\n");
    // The job deletes the file right after it marks the import done: wait for that step.
    await expect
      .poll(async () => (await storageOf(iri)).fileDeletedAt, { timeout: 10_000 })
      .not.toBeNull();
    const done = await storageOf(iri);
    expect(await files()).not.toContain(done.storagePath.split("/").pop());
    // An upload never started: kept for a day, then abandoned with its file deleted.
    const left = (await upload(sellerProfileId, "liegen.csv", "SKU;Kosten\nSKU-0;2\n")).json();
    const leftRow = await storageOf(left.import);
    const leftName = leftRow.storagePath.split("/").pop()!;
    await sweepImportFiles(t.db, dataDir);
    expect(await files()).toContain(leftName);
    const tomorrow = new Date(Date.now() + 25 * 3600_000);
    expect((await sweepImportFiles(t.db, dataDir, tomorrow)).abandoned).toBeGreaterThanOrEqual(1);
    expect(await files()).not.toContain(leftName);
    const abandoned = await t.request("own", { method: "GET", url: left.import });
    expect(abandoned.json().status).toBe("abandoned");
    const late = await t.request("own", {
      method: "POST",
      url: `${left.import}/run`,
      payload: { mapping: left.mapping },
    });
    expect(late.statusCode).toBe(422);
    const latePreview = await t.request("own", {
      method: "POST",
      url: `${left.import}/preview`,
      payload: { mapping: left.mapping },
    });
    expect(latePreview.statusCode).toBe(422);
    // A deleted seller profile leaves no files behind.
    const { sellerProfileId: gone } = await profileWithProducts(t.db, 1);
    const pending = (await upload(gone, "weg.csv", "SKU;Kosten\nSKU-0;3\n")).json();
    const pendingName = (await storageOf(pending.import)).storagePath.split("/").pop()!;
    await t.db.delete(schema.sellerProfiles).where(eq(schema.sellerProfiles.id, gone));
    expect(await files()).toContain(pendingName);
    // Past the grace period of an upload being checked (a file without its row yet).
    await sweepImportFiles(t.db, dataDir, new Date(Date.now() + 11 * 60_000));
    expect(await files()).not.toContain(pendingName);
    // A stray file older than the grace period goes too; a fresh one (an upload being checked) stays.
    const stray = join(dataDir, "imports", "stray.upload");
    await writeFile(stray, "x");
    await sweepImportFiles(t.db, dataDir);
    expect(await files()).toContain("stray.upload");
    await sweepImportFiles(t.db, dataDir, new Date(Date.now() + 11 * 60_000));
    expect(await files()).not.toContain("stray.upload");
  });

  it("refuses an upload over the customer's storage quota with a 413 naming it, and counts only files still needed", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    // Other uploads of the customer still waiting take up the quota.
    await t.db
      .update(schema.productImports)
      .set({ status: "abandoned", fileDeletedAt: new Date() })
      .where(eq(schema.productImports.status, "uploaded"));
    const big = `SKU;Kosten\n${"SKU-0;1\n".repeat(Math.ceil(QUOTA / 2 / 8))}`;
    const first = await upload(sellerProfileId, "a.csv", big);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(sellerProfileId, "b.csv", big);
    expect(second.statusCode, second.body).toBe(413);
    expect(second.headers["content-type"]).toContain("application/problem+json");
    expect(second.json().violations[0]).toMatchObject({ code: "quotaExceeded" });
    // The other customer is not affected.
    const { sellerProfileId: foreignProfile } = await profileWithProducts(t.db, 1, {
      customerId: (
        await t.db
          .select({ id: schema.customers.id })
          .from(schema.customers)
          .where(eq(schema.customers.name, "Beta AB"))
      )[0]!.id,
    });
    const { body, headers } = multipart("c.csv", big);
    const foreign = await t.request("foreign", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=${foreignProfile}`,
      headers,
      payload: body,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    // Once the first import is done its file no longer counts.
    await run(first.json().import, first.json().mapping);
    const third = await upload(sellerProfileId, "b.csv", big);
    expect(third.statusCode, third.body).toBe(201);
    expect((await stat(join(dataDir, "imports"))).isDirectory()).toBe(true);
  });
});
