/**
 * The product list's reads and writes: the page of products for the URL's filters with the
 * filter bar's options (facets, tags, collections), and the bulk actions, the drawer's editor, its
 * product goal and its competitors as the route action.
 */
import type { RouterContextProvider } from "react-router";
import { data, redirect } from "react-router";
import { loadSellerCentralAccess } from "../../../components/amazon/seller-central.server.ts";
import {
  competitorWrite,
  isCompetitorWrite,
} from "../../../components/collections/competitors.server.ts";
import { todayIn } from "../../../components/hangar/date-range.ts";
import {
  LEVEL_SAVE,
  saveLevel,
} from "../../../components/settings/advertising/level-write.server.ts";
import { amazonToday } from "../../../lib/amazon-today.server.ts";
import { ApiError } from "../../../lib/api/client.ts";
import { buildUrl } from "../../../lib/api/hydra.ts";
import { serverHydra } from "../../../lib/api/session-hydra.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { serverApi, sessionContext } from "../../../session/server-session.ts";
import { apiQuery, filterQuery, readState } from "./query.ts";
import type { Facets, Option, ProductRow } from "./types.ts";

type Context = Readonly<RouterContextProvider>;

function profileOf(context: Context, request: Request) {
  const profile = context.get(sessionContext).profile;
  if (!profile) {
    throw redirect(
      localizePath("/profile-selection", splitLocale(new URL(request.url).pathname).locale),
    );
  }
  return profile;
}

/** The page of products the URL asks for, with the filter bar's options. */
export async function loadProductList(context: Context, request: Request) {
  const profile = profileOf(context, request);
  const api = serverApi(context, request);
  const hydra = serverHydra(context, request);
  const today = (await amazonToday(context)) ?? todayIn("UTC");
  const state = readState(new URL(request.url).searchParams, today);
  const [list, facets, tags, collections, sellerCentral] = await Promise.all([
    api
      .json<Record<string, unknown>>(
        buildUrl("/api/catalogue/products", apiQuery(state, profile.id)),
      )
      .then(
        (body) => ({
          members: (body["hydra:member"] ?? body.member ?? []) as ProductRow[],
          total: Number(body["hydra:totalItems"] ?? body.totalItems ?? 0),
          invalid: false,
        }),
        (error: unknown) => {
          // A hand-edited URL with an impossible filter: say so rather than fail the page.
          if (error instanceof ApiError && error.status === 400)
            return { members: [] as ProductRow[], total: 0, invalid: true };
          throw error;
        },
      ),
    api.json<Facets>(buildUrl("/api/catalogue/facets", { sellerProfile: profile.id })),
    hydra.collection<Option>("/api/tags", {
      profile: profile.id,
      "order[text]": "ASC",
      pagination: false,
    }),
    hydra.collection<Option>("/api/product_collections", {
      profile: profile.id,
      membership: "manual",
    }),
    loadSellerCentralAccess(api, profile.id),
  ]);
  return {
    profileId: profile.id,
    sellerCentral,
    state,
    today,
    ...list,
    facets,
    tags: tags.members,
    collections: collections.members,
  };
}

/**
 * The bulk bar's tags by name: the ids of the seller's tags (any case), and for adding the names

/** Bulk actions on the selected products (POST /api/catalogue/products/bulk). */
export async function productListAction(context: Context, request: Request) {
  const form = await request.formData();
  if (form.get("intent") === LEVEL_SAVE) {
    profileOf(context, request);
    return saveLevel(serverHydra(context, request), form);
  }
  const intent = String(form.get("intent") ?? "");
  if (isCompetitorWrite(intent)) {
    profileOf(context, request);
    return competitorWrite(serverHydra(context, request), intent, form);
  }
  return listWrite(context, request, form);
}

/** The bulk bar's and the drawer editor's writes (their fetchers answer these outcomes). */
export async function listWrite(context: Context, request: Request, form: FormData) {
  const profile = profileOf(context, request);
  const kind = String(form.get("action") ?? "");
  if (kind === "editProduct") return editProduct(context, request, form);
  // The selected rows, or every product the list's filters match (all pages).
  const body: Record<string, unknown> = { action: kind, sellerProfile: profile.id };
  if (form.get("allMatching") === "true")
    body.filter = filterQuery(readState(new URL(request.url).searchParams));
  else body.products = JSON.parse(String(form.get("products") ?? "[]")) as string[];
  if (kind === "createCollection") body.name = String(form.get("name") ?? "");
  if (kind === "addTags" || kind === "removeTags")
    body.tags = JSON.parse(String(form.get("tags") ?? "[]"));
  if (kind === "setCost") {
    const raw = String(form.get("cost") ?? "");
    body.cost = { amount: raw === "" ? null : Number(raw) };
  }
  if (kind === "addToCollection" || kind === "removeFromCollection")
    body.collection = String(form.get("collection") ?? "");
  try {
    // Tags named in the bulk bar that do not exist yet are created first (POST /api/tags).
    if (kind === "addTags") {
      const fresh = JSON.parse(String(form.get("newTags") ?? "[]")) as unknown;
      for (const text of Array.isArray(fresh) ? fresh.map(String) : []) {
        const created = await serverApi(context, request).json<{ id: string }>("/api/tags", {
          method: "POST",
          headers: { "content-type": "application/ld+json" },
          body: JSON.stringify({ text, sellerProfile: `/api/seller_profiles/${profile.id}` }),
        });
        (body.tags as string[]).push(created.id);
      }
    }
    const result = await serverApi(context, request).json<{
      changed: number;
      products: number;
      collection?: string;
    }>("/api/catalogue/products/bulk", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      ok: true as const,
      action: kind,
      changed: result.changed,
      products: result.products,
      collection: result.collection ?? null,
      name: String(form.get("name") ?? ""),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data({ ok: false as const, action: kind, status: error.status }, 200);
    throw error;
  }
}

/** The drawer's editor: own fields by merge patch, then the tags that changed (bulk actions). */
async function editProduct(context: Context, request: Request, form: FormData) {
  const profile = profileOf(context, request);
  const api = serverApi(context, request);
  const product = String(form.get("product") ?? "");
  const details = String(form.get("details") ?? "");
  const money = (name: string) => {
    const raw = String(form.get(name) ?? "").trim();
    return raw === "" ? null : Number(raw);
  };
  const list = (name: string) => {
    try {
      const parsed = JSON.parse(String(form.get(name) ?? "[]")) as unknown;
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  };
  const cost = money("cost");
  try {
    if (!details.startsWith("/api/product_details/")) throw new ApiError(404, null);
    await api.json(details, {
      method: "PATCH",
      headers: { "content-type": "application/merge-patch+json" },
      body: JSON.stringify({
        cost,
        // A cost is in the listing's currency unless it already had its own.
        ...(cost === null ? { costCurrency: null, costValidFrom: null } : {}),
        shippingCost: money("shippingCost"),
        lifecycle: String(form.get("lifecycle") ?? "") || null,
        notes: String(form.get("notes") ?? ""),
      }),
    });
    const next = list("tags");
    const previous = list("previousTags");
    const added = next.filter((id) => !previous.includes(id));
    const removed = previous.filter((id) => !next.includes(id));
    for (const [action, tags] of [
      ["addTags", added],
      ["removeTags", removed],
    ] as const) {
      if (tags.length === 0) continue;
      await api.json("/api/catalogue/products/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action, sellerProfile: profile.id, products: [product], tags }),
      });
    }
    return {
      ok: true as const,
      action: "editProduct",
      changed: 1,
      products: 1,
      collection: null,
      name: "",
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data({ ok: false as const, action: "editProduct", status: error.status }, 200);
    throw error;
  }
}
