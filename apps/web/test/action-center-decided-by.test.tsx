/**
 * The action center's done tab names who decided each recommendation (issue 21 §1, issue 22), in
 * the bid optimisation log's words: "Entschieden von Ines Imp", or "Ada Admin (Administrator)
 * für Ines Imp" when an administrator decided while viewing Starport as her. The queue's loader
 * reads the deciders' names; the sentence is the log's DecidedBy.
 */
import { describe, expect, it } from "vitest";
import { DecidedBy } from "../app/components/optimiser/log-words.tsx";
import type { Locale } from "../app/route-table.ts";
import { loadQueue } from "../app/routes/action-center/queue.server.ts";
import { apiWith, rejectedBy, renderIn } from "./support/optimiser-api.tsx";

const api = apiWith({
  "/api/recommendations?": [rejectedBy("x1", "Ada Admin"), rejectedBy("x2", null)],
});

const render = (locale: Locale, decider: Parameters<typeof DecidedBy>[0]["decider"]) =>
  renderIn(locale, <DecidedBy decider={decider} testId="queue-decided-by" />);

describe("the action center's done tab", () => {
  it("names who decided, and the administrator who did for them, in the page's language", async () => {
    for (const [locale, own, admin] of [
      ["de", "Entschieden von Ines Imp", "Ada Admin (Administrator) für Ines Imp"],
      ["en", "Decided by Ines Imp", "Ada Admin (administrator) for Ines Imp"],
    ] as const) {
      const queue = await loadQueue(api, new URLSearchParams("tab=done"), "s1", locale);
      const byId = new Map(queue.items.map((item) => [item.id, item]));
      expect(byId.get("x1")?.decidedBy).toEqual({
        userId: "u1",
        userName: "Ines Imp",
        actorName: "Ada Admin",
      });
      expect(render(locale, byId.get("x1")!.decidedBy!)).toContain(admin);
      expect(render(locale, byId.get("x2")!.decidedBy!)).toContain(own);
    }
  });

  it("a decider whose name the caller may not read is a user", () => {
    const decider = { userId: "u9", userName: null, actorName: null };
    expect(render("de", decider)).toContain("Entschieden von Ein Benutzer");
    expect(render("en", decider)).toContain("Decided by A user");
  });
});
