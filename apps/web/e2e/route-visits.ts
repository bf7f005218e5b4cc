import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import type { ParamKind, RouteEntry } from "../app/route-table.ts";
import { VALID_ID } from "./helpers.ts";
import { STATE } from "./session.ts";

/**
 * Who visits each route: onboarding is only reachable while unfinished (the newcomer), admin
 * pages only as administrator, everything else as the onboarded demo seller with a profile.
 */
export function visitor(entry: RouteEntry): string {
  if (entry.key === "getting-started") return STATE.newcomer;
  if (entry.path.startsWith("/admin/")) return STATE.admin;
  return STATE.demo;
}

/**
 * Where a real value for a route's `:id` comes from: the API collection whose first member the
 * demo seller owns. A route missing here (or an empty collection) gets a well-formed id, which
 * the test reports as an annotation so the gap is visible.
 */
const ID_SOURCES: Readonly<Record<string, string>> = {
  "collection-detail": "/api/product_collections",
  "campaign-detail": "/api/campaigns",
  "ad-group-detail": "/api/ad_groups",
  // An administrator's page of a user: the demo seller's own account.
  "admin-user": "/api/users",
  // An ad group's keyword recommendations (its marketplace: see `fill`).
  "keyword-recommendations": "/api/ad_groups",
};

export interface RouteVisit {
  url: string;
  /** Params that could not be filled from real data (a well-formed id was used). */
  synthetic: string[];
}

function cookieOf(statePath: string, name: string): string {
  const state = JSON.parse(readFileSync(statePath, "utf8")) as {
    cookies: { name: string; value: string }[];
  };
  const value = state.cookies.find((cookie) => cookie.name === name)?.value;
  if (!value) throw new Error(`${statePath} holds no ${name} cookie`);
  return value;
}

/** Fills a route's dynamic segments with the demo seller's real ids, read through the API. */
export function routeParamFiller(request: APIRequestContext) {
  const token = cookieOf(STATE.demo, "token");
  const sellerProfileId = cookieOf(STATE.demo, "sellerProfile");
  const firstIds = new Map<string, Promise<string | undefined>>();
  const firstId = (collection: string) => {
    let found = firstIds.get(collection);
    if (!found) {
      found = request
        .get(collection, { headers: { authorization: `Bearer ${token}` } })
        .then(async (response) => {
          if (!response.ok()) return undefined;
          const body = (await response.json()) as { "hydra:member"?: { id?: string }[] };
          return body["hydra:member"]?.[0]?.id;
        });
      firstIds.set(collection, found);
    }
    return found;
  };

  const firstMember = async (collection: string) => {
    const response = await request.get(collection, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok()) return undefined;
    const body = (await response.json()) as {
      "hydra:member"?: { advertisingProfile?: string }[];
    };
    return body["hydra:member"]?.[0];
  };

  return async function fill(entry: RouteEntry, path: string): Promise<RouteVisit> {
    const synthetic: string[] = [];
    let url = path;
    for (const [, name] of path.matchAll(/:(\w+)/g)) {
      const kind: ParamKind = entry.params?.[name as string] ?? "id";
      let value: string | undefined;
      if (kind === "marketplace") value = "DE";
      else if (name === "sellerProfileId") value = sellerProfileId;
      else {
        const source = ID_SOURCES[entry.key];
        value = source ? await firstId(source) : undefined;
      }
      if (!value) {
        synthetic.push(name as string);
        value = VALID_ID;
      }
      url = url.replace(`:${name}`, value);
    }
    if (entry.key === "keyword-recommendations" && synthetic.length === 0) {
      // The ad group lives in one marketplace: the URL names that one.
      const group = await firstMember("/api/ad_groups");
      const profile = group?.advertisingProfile
        ? await request.get(group.advertisingProfile, {
            headers: { authorization: `Bearer ${token}` },
          })
        : null;
      if (profile?.ok()) {
        const { countryCode } = (await profile.json()) as { countryCode: string };
        url = url.replace("/DE/", `/${countryCode}/`);
      }
    }
    return { url, synthetic };
  };
}
