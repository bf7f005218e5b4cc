/**
 * Exports from the generic layer: every collection answers CSV and XLSX with all pages of its
 * filters and order, the requested columns, locale headers and numbers, and a totals row where the
 * collection has totals. Bad export parameters and foreign filters fail before any byte is sent.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XLSX } from "../src/hydra/export.ts";
import { type AdsFixture, insertAdsFixture } from "./support/ads-fixture.ts";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

const FROM = "2026-09-11";
const TO = "2026-09-20";

describe.each(TEST_DATABASE_KINDS)("exports on %s", (kind) => {
  let t: HydraTestApp;
  let a: AdsFixture;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    a = await insertAdsFixture(t.db, IDS.profileA, { seed: 5, firstDay: "2026-09-01", days: 30 });
  });
  afterAll(() => t?.dispose());

  it("exports the filtered, sorted list as German CSV with a totals row", async () => {
    const query = `profile=${a.profileId}&from=${FROM}&to=${TO}&order[cost]=desc`;
    const json = (await t.request("own", { url: `/api/keywords?${query}` })).json();
    const res = await t.request("own", {
      url: `/api/keywords?${query}&format=csv&locale=de&columns[]=keywordText&columns[]=cost&columns[]=acos&columns[]=clicks`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="keywords-.*\.csv"/);
    const rows: string[][] = parse(res.body, { delimiter: ";", bom: true });
    expect(rows[0]).toEqual(["Keyword", "Ausgaben", "ACoS", "Klicks"]);
    const members = json["hydra:member"];
    expect(rows).toHaveLength(members.length + 2);
    for (const [i, member] of members.entries()) {
      const row = rows[i + 1]!;
      expect(row[0]).toBe(member.keywordText);
      expect(row[1]).toBe(member.metrics.cost.toFixed(2).replace(".", ","));
      if (member.metrics.acos === null) expect(row[2]).toBe("");
      else expect(row[2]).toMatch(/^\d+,\d{1,2}\s%$/);
      expect(row[3]).toBe(String(member.metrics.clicks));
    }
    const totals = rows.at(-1)!;
    // The screens' totals row says "Summe": one term.
    expect(totals[0]).toBe("Summe");
    expect(totals[1]).toBe(json.totals.cost.toFixed(2).replace(".", ","));
  });

  it("exports XLSX on the Accept header, with real numbers and English headers", async () => {
    const res = await t.request("own", {
      url: `/api/campaigns?profile=${a.profileId}&from=${FROM}&to=${TO}&locale=en&columns[]=name&columns[]=sales&columns[]=acos`,
      headers: { accept: XLSX },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Campaign", "Sales", "ACoS"]);
    const json = (
      await t.request("own", { url: `/api/campaigns?profile=${a.profileId}&from=${FROM}&to=${TO}` })
    ).json();
    expect(sheet.rowCount).toBe(json["hydra:member"].length + 2);
    expect(sheet.getRow(2).getCell(1).value).toBe(json["hydra:member"][0].name);
    expect(sheet.getRow(2).getCell(2).value).toBeCloseTo(json["hydra:member"][0].metrics.sales, 2);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe("0.0%");
  });

  it("writes Amazon's codes in the export's language under the screens' headers (CSV)", async () => {
    const [, second] = a.campaigns;
    await t.db
      .update(schema.campaigns)
      .set({ state: "PAUSED", biddingStrategy: "LEGACY_FOR_SALES" })
      .where(eq(schema.campaigns.id, second!.id));
    const columns = ["name", "state", "targetingType", "biddingStrategy", "acos"]
      .map((c) => `columns[]=${c}`)
      .join("&");
    const url = (locale: string) =>
      `/api/campaigns?profile=${a.profileId}&from=${FROM}&to=${TO}&order[name]=asc&format=csv&locale=${locale}&${columns}`;

    const de = await t.request("own", { url: url("de") });
    expect(de.statusCode, de.body).toBe(200);
    const deRows: string[][] = parse(de.body, { delimiter: ";", bom: true });
    expect(deRows[0]).toEqual(["Kampagne", "Status", "Targeting", "Gebotsstrategie", "ACoS"]);
    expect(deRows.slice(1, 3).map((r) => r.slice(0, 4))).toEqual([
      ["Kampagne A", "Aktiv", "Manuell", expect.stringMatching(/^(|Dynamisch – .+|Feste Gebote)$/)],
      ["Kampagne B", "Pausiert", "Automatisch", "Dynamisch – nur senken"],
    ]);
    // The screen's decimals: one, always ("4,0 %", never "4 %" beside "27,5 %").
    for (const row of deRows.slice(1)) expect(row[4]).toMatch(/^(|\d+,\d\u00a0%)$/);

    const en = await t.request("own", { url: url("en") });
    const enRows: string[][] = parse(en.body, { bom: true });
    expect(enRows[0]).toEqual(["Campaign", "State", "Targeting", "Bidding strategy", "ACoS"]);
    expect(enRows[2]!.slice(0, 4)).toEqual([
      "Kampagne B",
      "Paused",
      "Automatic",
      "Dynamic – down only",
    ]);
    for (const row of [...deRows, ...enRows].slice(1))
      for (const cell of row)
        expect(cell, "a raw code in the file").not.toMatch(
          /^[A-Z]+(_[A-Z]+)+$|^(ENABLED|PAUSED|ARCHIVED|MANUAL|AUTO)$/,
        );
  });

  it("writes XLSX money and percentages as numbers with currency and percent formats", async () => {
    const res = await t.request("own", {
      url: `/api/keywords?profile=${a.profileId}&from=${FROM}&to=${TO}&format=xlsx&locale=de&columns[]=keywordText&columns[]=matchType&columns[]=bid&columns[]=cost&columns[]=acos&columns[]=clicks`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Keyword",
      "Übereinstimmung",
      "Gebot",
      "Ausgaben",
      "ACoS",
      "Klicks",
    ]);
    expect(sheet.rowCount).toBeGreaterThan(2);
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      if (n < sheet.rowCount)
        expect(["Genau", "Wortgruppe", "Weitgehend"]).toContain(row.getCell(2).value);
      for (const money of [3, 4]) {
        const cell = row.getCell(money);
        if (cell.value === null) continue;
        expect(typeof cell.value, `row ${n} column ${money}`).toBe("number");
        expect(cell.numFmt).toBe('#,##0.00 "€"');
      }
      const acos = row.getCell(5);
      if (acos.value !== null) {
        expect(typeof acos.value).toBe("number");
        expect(acos.numFmt).toBe("0.0%");
      }
      expect(typeof row.getCell(6).value).toBe("number");
    }
  });

  it("exports every page, not just the first", async () => {
    await t.db.insert(schema.tags).values(
      Array.from({ length: 230 }, (_, i) => ({
        sellerProfileId: IDS.profileA,
        text: `etikett ${String(i).padStart(3, "0")}`,
      })),
    );
    const res = await t.request("own", {
      url: "/api/tags?order[text]=asc&format=csv&locale=en&columns[]=text",
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual(["text"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 230 }, (_, i) => `etikett ${String(i).padStart(3, "0")}`),
    );
  });

  it("refuses bad export parameters and foreign filters before sending anything", async () => {
    for (const query of ["format=pdf", "format=csv&locale=fr", "format=csv&columns[]=nope"]) {
      const res = await t.request("own", {
        url: `/api/keywords?profile=${a.profileId}&from=${FROM}&to=${TO}&${query}`,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
    const foreign = await t.request("foreign", {
      url: `/api/keywords?profile=${a.profileId}&format=csv`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request("anonymous", { url: "/api/keywords?format=csv" })).statusCode).toBe(
      401,
    );
  });
});
