/**
 * Edit then accept (issue 21 §1): a proposal accepted with another value than proposed says so,
 * in the action center's done tab and in the bid optimisation log alike: "Übernommen mit
 * Archiviert statt Pausiert" for a pause accepted as an archive, money for a bid; nothing when it
 * was accepted as proposed. The log's proposals carry what was accepted.
 */
import { describe, expect, it } from "vitest";
import { AcceptedInstead } from "../app/components/action-center/AcceptedInstead.tsx";
import { type LogEntry, loadOptimiserLog } from "../app/components/optimiser/log.server.ts";
import type { Locale } from "../app/route-table.ts";
import { apiWith, recommendation, renderIn } from "./support/optimiser-api.tsx";

const proposal = (id: string, kind: string, values: Record<string, unknown>) =>
  recommendation(id, {
    kind,
    entityType: kind === "state" ? "product_ads" : "keywords",
    reasonCode: kind === "state" ? "pauseOutOfStock" : "bidOnTarget",
    reasonParams: { entityLabel: "teekanne" },
    status: "applied",
    ...values,
  });

const api = apiWith({
  "/api/recommendations": [
    proposal("s", "state", {
      currentValue: "ENABLED",
      proposedValue: "PAUSED",
      acceptedValue: "ARCHIVED",
    }),
    proposal("b", "bid", { currentValue: 0.5, proposedValue: 0.62, acceptedValue: 0.55 }),
    proposal("same", "bid", { currentValue: 0.5, proposedValue: 0.62, acceptedValue: 0.62 }),
  ],
});

const render = (locale: Locale, entry: LogEntry) =>
  renderIn(locale, <AcceptedInstead entry={entry} />);

describe("a proposal accepted with another value", () => {
  it("the log's proposals say what was accepted instead, in the page's language", async () => {
    for (const [locale, state, bid] of [
      ["de", "Übernommen mit Archiviert statt Pausiert", "Übernommen mit 0,55 € statt 0,62 €"],
      ["en", "Accepted with Archived instead of Paused", "Accepted with €0.55 instead of €0.62"],
    ] as const) {
      const log = await loadOptimiserLog(api, new URLSearchParams("source=proposed"), "s1", locale);
      const byId = new Map(log.entries.map((entry) => [entry.id, entry]));
      expect(render(locale, byId.get("s")!)).toContain(state);
      expect(render(locale, byId.get("b")!)).toContain(bid);
      expect(render(locale, byId.get("same")!)).not.toContain("queue-accepted-instead");
    }
  });
});
