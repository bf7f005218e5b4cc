import { describe, expect, it } from "vitest";
import {
  exportColumns,
  onlyColumnsChanged,
  PRODUCT_COLUMNS,
  visibleColumns,
} from "../app/routes/product/list/query.ts";

describe("product list columns", () => {
  it("shows the defaults without a choice, the title always", () => {
    const shown = visibleColumns(new URLSearchParams());
    expect(shown[0]).toBe("title");
    expect(shown).toEqual(["title", "sku", "price", "margin", "spend", "acos", "tacos"]);
    expect(visibleColumns(new URLSearchParams("cols=brand"))).toEqual(["title", "brand"]);
  });

  it("keeps the declaration's order and drops unknown names", () => {
    expect(visibleColumns(new URLSearchParams("cols=goal,nonsense,brand,sku"))).toEqual([
      "title",
      "sku",
      "brand",
      "goal",
    ]);
  });

  it("exports the shown columns' fields once each, in the table's order", () => {
    expect(exportColumns(["title", "sku", "marketplace", "margin"])).toEqual([
      "title",
      "tags",
      "sku",
      "asin",
      "marketplace",
      "margin",
      "marginRate",
    ]);
    const every = exportColumns(PRODUCT_COLUMNS.map((c) => c.key));
    expect(new Set(every).size).toBe(every.length);
  });

  it("reads no data again when only the columns change", () => {
    const url = (query: string) => new URL(`http://x/product/list?${query}`);
    expect(onlyColumnsChanged(url("a=1&cols=sku"), url("cols=sku,brand&a=1"))).toBe(true);
    expect(onlyColumnsChanged(url("a=1"), url("a=2&cols=sku"))).toBe(false);
    expect(onlyColumnsChanged(url("a=1"), url("a=1"))).toBe(false);
  });
});
