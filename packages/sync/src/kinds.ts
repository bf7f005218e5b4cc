/**
 * The kinds of sync run, in one place (browser-safe: the web reads them to ask for runs).
 * Economics runs (fee estimates, total sales) follow a listings run on a queue of their own and
 * take minutes where Amazon rate-limits them; screens that say "your data is synced" look at the
 * data syncs, not at them.
 */
export const SYNC_KINDS = [
  "initial",
  "daily",
  "profiles",
  "entities",
  "entities_incremental",
  "reports",
  "participations",
  "listings",
  "economics",
] as const;

export type SyncKind = (typeof SYNC_KINDS)[number];

export const ECONOMICS_SYNC_KIND = "economics" satisfies SyncKind;

/** Every kind but economics: the runs that bring campaigns, reports and listings. */
export const DATA_SYNC_KINDS: readonly SyncKind[] = SYNC_KINDS.filter(
  (kind) => kind !== ECONOMICS_SYNC_KIND,
);
