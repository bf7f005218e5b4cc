import { describe, expect, it } from "vitest";
import { COMPARE_MAX, readCompare } from "../app/components/hangar/table-state.ts";

/** The comparison named in the URL: bad ids never reach the API, and 2–6 rows or none. */
const A = "0a000000-0000-4000-8000-00000000000a";
const B = "0b000000-0000-4000-8000-00000000000b";
const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("readCompare", () => {
  it("reads the ids of the table's own prefix, in their order", () => {
    expect(readCompare(new URLSearchParams(`compare=${B},${A}`))).toEqual([B, A]);
    const params = new URLSearchParams(`compare=${A},${B}&ag.compare=${B},${A}`);
    expect(readCompare(params, "ag.")).toEqual([B, A]);
  });

  it("leaves out malformed and repeated ids; fewer than two is no comparison", () => {
    const url = `compare=${A},../etc,${A},%27;drop,${B.toUpperCase()}`;
    expect(readCompare(new URLSearchParams(url))).toEqual([A, B]);
    expect(readCompare(new URLSearchParams(`compare=${A},nonsense`))).toEqual([]);
    expect(readCompare(new URLSearchParams(""))).toEqual([]);
  });

  it("keeps at most six", () => {
    const many = ids(9);
    expect(readCompare(new URLSearchParams(`compare=${many.join(",")}`))).toEqual(
      many.slice(0, COMPARE_MAX),
    );
  });
});
