import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applySettingsPatch,
  type CollectionSettingsLayer,
  inheritanceChain,
  parseStoredSettings,
  resolveSettings,
  SETTING_DEFAULTS,
  type SettingsContext,
  type SettingsLayer,
  settingsLayerSchema,
} from "../src/index.ts";

const global = (values: SettingsLayer["values"]): SettingsLayer => ({
  level: "global",
  id: "sp-1",
  name: "Acme GmbH",
  values,
});
const marketplace = (values: SettingsLayer["values"]): SettingsLayer => ({
  level: "marketplace",
  id: "DE",
  name: "DE",
  values,
});
const collection = (
  id: string,
  priority: number,
  values: SettingsLayer["values"],
  createdAt = "2026-01-01T00:00:00.000Z",
): CollectionSettingsLayer => ({
  level: "collection",
  id,
  name: `Collection ${id}`,
  priority,
  createdAt,
  values,
});
const product = (values: SettingsLayer["values"]): SettingsLayer => ({
  level: "product",
  id: "p-1",
  name: "SKU-1",
  values,
});
const empty: SettingsContext = { global: null, marketplace: null, collections: [], product: null };

describe("resolveSettings", () => {
  it("falls back to the catalogue defaults when no level sets a value", () => {
    const { values } = resolveSettings(empty);
    expect(values.targetAcos).toEqual({ value: SETTING_DEFAULTS.targetAcos, source: "default" });
    expect(values.attributionLagDays).toEqual({ value: 3, source: "default" });
    expect(values.dailyBudgetMicros).toEqual({ value: null, source: "default" });
  });

  it("takes each level in turn, most specific first, with its provenance", () => {
    const context: SettingsContext = {
      global: global({ targetAcos: 20, cooldownDays: 5, automationMode: "automatic" }),
      marketplace: marketplace({ targetAcos: 25, cooldownDays: 4 }),
      collections: [collection("c1", 1, { targetAcos: 30 })],
      product: null,
    };
    let { values } = resolveSettings(context);
    expect(values.targetAcos).toEqual({
      value: 30,
      source: { level: "collection", id: "c1", name: "Collection c1" },
    });
    expect(values.cooldownDays).toEqual({
      value: 4,
      source: { level: "marketplace", id: "DE", name: "DE" },
    });
    expect(values.automationMode.source).toEqual({
      level: "global",
      id: "sp-1",
      name: "Acme GmbH",
    });
    ({ values } = resolveSettings({ ...context, product: product({ targetAcos: 12.5 }) }));
    expect(values.targetAcos).toEqual({
      value: 12.5,
      source: { level: "product", id: "p-1", name: "SKU-1" },
    });
  });

  it("an unset value at a level inherits from the next broader one", () => {
    const { values } = resolveSettings({
      global: global({ targetAcos: 20 }),
      marketplace: marketplace({}),
      collections: [collection("c1", 1, { cooldownDays: 1 })],
      product: product({ minBidMicros: 100_000 }),
    });
    expect(values.targetAcos.value).toBe(20);
    expect(values.targetAcos.source).toMatchObject({ level: "global" });
  });

  it("among several collections the lowest priority number wins, per value", () => {
    const { values } = resolveSettings({
      ...empty,
      collections: [
        collection("late", 5, { targetAcos: 40, cooldownDays: 9 }),
        collection("first", 1, { targetAcos: 10 }),
      ],
    });
    expect(values.targetAcos).toMatchObject({ value: 10, source: { id: "first" } });
    // "first" does not set the cool-down, so it does not hide "late"'s.
    expect(values.cooldownDays).toMatchObject({ value: 9, source: { id: "late" } });
  });

  it("breaks a priority tie by the older collection, then by id, whatever the input order", () => {
    const older = collection("b", 3, { targetAcos: 11 }, "2025-01-01T00:00:00.000Z");
    const newer = collection("a", 3, { targetAcos: 22 }, "2026-01-01T00:00:00.000Z");
    expect(resolveSettings({ ...empty, collections: [newer, older] }).values.targetAcos.value).toBe(
      11,
    );
    expect(resolveSettings({ ...empty, collections: [older, newer] }).values.targetAcos.value).toBe(
      11,
    );
    const x = collection("x", 3, { targetAcos: 33 });
    const y = collection("y", 3, { targetAcos: 44 });
    expect(resolveSettings({ ...empty, collections: [y, x] }).values.targetAcos.value).toBe(33);
  });

  it("derives a target relative to break-even from the offset or the lifecycle default", () => {
    const base = { ...empty, breakEvenAcos: 0.25 };
    expect(
      resolveSettings({
        ...base,
        global: global({ targetMode: "breakEvenRelative", breakEvenOffsetPoints: -5 }),
      }).effectiveTargetAcos,
    ).toBe(20);
    expect(
      resolveSettings({
        ...base,
        global: global({ targetMode: "breakEvenRelative", lifecycleStage: "launch" }),
      }).effectiveTargetAcos,
    ).toBe(35);
    expect(
      resolveSettings({
        ...empty,
        breakEvenAcos: null,
        global: global({ targetMode: "breakEvenRelative" }),
      }).effectiveTargetAcos,
    ).toBeNull();
    expect(
      resolveSettings({ ...base, global: global({ targetAcos: 18 }) }).effectiveTargetAcos,
    ).toBe(18);
  });
});

describe("inheritanceChain", () => {
  it("lists every level broadest first and marks where each effective value comes from", () => {
    const chain = inheritanceChain({
      global: global({ targetAcos: 20 }),
      marketplace: marketplace({ targetAcos: 25 }),
      collections: [
        collection("c2", 2, { targetAcos: 35 }),
        collection("c1", 1, { targetAcos: 30 }),
      ],
      product: product({}),
    });
    expect(chain.map((step) => step.id ?? step.level)).toEqual([
      "default",
      "sp-1",
      "DE",
      "c2",
      "c1",
      "p-1",
    ]);
    const winner = chain.filter((step) => step.effectiveKeys.includes("targetAcos"));
    expect(winner.map((step) => step.id)).toEqual(["c1"]);
    expect(chain[0]?.effectiveKeys).toContain("attributionLagDays");
  });
});

describe("validation", () => {
  it("rejects a target ACoS of 0 or above 100 %, a min bid above the max bid, a cool-down of -1", () => {
    expect(settingsLayerSchema.safeParse({ targetAcos: 0 }).success).toBe(false);
    expect(settingsLayerSchema.safeParse({ targetAcos: 100.5 }).success).toBe(false);
    expect(settingsLayerSchema.safeParse({ targetAcos: 100 }).success).toBe(true);
    expect(settingsLayerSchema.safeParse({ cooldownDays: -1 }).success).toBe(false);
    expect(settingsLayerSchema.safeParse({ cooldownDays: 0 }).success).toBe(true);
    const bids = settingsLayerSchema.safeParse({
      minBidMicros: 2_000_000,
      maxBidMicros: 1_000_000,
    });
    expect(bids.success).toBe(false);
    expect(bids.error?.issues[0]?.path).toEqual(["minBidMicros"]);
    expect(bids.error?.issues[0]?.message).toBe("settings.errors.minBidAboveMaxBid");
    expect(settingsLayerSchema.safeParse({ unknownKey: 1 }).success).toBe(false);
  });

  it("a patch sets, resets (null) and leaves values, and is validated as a whole", () => {
    const result = applySettingsPatch(
      { targetAcos: 20, cooldownDays: 2, maxBidMicros: 1_000_000 },
      { targetAcos: null, cooldownDays: 4 },
    );
    expect(result.data).toEqual({ cooldownDays: 4, maxBidMicros: 1_000_000 });
    expect(
      applySettingsPatch({ maxBidMicros: 1_000_000 }, { minBidMicros: 2_000_000 }).success,
    ).toBe(false);
  });

  it("drops stored values that no longer parse instead of trusting them", () => {
    expect(parseStoredSettings({ targetAcos: 500, cooldownDays: 2, gone: true })).toEqual({
      cooldownDays: 2,
    });
    expect(parseStoredSettings(null)).toEqual({});
  });
});

describe("property: a level's value never changes products outside its scope", () => {
  const layerValues = fc.record(
    {
      targetAcos: fc.integer({ min: 1, max: 100 }),
      cooldownDays: fc.integer({ min: 0, max: 30 }),
      automationMode: fc.constantFrom("off" as const, "suggest" as const, "automatic" as const),
    },
    { requiredKeys: [] },
  );
  const collectionIds = ["c1", "c2", "c3", "c4"];
  const productArb = fc.record({
    marketplace: fc.constantFrom("DE", "FR"),
    collections: fc.subarray(collectionIds),
    values: layerValues,
  });
  const world = fc.record({
    global: layerValues,
    marketplaces: fc.record({ DE: layerValues, FR: layerValues }),
    collections: fc.tuple(
      ...collectionIds.map(() =>
        fc.record({ priority: fc.integer({ min: 1, max: 3 }), values: layerValues }),
      ),
    ),
    products: fc.array(productArb, { minLength: 1, maxLength: 8 }),
  });
  type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

  function contextOf(w: World, index: number): SettingsContext {
    const p = w.products[index];
    if (!p) throw new Error("no product");
    return {
      global: global(w.global),
      marketplace: {
        level: "marketplace",
        id: p.marketplace,
        name: p.marketplace,
        values: w.marketplaces[p.marketplace as "DE" | "FR"],
      },
      collections: p.collections.map((id) => {
        const c = w.collections[collectionIds.indexOf(id)];
        if (!c) throw new Error("no collection");
        return collection(id, c.priority, c.values);
      }),
      product: { level: "product", id: `p${index}`, name: `p${index}`, values: p.values },
    };
  }

  const change = fc.record({
    target: fc.oneof(
      fc.record({ level: fc.constant("marketplace" as const), id: fc.constantFrom("DE", "FR") }),
      fc.record({
        level: fc.constant("collection" as const),
        id: fc.constantFrom(...collectionIds),
      }),
      fc.record({
        level: fc.constant("product" as const),
        id: fc.integer({ min: 0, max: 7 }).map(String),
      }),
    ),
    values: layerValues,
  });

  it("holds for marketplace, collection and product levels", () => {
    fc.assert(
      fc.property(world, change, (w, { target, values }) => {
        const changed: World = structuredClone(w);
        if (target.level === "marketplace") {
          changed.marketplaces[target.id as "DE" | "FR"] = {
            ...changed.marketplaces[target.id as "DE" | "FR"],
            ...values,
          };
        } else if (target.level === "collection") {
          const c = changed.collections[collectionIds.indexOf(target.id)];
          if (c) c.values = { ...c.values, ...values };
        } else {
          const p = changed.products[Number(target.id)];
          if (p) p.values = { ...p.values, ...values };
        }
        w.products.forEach((p, index) => {
          const inScope =
            target.level === "marketplace"
              ? p.marketplace === target.id
              : target.level === "collection"
                ? p.collections.includes(target.id)
                : String(index) === target.id;
          if (inScope) return;
          expect(resolveSettings(contextOf(changed, index))).toEqual(
            resolveSettings(contextOf(w, index)),
          );
        });
      }),
      { numRuns: 300 },
    );
  });
});
