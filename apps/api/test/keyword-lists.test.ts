import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keywordLinesOf } from "../src/changes/read-keyword-list.ts";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";
import { multipart } from "./support/product-import-fixtures.ts";

/** Issue 21 §2: a keyword list uploaded for an ad group's keyword ideas, read into lines. */

describe("keyword list lines", () => {
  it("takes the first column without a header, the keyword column with one", () => {
    expect(
      keywordLinesOf([
        { row: 1, cells: ["zelt", "x"] },
        { row: 2, cells: ["  stirn \n lampe ", null] },
      ]),
    ).toEqual([
      { row: 1, keywordText: "zelt", matchType: null, bid: null },
      { row: 2, keywordText: "stirn lampe", matchType: null, bid: null },
    ]);
    expect(
      keywordLinesOf([
        { row: 1, cells: ["Kampagne", "Keyword-Text", "Match type", "Gebot"] },
        { row: 2, cells: ["A", "zelt", "Phrase", "0,75"] },
        { row: 3, cells: ["A", "kocher", "genau", 1.2] },
        { row: 4, cells: ["A", "matte", "negative", "viel"] },
      ]),
    ).toEqual([
      { row: 2, keywordText: "zelt", matchType: "PHRASE", bid: 0.75 },
      { row: 3, keywordText: "kocher", matchType: "EXACT", bid: 1.2 },
      { row: 4, keywordText: "matte", matchType: null, bid: null },
    ]);
  });
});

describe.each(TEST_DATABASE_KINDS)("POST /api/keyword_lists/read (%s)", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  }, 180_000);
  afterAll(() => t?.dispose());

  const read = (fileName: string, content: Buffer | string, actor: "own" | "anonymous" = "own") => {
    const { body, headers } = multipart(fileName, content);
    return t.request(actor, {
      method: "POST",
      url: "/api/keyword_lists/read",
      headers,
      payload: body,
    });
  };

  it("reads a CSV with a header and an XLSX without one", async () => {
    const csv = await read(
      "ideas.csv",
      "\ufeffKeyword;Match Type;Bid\nzelt;broad;0.5\n\n;;\nlampe;;\n",
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json().lines).toEqual([
      { row: 2, keywordText: "zelt", matchType: "BROAD", bid: 0.5 },
      { row: 5, keywordText: "lampe", matchType: null, bid: null },
    ]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Ideen");
    sheet.addRow(["kocher"]);
    sheet.addRow(["isomatte"]);
    const xlsx = await read("ideas.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().lines.map((l: { keywordText: string }) => l.keywordText)).toEqual([
      "kocher",
      "isomatte",
    ]);
  });

  it("refuses bad files with a code the web translates, never a 500", async () => {
    const cases: [string, Buffer | string, number, string][] = [
      ["big.csv", "a\n".repeat(600_000), 413, "tooLarge"],
      [
        "many.csv",
        Array.from({ length: 5001 }, (_, i) => `kw ${i}`).join("\n"),
        422,
        "tooManyLines",
      ],
      ["empty.csv", "   \n", 422, "empty"],
      ["binary.csv", Buffer.from([0x00, 0x01, 0x02, 0x03]), 415, "unsupportedType"],
      [
        "broken.xlsx",
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
        422,
        "unreadable",
      ],
    ];
    for (const [name, content, status, code] of cases) {
      const res = await read(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().violations[0].code, name).toBe(code);
    }
    const exactly = await read(
      "5000.csv",
      Array.from({ length: 5000 }, (_, i) => `kw ${i}`).join("\n"),
    );
    expect(exactly.statusCode, exactly.body).toBe(200);
    expect(exactly.json().lines).toHaveLength(5000);
    const notMultipart = await t.request("own", {
      method: "POST",
      url: "/api/keyword_lists/read",
      payload: { lines: [] },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await read("ideas.csv", "zelt\n", "anonymous")).statusCode).toBe(401);
  });
});
