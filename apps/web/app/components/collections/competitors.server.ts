/**
 * The competitors panel's writes (ProductCompetitors), shared by the route actions of the screens
 * that show it: a collection's page and the product list's drawer. Watch a competitor, check the
 * prices now, stop watching one; the same requests the panel sent itself before.
 */
import type { HydraClient } from "../../lib/api/hydra.ts";
import { routeWrite, writeBody } from "../../lib/route-write.ts";
import { COMPETITOR_ADD, COMPETITOR_REFRESH, COMPETITOR_REMOVE } from "./ProductCompetitors.tsx";

const INTENTS: readonly string[] = [COMPETITOR_ADD, COMPETITOR_REFRESH, COMPETITOR_REMOVE];

/** Whether an action's intent is one of the panel's. */
export function isCompetitorWrite(intent: string): boolean {
  return INTENTS.includes(intent);
}

/** One id of a path segment from the form, or a 400 (an action is no proxy for other paths). */
function segment(form: FormData, name: string): string {
  const value = String(form.get(name) ?? "");
  if (!/^[\w-]+$/.test(value)) throw new Response(`The ${name} is missing`, { status: 400 });
  return value;
}

const JSON_POST = { method: "POST", headers: { "content-type": "application/json" } } as const;

export function competitorWrite(hydra: HydraClient, intent: string, form: FormData) {
  const base = `/api/catalogue/products/${segment(form, "product")}/competitors`;
  switch (intent) {
    case COMPETITOR_ADD:
      return routeWrite(intent, () =>
        hydra.json(base, { ...JSON_POST, body: JSON.stringify(writeBody(form)) }),
      );
    case COMPETITOR_REFRESH:
      return routeWrite(intent, () => hydra.json(`${base}/refresh`, { ...JSON_POST, body: "{}" }));
    case COMPETITOR_REMOVE:
      return routeWrite(intent, () =>
        hydra.request(`${base}/${segment(form, "competitor")}`, { method: "DELETE" }),
      );
    default:
      throw new Response(`Unknown intent ${intent}`, { status: 400 });
  }
}
