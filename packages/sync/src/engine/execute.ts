/** Sync engine: runs one step of a run by its key, and refreshes statistics of the tables runs fill. */

import { refreshProfileRollups, refreshStatistics } from "@starport/db";
import { syncCatalogAttributes, syncInventory, updateDaysOfCover } from "../catalogue.ts";
import { syncCompetitorSnapshots } from "../competitors.ts";
import { syncFeeEstimates, syncOrderMetrics } from "../economics.ts";
import {
  ENTITY_SPECS,
  PERFORMANCE_UPSERT,
  PLACEMENT_UPSERT,
  SEARCH_TERM_UPSERT,
} from "../specs.ts";
import type { AdvertisingSteps } from "./advertising-steps.ts";
import type { CatalogueSteps } from "./catalogue-steps.ts";
import type { EngineDeps, Step, StepContext, SyncRun } from "./deps.ts";
import type { Planner } from "./planning.ts";

/** The advertising tables a run fills (entities, then reports' facts). */
export const ADVERTISING_TABLES = [
  ...new Set([
    ...ENTITY_SPECS.map((s) => s.table),
    PERFORMANCE_UPSERT.table,
    SEARCH_TERM_UPSERT.table,
    PLACEMENT_UPSERT.table,
  ]),
];

export function createExecutor(
  deps: EngineDeps,
  planner: Planner,
  advertising: AdvertisingSteps,
  catalogue: CatalogueSteps,
) {
  const { db, log, today } = deps;
  const { expand } = planner;
  const { syncEntities, syncProfiles, syncReport } = advertising;
  const { eachMarketplace, syncListings, syncParticipations } = catalogue;

  /** Fresh planner statistics for tables a run filled (refreshStatistics: best effort). */
  async function analyse(tables: readonly string[], runId: string) {
    const result = await refreshStatistics(db, tables);
    if (!result.ok) log.warn({ syncRun: runId, err: result.error }, "statistics not refreshed");
  }

  async function execute(run: SyncRun, key: string, ctx: StepContext): Promise<Step[]> {
    const parts = key.split(":");
    switch (parts[0]) {
      case "plan":
        return expand(run, key);
      case "profiles":
        await syncProfiles(parts[1] as string, ctx);
        return [];
      case "participations":
        await syncParticipations(parts[1] as string, ctx);
        return [];
      case "listings":
        await syncListings(parts[1] as string, ctx);
        return [];
      case "catalog":
        await eachMarketplace(parts[1] as string, ctx, syncCatalogAttributes);
        return [];
      case "inventory": {
        const day = await today();
        await eachMarketplace(parts[1] as string, ctx, (s) => syncInventory(s, day));
        return [];
      }
      case "fees":
        await eachMarketplace(parts[1] as string, ctx, syncFeeEstimates);
        return [];
      case "sales": {
        const day = await today();
        await eachMarketplace(parts[1] as string, ctx, async (s) => {
          await syncOrderMetrics(s, day);
          // Days of cover from every unit ordered, not only the advertised ones.
          await s.wrote(await updateDaysOfCover(s.db, s.sellerAccountId, s.marketplaceId, day));
        });
        return [];
      }
      case "competitors":
        await eachMarketplace(parts[1] as string, ctx, (s) =>
          syncCompetitorSnapshots(s, run.createdAt),
        );
        return [];
      case "entities":
        await syncEntities(parts[1] as string, parts[2] as string, parts[3] as string, ctx);
        return [];
      case "rollups":
        // Readers of the new facts (Hangar, the catalogue) plan with fresh statistics from here
        // on, and so does the rebuild below.
        await analyse(ADVERTISING_TABLES, run.id);
        await refreshProfileRollups(db, parts[1] as string);
        return [];
      case "report":
        await syncReport(
          parts[1] as string,
          parts[2] as string,
          parts[3] as string,
          parts[4] as string,
          ctx,
        );
        return [];
      default:
        throw new Error(`unknown step ${key}`);
    }
  }

  return { analyse, execute };
}

export type Executor = ReturnType<typeof createExecutor>;
