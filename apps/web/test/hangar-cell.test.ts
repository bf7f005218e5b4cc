import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { type HangarCellProps, sameCell } from "../app/components/hangar/cells.tsx";
import type { RowRecommendation } from "../app/components/hangar/row-recommendations.ts";
import { TABLES } from "../app/components/hangar/tables.ts";
import { sameData } from "../app/lib/same-data.ts";

// A reload hands the table new row objects; a cell is drawn again only when what it shows
// changed. These cases guard the other side: nothing that changes a cell is ever skipped.
const t = ((key: string) => key) as unknown as TFunction;
const format = { locale: "de" } as unknown as HangarCellProps["context"]["format"];
const name = TABLES.campaigns.columns.find((c) => c.key === "name")!;
const spend = TABLES.campaigns.columns.find((c) => c.metric === "cost")!;

function row(overrides: Record<string, unknown> = {}) {
  return {
    "@id": "/api/campaigns/c1",
    id: "c1",
    name: "Yogamatten",
    state: "ENABLED",
    metrics: { currency: "EUR", cost: 12.5, sales: 80, acos: 0.156 },
    previousMetrics: { currency: "EUR", cost: 10, sales: 70, acos: 0.143 },
    ...overrides,
  };
}

const recommendation: RowRecommendation = {
  id: "r1",
  kind: "budget",
  subject: "",
  currentValue: 20,
  proposedValue: 30,
  reasonCode: "budgetCapped",
  reasonParams: { days: 5 },
  impact: 12,
  impactLow: 4,
  impactHigh: 20,
  currency: "EUR",
};

function props(overrides: Partial<HangarCellProps> = {}): HangarCellProps {
  return {
    column: spend,
    row: row(),
    context: {
      t,
      format,
      currency: "EUR",
      converted: false,
      withDelta: false,
      editing: undefined,
      rowHref: (r) => `/hangar/campaigns/detail/${r.id}`,
    },
    marked: false,
    recommendations: undefined,
    ...overrides,
  };
}

describe("a Hangar cell after a reload", () => {
  it("is skipped when the new row holds the same data", () => {
    expect(sameCell(props(), props())).toBe(true);
    const marked = { column: name, marked: true, recommendations: [recommendation] };
    expect(
      sameCell(props(marked), props({ ...marked, recommendations: [{ ...recommendation }] })),
    ).toBe(true);
  });

  it("is drawn again when its figures, the row or the comparison changed", () => {
    const changed = row({ metrics: { ...row().metrics, cost: 12.51 } });
    expect(sameCell(props(), props({ row: changed }))).toBe(false);
    const previous = row({ previousMetrics: { ...row().previousMetrics, cost: 9 } });
    expect(sameCell(props(), props({ row: previous }))).toBe(false);
    expect(sameCell(props(), props({ row: row({ state: "PAUSED" }) }))).toBe(false);
  });

  it("is drawn again when the table around it shows otherwise", () => {
    const base = props();
    for (const context of [
      { withDelta: true },
      { currency: "USD" },
      { converted: true },
      { t: ((key: string) => `${key}!`) as unknown as TFunction },
      { format: { locale: "en" } as unknown as HangarCellProps["context"]["format"] },
    ])
      expect(sameCell(base, props({ context: { ...base.context, ...context } }))).toBe(false);
    expect(sameCell(base, props({ column: name }))).toBe(false);
  });

  it("the identifying cell: drawn again for another link or other recommendations", () => {
    const base = props({ column: name, marked: true, recommendations: [recommendation] });
    const otherLink = { ...base.context, rowHref: () => "/elsewhere" };
    expect(sameCell(base, { ...base, context: otherLink })).toBe(false);
    expect(sameCell(base, { ...base, recommendations: undefined })).toBe(false);
    expect(
      sameCell(base, { ...base, recommendations: [{ ...recommendation, proposedValue: 31 }] }),
    ).toBe(false);
    expect(sameCell(base, { ...base, marked: false })).toBe(false);
  });
});

describe("sameData", () => {
  it("compares what the API returns by value", () => {
    expect(sameData({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] })).toBe(true);
    expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: { b: 1 } }, { a: { b: "1" } })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });
});
