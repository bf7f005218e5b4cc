import { describe, expect, it } from "vitest";
import { watchDimension } from "../src/product-imports/xlsx-sheet-rows.ts";

/** Issue 18 §15: an XLSX import's total comes from the sheet's declared range, not a count. */
async function lastRowOf(chunks: string[]): Promise<{ lastRow?: number; passed: string }> {
  let lastRow: number | undefined;
  let passed = "";
  async function* source() {
    yield* chunks.map((chunk) => Buffer.from(chunk));
  }
  for await (const chunk of watchDimension(source(), (row) => {
    lastRow = row;
  }))
    passed += chunk.toString();
  return { lastRow, passed };
}

describe("watchDimension", () => {
  it("reports the last row of the declared range and passes the XML on unchanged", async () => {
    const xml = [
      "<worksheet><dimens",
      'ion ref="A1:D400001"/><sheetData><row r="1"/>',
      "</sheetData></worksheet>",
    ];
    expect(await lastRowOf(xml)).toEqual({ lastRow: 400001, passed: xml.join("") });
  });

  it("reads a prefixed tag and a single-cell range", async () => {
    expect((await lastRowOf(['<x:worksheet><x:dimension ref="B7"/>'])).lastRow).toBe(7);
  });

  it("reports nothing for a sheet without one, nor a range after the rows began", async () => {
    expect(
      (await lastRowOf(["<worksheet><sheetData><row r='1'/></sheetData></worksheet>"])).lastRow,
    ).toBeUndefined();
    expect(
      (
        await lastRowOf([
          "<worksheet><sheetData>",
          '<row r="1"/></sheetData><dimension ref="A1:A9"/>',
        ])
      ).lastRow,
    ).toBeUndefined();
  });
});
