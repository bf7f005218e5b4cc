/** Sync engine planning: a run's first steps by kind, and a plan step expanded into its report windows. */

import type { SyncKind } from "../kinds.ts";
import { ENTITY_SPECS, REPORT_SPECS } from "../specs.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, Step, SyncRun } from "./deps.ts";

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Report windows of at most 31 days (Amazon's limit) covering the `days` days before today. */
export function reportWindows(today: string, days: number, size = 30): [string, string][] {
  const end = addDays(today, -1);
  const start = addDays(today, -days);
  const windows: [string, string][] = [];
  for (let from = start; from <= end; from = addDays(from, size)) {
    const to = addDays(from, size - 1);
    windows.push([from, to < end ? to : end]);
  }
  return windows;
}

export function createPlanner(deps: EngineDeps, connections: Connections) {
  const { today, options } = deps;
  const { activeProfiles, connectionsOf } = connections;

  const step = (key: string, label: string, about: Partial<Step> = {}): Step => ({
    key,
    label,
    status: "pending",
    rows: 0,
    ...about,
  });

  async function initialSteps(sellerProfileId: string, kind: SyncKind): Promise<Step[]> {
    const ads = await connectionsOf(sellerProfileId, "ads");
    const sp = await connectionsOf(sellerProfileId, "sp");
    const profiles = ads.map((c) =>
      step(`profiles:${c.id}`, `profiles ${c.region}`, { what: "profiles" }),
    );
    const participations = sp.map((c) =>
      step(`participations:${c.id}`, "participations", { what: "participations" }),
    );
    const listings = sp.length ? [step("plan:listings", "plan listings")] : [];
    switch (kind) {
      case "initial":
        return [
          ...profiles,
          ...participations,
          ...(ads.length ? [step("plan:entities:full", "plan entities")] : []),
          ...(ads.length
            ? [step(`plan:reports:${options.initialReportDays ?? 90}`, "plan reports")]
            : []),
          ...listings,
        ];
      case "daily":
        return [
          ...participations,
          ...(ads.length ? [step("plan:entities:incremental", "plan entities")] : []),
          ...(ads.length
            ? [step(`plan:reports:${options.dailyReportDays ?? 14}`, "plan reports")]
            : []),
          ...listings,
        ];
      case "profiles":
        return profiles;
      case "entities":
        return [step("plan:entities:full", "plan entities")];
      case "entities_incremental":
        return [step("plan:entities:incremental", "plan entities")];
      case "reports":
        return [step(`plan:reports:${options.dailyReportDays ?? 14}`, "plan reports")];
      case "participations":
        return participations;
      case "listings":
        return [...participations, ...listings];
      case "economics":
        return sp.flatMap((c) => [
          step(`fees:${c.id}`, "fee estimates"),
          step(`sales:${c.id}`, "total sales"),
        ]);
    }
  }

  async function expand(run: SyncRun, key: string): Promise<Step[]> {
    const [, what, arg] = key.split(":");
    if (what === "entities") {
      const profiles = await activeProfiles(run.sellerProfileId);
      return profiles.flatMap((p) =>
        ENTITY_SPECS.map((s) =>
          step(`entities:${arg}:${p.id}:${s.name}`, `${s.name} ${p.countryCode}`, {
            what: s.entity.name,
            marketplace: p.countryCode,
          }),
        ),
      );
    }
    if (what === "reports") {
      const days = Number(arg);
      const windows = reportWindows(await today(), days);
      const profiles = await activeProfiles(run.sellerProfileId);
      const reports = profiles.flatMap((p) =>
        windows.flatMap(([from, to]) =>
          REPORT_SPECS.map((r) =>
            step(
              `report:${p.id}:${r.name}:${from}:${to}`,
              `${r.name} ${p.countryCode} ${from}–${to}`,
              { what: `report_${r.name}`, marketplace: p.countryCode, from, to },
            ),
          ),
        ),
      );
      // The running totals follow the facts here, so no reader waits for their rebuild.
      const rollups = profiles.map((p) =>
        step(`rollups:${p.id}`, `running totals ${p.countryCode}`, { marketplace: p.countryCode }),
      );
      return [...reports, ...rollups];
    }
    if (what === "listings") {
      const sp = await connectionsOf(run.sellerProfileId, "sp");
      return sp.flatMap((c) => [
        step(`listings:${c.id}`, "listings", { what: "products" }),
        step(`catalog:${c.id}`, "catalog attributes"),
        step(`inventory:${c.id}`, "FBA inventory"),
        step(`competitors:${c.id}`, "competitor prices"),
      ]);
    }
    throw new Error(`unknown plan step ${key}`);
  }

  return { initialSteps, expand };
}

export type Planner = ReturnType<typeof createPlanner>;
