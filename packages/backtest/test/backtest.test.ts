import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  productKey,
  relevanceOf,
  simulateDay,
  trueCvr,
  type World,
} from "@starport/amazon-sandbox";
import { describe, expect, it } from "vitest";
import {
  applyChanges,
  buildWorld,
  DEFAULT_WORLD,
  Observer,
  oracleStrategy,
  runBacktest,
  starportStrategy,
  type View,
} from "../src/index.ts";

const tiny = { ...DEFAULT_WORLD, products: 6 };
const config = { targetAcos: 0.3, minBid: 0.02, maxBid: 5 };

const DEMO = "A3SANDBOXDEMO01";
const advertised = (world: World) =>
  world.profiles.filter(
    (p) =>
      p.sellerId === DEMO &&
      [...world.entities.campaigns.values()].some((c) => c.profileId === p.profileId),
  );

/** Every object reachable from the view (Maps and Sets included). */
function reachable(root: unknown): { objects: Set<object>; keys: Set<string> } {
  const objects = new Set<object>();
  const keys = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const x = stack.pop();
    if (x === null || typeof x !== "object" || objects.has(x)) continue;
    objects.add(x);
    if (x instanceof Map)
      for (const [k, v] of x) {
        stack.push(k, v);
      }
    else if (x instanceof Set) for (const v of x) stack.push(v);
    else
      for (const [k, v] of Object.entries(x)) {
        keys.add(k);
        stack.push(v);
      }
  }
  return { objects, keys };
}

function worldObjects(world: World): Set<object> {
  const out = new Set<object>([world, world.entities, world.facts, world.productDays]);
  for (const m of Object.values(world.entities)) for (const e of m.values()) out.add(e);
  for (const p of world.products.values()) out.add(p);
  for (const list of world.terms.values()) for (const t of list) out.add(t);
  for (const days of world.facts.values())
    for (const day of days) for (const f of day ?? []) out.add(f);
  return out;
}

const ordersOn = (view: View, day: number) =>
  view.profiles.reduce((s, p) => {
    let n = 0;
    for (const v of p.reports.targeting[day]?.values() ?? []) n += v.orders;
    return s + n;
  }, 0);

describe("backtest harness", () => {
  it("the oracle bids target ACoS × the true sales per click of each target's last 30 days of traffic", () => {
    const world = buildWorld(7, tiny, 20);
    const profile = advertised(world)[0];
    if (!profile) throw new Error("no profile");
    const view = new Observer(world, [profile]).view();
    const bids = (oracleStrategy(config, world).decide(view).get(profile.profileId) ?? []).filter(
      (c) => c.kind === "bid",
    );
    expect(bids.length).toBeGreaterThan(0);
    for (const change of bids.slice(0, 20)) {
      if (change.kind !== "bid") continue;
      let clicks = 0;
      let value = 0;
      for (const day of world.facts
        .get(profile.profileId)
        ?.slice(Math.max(0, world.day - 30), world.day) ?? [])
        for (const f of day ?? []) {
          if (f.targetId !== change.id || f.clicks === 0) continue;
          const ad = world.entities.productAds.get(f.adId);
          const p = ad && world.products.get(productKey(profile.marketplaceId, ad.asin));
          if (!p) continue;
          clicks += f.clicks;
          value +=
            f.clicks * trueCvr(p, relevanceOf(world, p, f.termIdx), f.placement) * p.price * 1.1;
        }
      expect(clicks, "bids only where the truth has clicks").toBeGreaterThan(0);
      const expected = Math.min(
        5,
        Math.max(0.02, Math.round(((0.3 * value) / clicks) * 100) / 100),
      );
      expect(change.bid).toBeCloseTo(expected, 2);
    }
  });

  it("runs the three strategies on two seeds in worker threads, in the issue's JSON shape", async () => {
    const report = await runBacktest({
      seeds: [1, 2],
      days: 3,
      warmupDays: 6,
      strategies: ["static", "peer", "starport"],
      world: tiny,
      config,
      workers: 2,
      cvrDay: 1,
    });
    expect(Object.keys(report.strategies)).toEqual(["static", "peer", "starport"]);
    for (const s of Object.values(report.strategies)) {
      expect(s.perSeed.map((m) => m.seed)).toEqual([1, 2]);
      expect(Number.isFinite(s.profit)).toBe(true);
      expect(s.spend).toBeGreaterThan(0);
      expect(s).toHaveProperty("acos");
      expect(s).toHaveProperty("tacos");
    }
    expect(report.strategies.static?.perSeed.every((m) => m.changes === 0)).toBe(true);
    expect(report.strategies.starport?.perSeed.some((m) => m.changes > 0)).toBe(true);
    expect(report.vsPeer.starport?.ci95).toHaveLength(2);
    expect(report.cvrError.median).toBeGreaterThanOrEqual(0);
    expect(report).toMatchObject({ targetAcos: 0.3, seeds: [1, 2], days: 3, world: tiny });
    // the same seed gives the same world: both strategies start from one history
    expect(report.strategies.static?.perSeed[0]?.profit).not.toBe(
      report.strategies.static?.perSeed[1]?.profit,
    );
  }, 300_000);

  it("a strategy sees reports, never the simulation's truth or its objects", () => {
    const world = buildWorld(3, { ...DEFAULT_WORLD, products: 20 }, 8);
    const observer = new Observer(world, advertised(world));
    observer.sync();
    const view = observer.view();
    const { objects, keys } = reachable(view);
    for (const hidden of [
      "baseCvr",
      "relevance",
      "refPrice",
      "rankFactor",
      "baseDemand",
      "lag",
      "sameSku",
    ])
      expect(keys.has(hidden), hidden).toBe(false);
    const truth = worldObjects(world);
    for (const o of objects) expect(truth.has(o)).toBe(false);
  });

  it("the newest day's orders arrive late, and are restated on the next fetch", () => {
    const world = buildWorld(4, { ...DEFAULT_WORLD, products: 30 }, 8);
    const profiles = advertised(world);
    const observer = new Observer(world, profiles);
    observer.sync();
    const yesterday = world.day - 1;
    const seen = ordersOn(observer.view(), yesterday);
    let truth = 0;
    for (const p of profiles)
      for (const f of world.facts.get(p.profileId)?.[yesterday] ?? []) truth += f.orders.length;
    expect(truth).toBeGreaterThan(0);
    expect(seen).toBeLessThan(truth);
    // the daily sync fetches the last 8 days again, as Starport's report sync does
    for (let i = 0; i < 8; i++) {
      simulateDay(world);
      observer.sync();
    }
    expect(ordersOn(observer.view(), yesterday)).toBe(truth);
  });

  it("writes only through the change validation: bids outside Amazon's limits or in fractions of a cent are rejected", () => {
    const world = buildWorld(5, tiny, 1);
    const profile = advertised(world)[0];
    if (!profile) throw new Error("no profile");
    const kw = [...world.entities.keywords.values()].find((k) => k.profileId === profile.profileId);
    if (!kw) throw new Error("no keyword");
    const before = kw.bid;
    const r = applyChanges(world, profile, [
      { kind: "bid", entity: "keyword", id: kw.keywordId, bid: 0.001 },
      { kind: "bid", entity: "keyword", id: kw.keywordId, bid: 0.333 },
    ]);
    expect(r.rejected.map((x) => x.reason)).toEqual(["bidOutOfRange", "tooManyDecimals"]);
    expect(kw.bid).toBe(before);
    const ok = applyChanges(world, profile, [
      { kind: "bid", entity: "keyword", id: kw.keywordId, bid: 0.77 },
    ]);
    expect(ok.applied).toBe(1);
    expect(kw.bid).toBe(0.77);
  });
  it("starport in automatic mode raises the budget of a campaign capped while under target, as production does; the nobudget variant only flags it", () => {
    const run = (budgets: boolean) => {
      const world = buildWorld(3, { ...DEFAULT_WORLD, products: 20 }, 14);
      const profiles = advertised(world);
      // the campaign with the lowest ACoS of the history, its budget cut to half its daily spend
      const totals = new Map<string, { cost: number; sales: number }>();
      for (const p of profiles)
        for (const day of world.facts.get(p.profileId) ?? [])
          for (const f of day ?? []) {
            const t = totals.get(f.campaignId) ?? { cost: 0, sales: 0 };
            t.cost += f.cost;
            for (const o of f.orders) t.sales += o.sales;
            totals.set(f.campaignId, t);
          }
      const [id, best] = [...totals]
        .filter(([, t]) => t.sales > 0 && t.cost > 14)
        .sort(([, a], [, b]) => a.cost / a.sales - b.cost / b.sales)[0] ?? ["", null];
      const c = world.entities.campaigns.get(id);
      if (!c || !best) throw new Error("no campaign");
      const cut = Math.round((best.cost / 14) * 50) / 100;
      c.budget.budget = cut;
      const observer = new Observer(world, profiles);
      const strategy = starportStrategy(config, { budgets });
      let proposed = 0;
      for (let d = 0; d < 10; d++) {
        observer.sync();
        const decided = strategy.decide(observer.view());
        for (const p of profiles) {
          const list = decided.get(p.profileId) ?? [];
          proposed += list.filter((x) => x.kind === "budget" && x.campaignId === id).length;
          applyChanges(world, p, list);
        }
        simulateDay(world);
      }
      return { cut, proposed, budget: c.budget.budget };
    };
    const on = run(true);
    expect(on.proposed).toBeGreaterThan(0);
    expect(on.budget).toBeGreaterThan(on.cut);
    const off = run(false);
    expect(off.proposed).toBe(0);
    expect(off.budget).toBe(off.cut);
  });
});

describe("backtest command", () => {
  const cli = (args: string[]) =>
    spawnSync(
      process.execPath,
      [fileURLToPath(new URL("../src/cli.ts", import.meta.url)), ...args],
      {
        encoding: "utf8",
        timeout: 30_000,
      },
    );
  it("--help prints the options and runs nothing", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("--seeds 1-20");
    expect(r.stderr).not.toContain("seed 1 done");
  });
  it("an unknown option is refused before anything runs (a typo must not start a long run)", () => {
    const r = cli(["--seed", "1"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("unknown option --seed");
  });
});
