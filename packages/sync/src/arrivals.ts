import type { SyncedEntityName, schema } from "@starport/db";

/**
 * What a sync run brought from Amazon, added up from its steps: counts per kind of entity, the
 * listings, and the days of reports. The web names them in the user's language
 * (e.g. "48 campaigns, 612 ad groups, 3,600 keywords, 90 days of reports").
 */
export type SyncArrivals = Partial<Record<SyncedEntityName | "products", number>> & {
  /** Days with report rows, for the marketplace with the longest history. */
  reportDays?: number;
};

export function syncArrivals(steps: readonly schema.SyncStep[]): SyncArrivals {
  const out: SyncArrivals = {};
  const daysByMarketplace = new Map<string, number>();
  for (const step of steps) {
    if (!step.what || step.status !== "done") continue;
    if (step.what === "report_campaigns") {
      const key = step.marketplace ?? "";
      daysByMarketplace.set(key, (daysByMarketplace.get(key) ?? 0) + (step.days ?? 0));
      continue;
    }
    if (step.received === undefined || step.what.startsWith("report_")) continue;
    if (step.what === "profiles" || step.what === "participations") continue;
    const what = step.what as SyncedEntityName | "products";
    out[what] = (out[what] ?? 0) + step.received;
  }
  if (daysByMarketplace.size) out.reportDays = Math.max(...daysByMarketplace.values());
  return out;
}
