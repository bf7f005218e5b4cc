/** Control routes for the world: its state, a new world, the clock, demo data and businesses. */
import type { FastifyInstance } from "fastify";
import type { SandboxControl } from "../app.ts";
import type { DemoOptions } from "../demo.ts";
import { sendError, sendJson } from "../http.ts";
import { marketplaceById } from "../marketplaces.ts";
import type { SandboxState } from "../state.ts";
import { todayOf, type WorldOptions } from "../world.ts";
import { bodyOf as body, intIn, CONTROL_PREFIX as P } from "./shared.ts";

export function registerWorldRoutes(
  app: FastifyInstance,
  state: SandboxState,
  control: SandboxControl,
): void {
  // The simulated calendar alone: read on every page Starport renders (its report windows end
  // there), where the whole state grows with every seller the sandbox holds.
  app.get(`${P}/today`, async (_req, reply) =>
    sendJson(reply, 200, { today: todayOf(state.world) }),
  );
  app.get(`${P}/state`, async (_req, reply) => {
    const w = state.world;
    return sendJson(reply, 200, {
      seed: w.seed,
      startDate: w.startDate,
      today: todayOf(w),
      simulatedDays: w.day,
      faults: state.faults.config,
      sellers: w.sellers.map((s) => {
        const business = w.businesses.get(s.sellerId);
        return {
          ...s,
          business:
            business === undefined || business === "ready"
              ? "ready"
              : business === "pending"
                ? "pending"
                : "building",
        };
      }),
      profiles: w.profiles.map((p) => ({
        ...p,
        countryCode: marketplaceById(p.marketplaceId)?.countryCode,
      })),
      counts: Object.fromEntries(Object.entries(w.entities).map(([k, m]) => [k, m.size])),
      clients: [...state.auth.clients.values()].map((c) => ({
        clientId: c.clientId,
        applicationId: c.applicationId,
      })),
    });
  });
  app.post(`${P}/world`, async (req, reply) => {
    const b = body(req);
    const seed = b.seed === undefined ? undefined : intIn(b.seed, 0, 2 ** 32 - 1);
    if (b.seed !== undefined && seed === undefined)
      return sendError(reply, "control", 400, "seed must be a non-negative 32-bit integer");
    const per =
      b.productsPerMarketplace === undefined ? undefined : intIn(b.productsPerMarketplace, 1, 400);
    if (b.productsPerMarketplace !== undefined && per === undefined)
      return sendError(reply, "control", 400, "productsPerMarketplace must be 1..400");
    if (
      b.startDate !== undefined &&
      (typeof b.startDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(b.startDate))
    )
      return sendError(reply, "control", 400, "startDate must be YYYY-MM-DD");
    const opts: WorldOptions = {};
    if (seed !== undefined) opts.seed = seed;
    if (per !== undefined) opts.productsPerMarketplace = per;
    if (typeof b.startDate === "string") opts.startDate = b.startDate;
    const w = control.reset(opts);
    return sendJson(reply, 200, { seed: w.seed, today: todayOf(w) });
  });
  app.post(`${P}/clock/advance`, async (req, reply) => {
    const days = intIn(body(req).days, 0, 400);
    if (days === undefined)
      return sendError(reply, "control", 400, "days must be an integer 0..400");
    return sendJson(reply, 200, control.advance(days));
  });
  app.post(`${P}/demo`, async (req, reply) => {
    const b = body(req);
    const o: DemoOptions = {};
    if (b.days !== undefined) {
      const d = intIn(b.days, 0, 400);
      if (d === undefined) return sendError(reply, "control", 400, "days must be 0..400");
      o.days = d;
    }
    if (b.countries !== undefined) {
      if (!Array.isArray(b.countries) || b.countries.some((c) => typeof c !== "string"))
        return sendError(reply, "control", 400, "countries must be an array of country codes");
      o.countries = b.countries as string[];
    }
    if (b.maxProducts !== undefined) {
      const m = intIn(b.maxProducts, 1, 400);
      if (m === undefined) return sendError(reply, "control", 400, "maxProducts must be 1..400");
      o.maxProducts = m;
    }
    if (typeof b.sellerId === "string") o.sellerId = b.sellerId;
    return sendJson(reply, 200, control.seedDemoAccount(o));
  });
  app.post(`${P}/businesses`, async (_req, reply) => {
    await control.buildBusinesses();
    return sendJson(reply, 200, {
      sellers: state.world.sellers.map((s) => s.sellerId),
      counts: Object.fromEntries(Object.entries(state.world.entities).map(([k, m]) => [k, m.size])),
    });
  });
}
