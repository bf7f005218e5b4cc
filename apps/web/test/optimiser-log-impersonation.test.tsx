/**
 * The bid optimisation log names an administrator who acted while viewing Starport as the seller
 * (issue 22), as the change history does: "Admin X for Y" under the status of a change their run
 * made and of a proposal they decided; nothing on the seller's own rows.
 */
import { describe, expect, it } from "vitest";
import { type LogEntry, loadOptimiserLog } from "../app/components/optimiser/log.server.ts";
import { StatusCell } from "../app/components/optimiser/OptimiserLog.tsx";
import type { Locale } from "../app/route-table.ts";
import { apiWith, PROFILE, rejectedBy, renderIn } from "./support/optimiser-api.tsx";

const change = (id: string, actorName: string | null) => ({
  "@id": `/api/changes/${id}`,
  id,
  profile: PROFILE,
  createdAt: "2026-11-20T10:00:00Z",
  entityType: "keywords",
  entityLabel: "kochmesser",
  operation: "update",
  field: "bid",
  oldValue: 0.5,
  newValue: 0.6,
  reasonCode: "bidOnTarget",
  reasonParams: {},
  status: "applied",
  authorKind: "optimiser",
  author: null,
  actorName,
});

/** The API as the log reads it: two changes and two proposals, one of each the administrator's. */
const api = apiWith({
  "/api/changes": [change("c1", "Ada Admin"), change("c2", null)],
  "/api/recommendations": [rejectedBy("x1", "Ada Admin"), rejectedBy("x2", null)],
});

const render = (locale: Locale, entry: LogEntry) => renderIn(locale, <StatusCell entry={entry} />);

describe("the optimisation log while an administrator viewed Starport as the seller", () => {
  it("names the administrator and for whom, in the page's language", async () => {
    for (const [locale, applied, decided] of [
      [
        "de",
        "Ada Admin (Administrator) für Gebotsoptimierung",
        "Ada Admin (Administrator) für Ines Imp",
      ],
      [
        "en",
        "Ada Admin (administrator) for Bid optimiser",
        "Ada Admin (administrator) for Ines Imp",
      ],
    ] as const) {
      const log = await loadOptimiserLog(api, new URLSearchParams(), "s1", locale);
      const byId = new Map(log.entries.map((entry) => [entry.id, entry]));
      expect(render(locale, byId.get("c1")!)).toContain(applied);
      expect(render(locale, byId.get("x1")!)).toContain(decided);
      // the seller's own: no administrator; a proposal names who decided it
      for (const own of ["c2", "x2"])
        expect(render(locale, byId.get(own)!)).not.toContain("log-impersonation");
      expect(render(locale, byId.get("x2")!)).toContain(
        locale === "de" ? "Entschieden von Ines Imp" : "Decided by Ines Imp",
      );
    }
  });
});
