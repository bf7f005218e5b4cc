/**
 * Sync engine steps for Seller Central (SP-API): participations (participations-step.ts), then per
 * marketplace listings (listings-step.ts) and the catalogue.
 */

import type { CatalogueStep } from "../catalogue.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, StepContext } from "./deps.ts";
import { syncListings } from "./listings-step.ts";
import { syncParticipations } from "./participations-step.ts";
import { sellerAccountOf } from "./seller-account.ts";

/** Runs a catalogue step for every participating marketplace of the connection's account. */
export async function eachMarketplace(
  deps: EngineDeps,
  connections: Connections,
  connectionId: string,
  ctx: StepContext,
  run: (step: CatalogueStep) => Promise<void>,
): Promise<void> {
  const access = await sellerAccountOf(deps, connections, connectionId);
  if (!access) return;
  for (const marketplace of access.marketplaces) {
    await run({
      db: deps.db,
      sp: access.sp,
      sellerAccountId: access.account.id,
      marketplaceId: marketplace.marketplaceId,
      signal: ctx.signal,
      wrote: (rows) => ctx.wrote(rows),
    });
  }
}

/** The Seller Central steps bound to the engine's deps and connections. */
export function createCatalogueSteps(deps: EngineDeps, connections: Connections) {
  return {
    syncParticipations: (connectionId: string, ctx: StepContext) =>
      syncParticipations(deps, connections, connectionId, ctx),
    eachMarketplace: (
      connectionId: string,
      ctx: StepContext,
      run: (step: CatalogueStep) => Promise<void>,
    ) => eachMarketplace(deps, connections, connectionId, ctx, run),
    syncListings: (connectionId: string, ctx: StepContext) =>
      syncListings(deps, connections, connectionId, ctx),
  };
}

export type CatalogueSteps = ReturnType<typeof createCatalogueSteps>;
