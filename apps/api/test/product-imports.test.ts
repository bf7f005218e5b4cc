import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";
import {
  multipart,
  ownFieldsOf,
  profileWithProducts,
  waitForImport,
} from "./support/product-import-fixtures.ts";

/** Issue 11 §4: product imports through the API, run by the pg-boss job on a real database. */

describe.each(TEST_DATABASE_KINDS)("product imports (%s)", (kind) => {
  let t: HydraTestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "starport-imports-"));
    t = await openHydraTestApp(kind, { importsDataDir: dataDir });
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (
    sellerProfileId: string,
    fileName: string,
    content: Buffer | string,
    actor: "own" | "foreign" = "own",
  ) => {
    const { body, headers } = multipart(fileName, content);
    return t.request(actor, {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=/api/seller_profiles/${sellerProfileId}`,
      headers,
      payload: body,
    });
  };

  /** Upload, run under the suggested mapping, wait for the end: the finished import. */
  async function importFile(sellerProfileId: string, fileName: string, content: Buffer | string) {
    const uploaded = await upload(sellerProfileId, fileName, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { import: iri, mapping } = uploaded.json();
    const run = await t.request("own", { method: "POST", url: `${iri}/run`, payload: { mapping } });
    expect(run.statusCode, run.body).toBe(202);
    // The answer is the item as GET answers it: the profile as its IRI, not a Drizzle reference.
    expect(run.json()).toMatchObject({
      "@id": iri,
      "@type": "ProductImport",
      sellerProfile: `/api/seller_profiles/${sellerProfileId}`,
    });
    return { iri, uploaded: uploaded.json(), done: await waitForImport(t, iri) };
  }

  it("parses German formats, a BOM, `;` and quoted newlines, and sets cost, shipping, tags, lifecycle, notes", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 3);
    const csv =
      "\ufeffSKU;Einkaufspreis;Versandkosten;Tags;Lebenszyklus;Gültig ab;Notizen\r\n" +
      'SKU-0;1.234,56 €;3,50;bestseller, sommer;Wachstum;31.12.2026;"erste Zeile\nzweite; Zeile"\r\n' +
      "SKU-1;12,5;;;Abverkauf;;\r\n";
    const { uploaded, done } = await importFile(sellerProfileId, "kosten.csv", csv);
    expect(uploaded.format).toBe("csv");
    expect(uploaded.mapping).toEqual({
      sku: 0,
      cost: 1,
      shippingCost: 2,
      tags: 3,
      lifecycle: 4,
      costValidFrom: 5,
      notes: 6,
    });
    expect(done).toMatchObject({
      status: "completed",
      totalRows: 2,
      rowsDone: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 0,
    });
    const rows = await ownFieldsOf(t.db, sellerProfileId);
    expect(rows[0]).toMatchObject({
      sku: "SKU-0",
      cost: "1234560000",
      cost_currency: "EUR",
      valid_from: "2026-12-31",
      shipping: "3500000",
      lifecycle: "growth",
      notes: "erste Zeile\nzweite; Zeile",
      tags: "bestseller|sommer",
    });
    expect(rows[1]).toMatchObject({
      sku: "SKU-1",
      cost: "12500000",
      lifecycle: "clearance",
      tags: "",
    });
    expect(rows[2]).toMatchObject({ sku: "SKU-2", cost: null });
  });

  it("parses `,` and tab separators with English headers and numbers, keyed by ASIN + marketplace", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 2, { marketplaces: ["DE", "FR"] });
    await importFile(
      sellerProfileId,
      "en.csv",
      'ASIN,Marketplace,Cost,Shipping cost\nB000000001,FR,"1,234.50",0.99\n',
    );
    await importFile(sellerProfileId, "tab.tsv", "asin\tmarketplace\tcost\nB000000000\tDE\t7,25\n");
    const rows = await ownFieldsOf(t.db, sellerProfileId);
    const cost = (mp: string, sku: string) =>
      rows.find((r) => r.marketplace === mp && r.sku === sku)?.cost;
    expect(cost("FR", "SKU-1")).toBe("1234500000");
    expect(cost("DE", "SKU-1")).toBe(null);
    expect(cost("DE", "SKU-0")).toBe("7250000");
    expect(cost("FR", "SKU-0")).toBe(null);
  });

  it("reads XLSX (numbers, dates, text) and a second import of the same file changes nothing", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 5);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Produkte");
    sheet.addRow(["SKU", "Kosten", "Gültig ab", "Tags"]);
    for (let i = 0; i < 5; i++)
      sheet.addRow([
        `SKU-${i}`,
        i === 0 ? "2,50" : 10 + i,
        new Date(Date.UTC(2026, 11, 31)),
        "a|b",
      ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await importFile(sellerProfileId, "kosten.xlsx", file);
    expect(first.uploaded.format).toBe("xlsx");
    expect(first.done).toMatchObject({
      status: "completed",
      created: 5,
      updated: 0,
      unchanged: 0,
      failed: 0,
    });
    const before = await ownFieldsOf(t.db, sellerProfileId);
    expect(before[0]).toMatchObject({ cost: "2500000", valid_from: "2026-12-31", tags: "a|b" });
    const second = await importFile(sellerProfileId, "kosten.xlsx", file);
    expect(second.done).toMatchObject({
      status: "completed",
      created: 0,
      updated: 0,
      unchanged: 5,
      failed: 0,
    });
    expect(await ownFieldsOf(t.db, sellerProfileId)).toEqual(before);
    const history = await t.request("own", {
      method: "GET",
      url: `/api/product_imports?sellerProfile=/api/seller_profiles/${sellerProfileId}`,
    });
    expect(
      history
        .json()
        ["hydra:member"].map((m: { fileName: string; author: string; status: string }) => [
          m.fileName,
          m.author,
          m.status,
        ]),
    ).toEqual([
      ["kosten.xlsx", "Anna", "completed"],
      ["kosten.xlsx", "Anna", "completed"],
    ]);
  });

  it("reports bad cells and unknown products as row errors (JSON and CSV) and applies the good rows", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 4);
    const longTag = "x".repeat(500);
    const csv = `SKU;Einkaufspreis;Tags;Gültig ab\nSKU-0;-5;;\nSKU-1;4,00;${longTag};\nNOPE-9;1,00;;\nSKU-2;2,00;;32.13.2026\nSKU-3;3,00;;\n`;
    const { iri, done } = await importFile(sellerProfileId, "fehler.csv", csv);
    expect(done).toMatchObject({
      status: "completed",
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: 4,
    });
    const errors = (await t.request("own", { method: "GET", url: `${iri}/errors` })).json();
    expect(errors.totalItems).toBe(4);
    expect(
      errors.member.map((e: { row: number; column: string; reason: string }) => [
        e.row,
        e.column,
        e.reason,
      ]),
    ).toEqual([
      [2, "Einkaufspreis", "negative"],
      [3, "Tags", "tagTooLong"],
      [4, "SKU", "unknownProduct"],
      [5, "Gültig ab", "invalidDate"],
    ]);
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.cost)).toEqual([
      null,
      null,
      null,
      "3000000",
    ]);
    const csvDe = await t.request("own", { method: "GET", url: `${iri}/errors.csv?lang=de` });
    expect(csvDe.statusCode).toBe(200);
    expect(csvDe.headers["content-type"]).toContain("text/csv");
    const lines = csvDe.body
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("SKU;Einkaufspreis;Tags;Gültig ab;Zeile;Spalte;Wert;Grund");
    expect(lines[1]).toBe("SKU-0;-5;;;2;Einkaufspreis;-5;Der Wert darf nicht negativ sein.");
    expect(lines).toHaveLength(5);
    const csvEn = await t.request("own", { method: "GET", url: `${iri}/errors.csv?lang=en` });
    expect(csvEn.body).toContain(
      'NOPE-9,"1,00",,,4,SKU,NOPE-9,No product with this SKU/ASIN in the marketplace.',
    );
  });

  it.each([
    [
      "not a spreadsheet",
      "bild.png",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      415,
      "unsupportedType",
    ],
    ["empty", "leer.csv", Buffer.alloc(0), 422, "empty"],
    ["only a BOM and blanks", "leer.csv", "\ufeff \r\n", 422, "empty"],
    ["without a header", "daten.csv", "SKU-1;12,50\nSKU-2;3,00\n", 422, "noHeader"],
    ["a header but no rows", "kopf.csv", "SKU;Kosten\n", 422, "noRows"],
    [
      "a broken XLSX",
      "kaputt.xlsx",
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]),
      422,
      "unreadable",
    ],
  ] as const)(
    "refuses a file %s before any job starts",
    async (_name, fileName, content, status, code) => {
      const { sellerProfileId } = await profileWithProducts(t.db, 1);
      const res = await upload(sellerProfileId, fileName, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().violations[0]).toMatchObject({ propertyPath: "file", code });
      const rows = await t.db
        .select()
        .from(schema.productImports)
        .where(eq(schema.productImports.sellerProfileId, sellerProfileId));
      expect(rows).toEqual([]);
    },
  );

  it("refuses a file over 50 MB (413) and a request without a file (400), keeping nothing on disk", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const before = await readdir(join(dataDir, "imports")).catch(() => []);
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, "a");
    big.write("SKU;Kosten\n");
    const res = await upload(sellerProfileId, "gross.csv", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().violations[0].code).toBe("tooLarge");
    const noFile = await t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=${sellerProfileId}`,
      payload: { file: "x" },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().violations[0].code).toBe("noFile");
    expect(await readdir(join(dataDir, "imports")).catch(() => [])).toEqual(before);
  });

  it("previews cells with reasons, refuses a mapping without key or out of range, and runs only once", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 2);
    const res = await upload(
      sellerProfileId,
      "p.csv",
      "SKU;Kosten;Versandkosten\nSKU-0;abc;1,00\nSKU-1;2,00;-1\n",
    );
    const { import: iri, preview } = res.json();
    expect(preview).toEqual([
      {
        row: 2,
        cells: [
          { field: "sku", value: "SKU-0", parsed: "SKU-0", error: null },
          { field: "cost", value: "abc", parsed: null, error: "notANumber" },
          { field: "shippingCost", value: "1,00", parsed: 1, error: null },
        ],
      },
      {
        row: 3,
        cells: [
          { field: "sku", value: "SKU-1", parsed: "SKU-1", error: null },
          { field: "cost", value: "2,00", parsed: 2, error: null },
          { field: "shippingCost", value: "-1", parsed: null, error: "negative" },
        ],
      },
    ]);
    // Remapped: column 2 as cost, column 1 ignored.
    const remapped = await t.request("own", {
      method: "POST",
      url: `${iri}/preview`,
      payload: { mapping: { sku: 0, cost: 2 } },
    });
    expect(remapped.json().rows[0].cells).toEqual([
      { field: "sku", value: "SKU-0", parsed: "SKU-0", error: null },
      { field: "cost", value: "1,00", parsed: 1, error: null },
    ]);
    for (const mapping of [
      { cost: 1 },
      { sku: 0, cost: 9 },
      { sku: 0, cost: 0 },
      { sku: 0, colour: 1 },
    ]) {
      const bad = await t.request("own", {
        method: "POST",
        url: `${iri}/run`,
        payload: { mapping },
      });
      expect(bad.statusCode, JSON.stringify(mapping)).toBe(422);
    }
    const run = await t.request("own", {
      method: "POST",
      url: `${iri}/run`,
      payload: { mapping: { sku: 0, cost: 2 } },
    });
    expect(run.statusCode).toBe(202);
    const again = await t.request("own", {
      method: "POST",
      url: `${iri}/run`,
      payload: { mapping: { sku: 0, cost: 2 } },
    });
    expect(again.statusCode).toBe(422);
    await waitForImport(t, iri);
    expect((await ownFieldsOf(t.db, sellerProfileId)).map((r) => r.cost)).toEqual([
      "1000000",
      null,
    ]);
    // The mapping is remembered: the next upload with the same headers suggests it.
    const next = await upload(sellerProfileId, "p.csv", "SKU;Kosten;Versandkosten\nSKU-0;1;1\n");
    expect(next.json().mapping).toEqual({ sku: 0, cost: 2 });
  });

  it("documents upload, preview, run, errors and template with operationIds in OpenAPI", async () => {
    const docs = (await t.request("own", { method: "GET", url: "/api/docs.json" })).json();
    const ids = Object.values(
      docs.paths as Record<string, Record<string, { operationId?: string }>>,
    )
      .flatMap((path) => Object.values(path).map((op) => op.operationId))
      .filter(Boolean);
    expect(ids).toEqual(
      expect.arrayContaining([
        "uploadProductImport",
        "previewProductImport",
        "runProductImport",
        "listProductImportErrors",
        "downloadProductImportErrors",
        "downloadProductImportTemplate",
      ]),
    );
    expect(
      docs.paths["/api/product_imports/{id}/run"].post.requestBody.content["application/json"]
        .schema.properties.mapping,
    ).toBeDefined();
  });

  it("serves a template in German and English whose headers map back to every field", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1, { prefix: "T" });
    for (const lang of ["de", "en"] as const) {
      const res = await t.request("own", {
        method: "GET",
        url: `/api/product_imports/template?lang=${lang}`,
      });
      expect(res.statusCode).toBe(200);
      expect(
        res.body.startsWith(
          lang === "de"
            ? "\ufeffSKU;ASIN;Marktplatz;Einkaufspreis"
            : "\ufeffSKU,ASIN,Marketplace,Cost",
        ),
      ).toBe(true);
      const uploaded = await upload(sellerProfileId, `template-${lang}.csv`, res.body);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(Object.keys(uploaded.json().mapping)).toHaveLength(uploaded.json().fields.length);
      expect(
        uploaded.json().preview[0].cells.every((c: { error: string | null }) => c.error === null),
      ).toBe(true);
    }
  });

  it("keeps imports to their customer: foreign profile, item, preview, run and errors are 404", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const res = await upload(sellerProfileId, "mine.csv", "SKU;Kosten\nSKU-0;1\n");
    const iri = res.json().import;
    expect(
      (await upload(sellerProfileId, "theirs.csv", "SKU;Kosten\nSKU-0;1\n", "foreign")).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ["GET", iri],
      ["POST", `${iri}/preview`],
      ["POST", `${iri}/run`],
      ["GET", `${iri}/errors`],
      ["GET", `${iri}/errors.csv`],
    ] as const) {
      const r = await t.request("foreign", {
        method,
        url,
        ...(method === "POST" ? { payload: { mapping: { sku: 0 } } } : {}),
      });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await t.request("foreign", { method: "GET", url: "/api/product_imports" });
    expect(list.json()["hydra:member"].map((m: { "@id": string }) => m["@id"])).not.toContain(iri);
    expect(
      (await t.request("anonymous", { method: "GET", url: "/api/product_imports/template" }))
        .statusCode,
    ).toBe(401);
  });
});
