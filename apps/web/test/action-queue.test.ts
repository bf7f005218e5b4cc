import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildQueue, decideInRounds } from "../app/routes/action-center/queue.server.ts";
import { QUEUE_PAGE_SIZE } from "../app/routes/action-center/queue-model.ts";

/**
 * The action center's queue (issue 21 §1, §3): ranked by the projected monthly profit (unknown
 * projections last), snoozed recommendations back in the open queue on their day, counts and the
 * total of what is shown.
 */
const MARKETPLACES = new Map([
  ["/api/advertising_profiles/de", { code: "DE", currency: "EUR" }],
  ["/api/advertising_profiles/uk", { code: "UK", currency: "GBP" }],
]);
const TODAY = "2026-11-27";

const recommendation = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom("bid", "keyword", "negative", "budget"),
  profile: fc.constantFrom(...MARKETPLACES.keys()),
  impact: fc.option(fc.double({ min: -500, max: 500, noNaN: true }), { nil: null }),
  status: fc.constantFrom("open", "snoozed"),
  snoozedUntil: fc.constantFrom(null, "2026-11-20", "2026-11-27", "2026-12-31"),
  createdAt: fc.constantFrom("2026-11-25T10:00:00.000Z", "2026-11-26T10:00:00.000Z"),
  reasonCode: fc.constant("bidOnTarget"),
});

const view = (members: Record<string, unknown>[], query = "") =>
  buildQueue(members, MARKETPLACES, new URLSearchParams(query), "en", TODAY);

describe("action center queue", () => {
  it("ranks by projected profit, unknown last; a snoozed one returns on its day", () => {
    fc.assert(
      fc.property(fc.array(recommendation, { maxLength: 120 }), (members) => {
        const open = view(members, "itemsPerPage=1000");
        const due = members.filter(
          (m) => m.status === "open" || m.snoozedUntil === null || m.snoozedUntil <= TODAY,
        );
        expect(open.total).toBe(due.length);
        const impacts = open.items.map((i) => i.impact);
        const known = impacts.filter((v): v is number => v !== null);
        expect(known).toEqual([...known].sort((a, b) => b - a));
        // Every unknown projection comes after every known one.
        const firstUnknown = impacts.indexOf(null);
        if (firstUnknown >= 0)
          expect(impacts.slice(firstUnknown).every((v) => v === null)).toBe(true);
        expect(open.items.length).toBe(Math.min(due.length, QUEUE_PAGE_SIZE));
        const snoozed = view(members, "tab=snoozed");
        expect(snoozed.total).toBe(members.length - due.length);
      }),
    );
  });

  it("counts per kind and marketplace, the total per currency, of what the filters show", () => {
    const members = [
      { id: "1", kind: "bid", profile: "/api/advertising_profiles/de", impact: 40, status: "open" },
      { id: "2", kind: "bid", profile: "/api/advertising_profiles/uk", impact: 10, status: "open" },
      {
        id: "3",
        kind: "negative",
        profile: "/api/advertising_profiles/de",
        impact: 2.5,
        status: "open",
      },
      {
        id: "4",
        kind: "keyword",
        profile: "/api/advertising_profiles/de",
        impact: null,
        status: "open",
      },
    ].map((m) => ({ ...m, createdAt: "2026-11-26T10:00:00.000Z", reasonCode: "bidOnTarget" }));
    const all = view(members);
    expect(all.items.map((i) => i.id)).toEqual(["1", "2", "3", "4"]);
    expect(all.countsByKind).toEqual({ bid: 2, negative: 1, keyword: 1 });
    expect(all.countsByMarketplace).toEqual({ DE: 3, UK: 1 });
    expect(all.impactByCurrency).toEqual({ EUR: 42.5, GBP: 10 });
    const de = view(members, "marketplace=DE");
    expect(de.items.map((i) => i.id)).toEqual(["1", "3", "4"]);
    expect(de.impactByCurrency).toEqual({ EUR: 42.5 });
    expect(de.countsByMarketplace).toEqual({ DE: 3, UK: 1 });
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
      "tab=done",
    );
    const byId = new Map(done.items.map((i) => [i.id, i.measured]));
    expect(byId.get("m")).toEqual({ monthly: 12, measuredFrom: "2026-11-17" });
    expect(byId.get("p")).toEqual({ monthly: null, measuredFrom: "2026-12-05" });
    expect(byId.get("r")).toBeNull();
  });

  it("pages by perPage from the URL (10, 25, 50, 100), else 50", () => {
    const members = Array.from({ length: 120 }, (_, i) => ({
      id: String(i),
      kind: "bid",
      profile: "/api/advertising_profiles/de",
      impact: 200 - i,
      status: "open",
      createdAt: "2026-11-26T10:00:00.000Z",
      reasonCode: "bidOnTarget",
    }));
    expect(view(members, "perPage=10&page=2").items.map((i) => i.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(10 + i)),
    );
    expect(view(members, "perPage=100").items.length).toBe(100);
    for (const bad of ["perPage=7", "perPage=5000", "perPage=abc"])
      expect(view(members, bad).pageSize, bad).toBe(QUEUE_PAGE_SIZE);
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
