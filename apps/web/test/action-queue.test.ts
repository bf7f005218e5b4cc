import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildQueue,
  decideInRounds,
  type QueueGroup,
  summariseQueue,
} from "../app/routes/action-center/queue.server.ts";
import { QUEUE_PAGE_SIZE } from "../app/routes/action-center/queue-model.ts";

/**
 * The action center's queue (issue 21 §1, §3): the page the API ranked and its summary's groups
 * (every match counted and summed per kind and marketplace) make the view; the header counts
 * per kind and the total per currency of what the filters show, per marketplace of them all.
 * The ranking and the snoozed ones' return are the API's (recommendation-summaries.test.ts).
 */
const MARKETPLACES = new Map([
  ["/api/advertising_profiles/de", { code: "DE", currency: "EUR" }],
  ["/api/advertising_profiles/uk", { code: "UK", currency: "GBP" }],
]);

const group = fc.record({
  kind: fc.constantFrom("bid", "keyword", "negative", "budget"),
  marketplace: fc.constantFrom("DE", "UK", "FR"),
  currency: fc.constantFrom("EUR", "GBP"),
  count: fc.integer({ min: 0, max: 5000 }),
  impact: fc.option(fc.integer({ min: -50_000, max: 50_000 }), { nil: null }),
});

const view = (members: Record<string, unknown>[], groups: QueueGroup[] = [], query = "") =>
  buildQueue(members, groups, MARKETPLACES, new URLSearchParams(query), "en");

describe("action center queue", () => {
  it("the header adds up the summary's groups: of the marketplace shown, per marketplace of all", () => {
    fc.assert(
      fc.property(
        fc.array(group, { maxLength: 40 }),
        fc.constantFrom(null, "DE", "UK"),
        (groups, marketplace) => {
          const shown = groups.filter((g) => !marketplace || g.marketplace === marketplace);
          const summary = summariseQueue(groups, marketplace);
          const sum = (list: QueueGroup[]) => list.reduce((n, g) => n + g.count, 0);
          expect(summary.total).toBe(sum(shown));
          expect(Object.values(summary.countsByKind).reduce((a, b) => a + b, 0)).toBe(sum(shown));
          for (const code of ["DE", "UK", "FR"])
            expect(summary.countsByMarketplace[code] ?? 0).toBe(
              sum(groups.filter((g) => g.marketplace === code)),
            );
          for (const currency of ["EUR", "GBP"]) {
            const projected = shown.filter((g) => g.currency === currency && g.impact !== null);
            expect(summary.impactByCurrency[currency]).toBe(
              projected.length ? projected.reduce((n, g) => n + (g.impact ?? 0), 0) : undefined,
            );
          }
        },
      ),
    );
  });

  it("counts per kind and marketplace, the total per currency, of what the filters show", () => {
    const groups: QueueGroup[] = [
      { kind: "bid", marketplace: "DE", currency: "EUR", count: 1200, impact: 40 },
      { kind: "bid", marketplace: "UK", currency: "GBP", count: 1, impact: 10 },
      { kind: "negative", marketplace: "DE", currency: "EUR", count: 1, impact: 2.5 },
      { kind: "keyword", marketplace: "DE", currency: "EUR", count: 1, impact: null },
    ];
    const members = [
      { id: "1", kind: "bid", profile: "/api/advertising_profiles/de", impact: 40, status: "open" },
      { id: "2", kind: "bid", profile: "/api/advertising_profiles/uk", impact: 10, status: "open" },
    ].map((m) => ({ ...m, createdAt: "2026-11-26T10:00:00.000Z", reasonCode: "bidOnTarget" }));
    const all = view(members, groups);
    // The page as the API ranked it; the counts of every match, past the page.
    expect(all.items.map((i) => [i.id, i.marketplace, i.currency])).toEqual([
      ["1", "DE", "EUR"],
      ["2", "UK", "GBP"],
    ]);
    expect(all.total).toBe(1203);
    expect(all.countsByKind).toEqual({ bid: 1201, negative: 1, keyword: 1 });
    expect(all.countsByMarketplace).toEqual({ DE: 1202, UK: 1 });
    expect(all.impactByCurrency).toEqual({ EUR: 42.5, GBP: 10 });
    const de = view([], groups, "marketplace=DE");
    expect(de.total).toBe(1202);
    expect(de.impactByCurrency).toEqual({ EUR: 42.5 });
    expect(de.countsByMarketplace).toEqual({ DE: 1202, UK: 1 });
  });

  it("the done tab carries an applied bid's measured effect, or the day it is measured on", () => {
    const base = {
      kind: "bid",
      profile: "/api/advertising_profiles/de",
      impact: 38,
      status: "applied",
      createdAt: "2026-11-01T10:00:00.000Z",
      reasonCode: "bidOnTarget",
    };
    const done = view(
      [
        {
          ...base,
          id: "m",
          measuredEffect: {
            appliedOn: "2026-11-02",
            measuredFrom: "2026-11-17",
            monthly: 12,
            before: 40,
            after: 52,
          },
        },
        {
          ...base,
          id: "p",
          measuredEffect: {
            appliedOn: "2026-11-20",
            measuredFrom: "2026-12-05",
            monthly: null,
            before: null,
            after: null,
          },
        },
        { ...base, id: "r", status: "rejected", measuredEffect: null },
      ],
      [],
      "tab=done",
    );
    expect(done.tab).toBe("done");
    const byId = new Map(done.items.map((i) => [i.id, i.measured]));
    const plain = { spendSaved: null, salesLost: null };
    expect(byId.get("m")).toEqual({ monthly: 12, measuredFrom: "2026-11-17", ...plain });
    expect(byId.get("p")).toEqual({ monthly: null, measuredFrom: "2026-12-05", ...plain });
    expect(byId.get("r")).toBeNull();
  });

  it("pages by perPage from the URL (10, 25, 50, 100), else 50", () => {
    expect(view([], [], "perPage=10&page=2")).toMatchObject({ page: 2, pageSize: 10 });
    expect(view([], [], "perPage=100").pageSize).toBe(100);
    for (const bad of ["perPage=7", "perPage=5000", "perPage=abc"])
      expect(view([], [], bad).pageSize, bad).toBe(QUEUE_PAGE_SIZE);
  });
});

/**
 * "All matching" past the bulk API's limit a call (issue 21 §1): the web action calls again while
 * more wait. A simulated API with the real one's rules: the highest impact first (the refused
 * ones stay open, so they come first again), at most `limit` a call, `remaining` > 0 when more.
 */
describe("deciding all matching in rounds", () => {
  function simulatedApi(total: number, refused: number, limit: number) {
    // ids 0…refused-1 are refused every time and rank highest
    let open = Array.from({ length: total }, (_, i) => i);
    let calls = 0;
    const round = async () => {
      calls += 1;
      const batch = open.slice(0, limit);
      const decided = batch.filter((i) => i >= refused);
      open = open.filter((i) => !decided.includes(i));
      return {
        decided: decided.map((i) => `/api/recommendations/${i}`),
        conflicts: batch
          .filter((i) => i < refused)
          .map((i) => ({ id: `/api/recommendations/${i}`, subject: "", message: `refused ${i}` })),
        remaining: total > 0 && open.length > batch.length - decided.length ? 1 : 0,
      };
    };
    return { round, calls: () => calls, open: () => open.length };
  }

  it("decides every one that is not refused, names each refused one once, and stops", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 15 }),
        async (total, refusedWanted, limit) => {
          const refused = Math.min(refusedWanted, total);
          const api = simulatedApi(total, refused, limit);
          const result = await decideInRounds(api.round);
          if (refused < limit) {
            expect(result.done).toBe(total - refused);
            expect(result.failed.map((f) => f.id).sort()).toEqual(
              Array.from({ length: refused }, (_, i) => String(i)).sort(),
            );
            expect(api.open()).toBe(refused);
          } else {
            // Every call's places go to refused ones: nothing can be decided, and it says so.
            expect(result.done).toBe(0);
            expect(api.calls()).toBe(1);
          }
          expect(result.more).toBe(false);
        },
      ),
    );
  });

  it("stops when its time is up and says that more wait", async () => {
    const api = simulatedApi(100, 0, 10);
    let clock = 0;
    const result = await decideInRounds(
      async () => {
        clock += 10_000;
        return api.round();
      },
      25_000,
      () => clock,
    );
    expect(api.calls()).toBe(3);
    expect(result).toEqual({ done: 30, failed: [], more: true });
  });
});
