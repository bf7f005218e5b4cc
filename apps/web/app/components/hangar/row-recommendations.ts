/**
 * Hangar's markers of open recommendations (issue 21 §4): what a row's marker shows of the
 * optimiser's proposals for its entity. Pure: the loader groups what the API answered, the
 * marker reads it.
 */

/** One open proposal for a row's entity, as the marker and its popover show it. */
export interface RowRecommendation {
  id: string;
  kind: string;
  /** A new keyword's or negative's text (empty for bid, budget, state). */
  subject: string;
  currentValue: unknown;
  proposedValue: unknown;
  reasonCode: string;
  reasonParams: Record<string, unknown> | null;
  impact: number | null;
  impactLow: number | null;
  impactHigh: number | null;
  /** The marketplace's currency, in which the impact and the values are. */
  currency: string;
}

/** A row's entity id → its open recommendations, highest projected profit first. */
export type RowRecommendations = Record<string, RowRecommendation[]>;

const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/**
 * Groups the API's recommendations by entity: the open ones and the snoozed ones whose day has
 * come (the action center's open tab counts the same), highest projected profit first, unknown
 * impact last.
 */
export function groupByEntity(
  members: readonly Record<string, unknown>[],
  currency: string,
  today: string,
): RowRecommendations {
  const grouped: RowRecommendations = {};
  for (const raw of members) {
    if (raw.status === "snoozed") {
      const until = typeof raw.snoozedUntil === "string" ? raw.snoozedUntil : null;
      if (until && until > today) continue;
    } else if (raw.status !== "open") continue;
    const entity = String(raw.entity);
    grouped[entity] ??= [];
    grouped[entity].push({
      id: String(raw.id),
      kind: String(raw.kind),
      subject: typeof raw.subject === "string" ? raw.subject : "",
      currentValue: raw.currentValue ?? null,
      proposedValue: raw.proposedValue ?? null,
      reasonCode: String(raw.reasonCode),
      reasonParams: (raw.reasonParams as Record<string, unknown> | null) ?? null,
      impact: num(raw.impact),
      impactLow: num(raw.impactLow),
      impactHigh: num(raw.impactHigh),
      currency,
    });
  }
  for (const list of Object.values(grouped))
    list.sort((a, b) => {
      if (a.impact === b.impact) return 0;
      if (a.impact === null) return 1;
      if (b.impact === null) return -1;
      return b.impact - a.impact;
    });
  return grouped;
}
