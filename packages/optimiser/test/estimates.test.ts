import { describe, expect, it } from "vitest";
import { optimise } from "../src/index.ts";
import { adGroup, campaign, input, sums, target } from "./fixtures.ts";

describe("the run's CVR estimates", () => {
  const out = optimise(
    input([
      campaign("c1", [
        adGroup("g1", [target("a", 0.5, sums(100, 10)), target("b", 0.5, sums(40, 1))]),
        adGroup("g2", [target("c", 0.5, sums(0, 0), { state: "PAUSED" })]),
      ]),
      campaign("c2", [adGroup("g3", [target("d", 0.5, sums(300, 12))])], { state: "PAUSED" }),
    ]),
  );

  it("hold every keyword/target of the tree, live or not, in tree order, as a map would", () => {
    expect(out.estimates.size).toBe(4);
    expect([...out.estimates.keys()]).toEqual(["a", "b", "c", "d"]);
    const entries = [...out.estimates];
    expect(entries.map(([id]) => id)).toEqual(["a", "b", "c", "d"]);
    for (const [id, estimate] of entries) expect(out.estimates.get(id)).toEqual(estimate);
    expect([...out.estimates.values()]).toEqual(entries.map(([, estimate]) => estimate));
    const seen: string[] = [];
    out.estimates.forEach((_, id) => {
      seen.push(id);
    });
    expect(seen).toEqual(["a", "b", "c", "d"]);
  });

  it("give each its own fitted CVR and clicks, and nothing for an id that is not in the tree", () => {
    expect(out.estimates.get("a")?.clicks).toBe(100);
    expect(out.estimates.get("d")?.clicks).toBe(300);
    // shrunk toward the ad group, but ordered as the observed rates are
    expect(out.estimates.get("a")?.cvr).toBeGreaterThan(out.estimates.get("b")?.cvr ?? 1);
    expect(out.estimates.has("a")).toBe(true);
    expect(out.estimates.has("zz")).toBe(false);
    expect(out.estimates.get("zz")).toBeUndefined();
  });
});
