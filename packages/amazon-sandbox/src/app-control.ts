/** The sandbox's control object (tests, demo scripts, the `/__sandbox` routes): world, clock, tokens. */
import type { SandboxControl, SandboxOptions } from "./app.ts";
import { DEMO_CLIENT } from "./auth.ts";
import { buildAllBusinesses, ensureBusiness, seedDemoAccount } from "./demo.ts";
import { normalizeFaults } from "./http.ts";
import { advance } from "./simulation.ts";
import type { SandboxState } from "./state.ts";
import { createWorld, productKey, todayOf } from "./world.ts";

export function normalizeBaseUrl(url: string | undefined): string | undefined {
  if (url === undefined || url === "") return undefined;
  const parsed = new URL(url); // throws on a malformed URL
  return `${parsed.origin}${parsed.pathname}`.replace(/\/$/, "");
}

export function createControl(state: SandboxState, options: SandboxOptions): SandboxControl {
  return {
    reset(worldOptions = {}) {
      state.world = createWorld({ ...options, ...worldOptions });
      state.files.clear();
      for (const h of state.resetHooks) h();
      return state.world;
    },
    advance(days) {
      advance(state.world, days);
      return { today: todayOf(state.world), day: state.world.day };
    },
    setFaults(f) {
      const next = normalizeFaults(f, state.faults.config);
      if (typeof next === "string") throw new Error(next);
      state.faults.set(next);
      return next;
    },
    seedDemoAccount: (o) => seedDemoAccount(state.world, o),
    buildBusinesses: () => buildAllBusinesses(state.world),
    issueRefreshToken({ sellerId, api, clientId }) {
      // Start building the seller's business now; its first API call waits for the rest.
      void ensureBusiness(state.world, sellerId);
      return state.auth.issueRefreshToken({
        clientId: clientId ?? DEMO_CLIENT.clientId,
        sellerId,
        api,
        scope: api === "ads" ? "advertising::campaign_management" : "sellingpartnerapi",
      });
    },
    expireAccessTokens: () => state.auth.expireAllAccessTokens(),
    setProduct(marketplaceId, asin, patch) {
      const p = state.world.products.get(productKey(marketplaceId, asin));
      if (!p) return false;
      if (patch.stock !== undefined) p.stock = Math.max(0, Math.floor(patch.stock));
      if (patch.autoRestock !== undefined) {
        p.autoRestock = patch.autoRestock;
        if (!patch.autoRestock) p.restockDay = undefined;
      }
      if (patch.price !== undefined && patch.price > 0)
        p.price = Math.round(patch.price * 100) / 100;
      return true;
    },
    today: () => todayOf(state.world),
    setBaseUrl(url) {
      state.baseUrl = normalizeBaseUrl(url);
    },
    reject(entityIds, code = "ENTITY_UPDATE_REJECTED", message = "The update was rejected.") {
      for (const id of entityIds) state.rejections.set(String(id), { code, message });
    },
    clearRejections(entityIds) {
      if (entityIds === undefined) state.rejections.clear();
      else for (const id of entityIds) state.rejections.delete(String(id));
    },
  };
}
