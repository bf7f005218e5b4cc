/** The campaign creation wizard's server half: its data, and its writes (create, retry). */
import { data, type RouterContextProvider, redirect } from "react-router";
import type {
  CreationBatch,
  CreationChange,
} from "../../../../../components/campaigns/CreationProgress.tsx";
import type { WizardViolation } from "../../../../../components/campaigns/wizard/fields.tsx";
import type { WizardProduct } from "../../../../../components/campaigns/wizard-state.ts";
import {
  findMarketplace,
  hangarStart,
  loadAdvertisingProfiles,
  notFoundOn404,
  throwNotFound,
} from "../../../../../components/hangar/hangar.server.ts";
import { ApiError } from "../../../../../lib/api/client.ts";
import { buildUrl, violationsOfBody } from "../../../../../lib/api/hydra.ts";
import { serverApi } from "../../../../../session/server-session.ts";
import type { SellerProfile } from "../../../../../session/session.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /hangar/campaigns/{sellerProfileId}/{marketplace}/new: the campaign creation wizard, and with
 * `?batch=<id>` the creation's progress and result (polled while Amazon works on it).
 */
export async function loadCampaignCreation({
  request,
  context,
  params: route,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { sellerProfileId: string; marketplace: string };
}) {
  const start = hangarStart(context, request);
  const { hydra, url } = start;
  const sellerProfile =
    route.sellerProfileId === start.profile.id
      ? start.profile
      : await hydra
          .item<SellerProfile>(`/api/seller_profiles/${route.sellerProfileId}`)
          .catch(notFoundOn404(url));
  const profiles = await loadAdvertisingProfiles(hydra, sellerProfile).catch(notFoundOn404(url));
  const advertisingProfile = findMarketplace(profiles, route.marketplace) ?? throwNotFound(url);
  const batchId = url.searchParams.get("batch");
  if (batchId !== null && !UUID.test(batchId)) throwNotFound(url);
  const api = serverApi(context, request);
  const [today, products, creation] = await Promise.all([
    start.amazonToday,
    api
      .json<Record<string, unknown>>(
        buildUrl("/api/catalogue/products", {
          sellerProfile: sellerProfile.id,
          marketplace: advertisingProfile.countryCode,
          itemsPerPage: 200,
          sort: "title",
        }),
      )
      .then((body) => ({
        members: ((body["hydra:member"] ?? body.member ?? []) as WizardProduct[]).map((p) => ({
          id: p.id,
          sku: p.sku,
          asin: p.asin,
          title: p.title,
          imageUrl: p.imageUrl,
        })),
        total: Number(body["hydra:totalItems"] ?? body.totalItems ?? 0),
      })),
    batchId
      ? Promise.all([
          hydra.item<CreationBatch>(`/api/change_batches/${batchId}`),
          hydra.collection<CreationChange>(
            "/api/changes",
            { batch: batchId, itemsPerPage: 1000 },
            { fresh: true },
          ),
        ])
          .then(([batch, changes]) => ({ batch, changes: changes.members }))
          .catch(notFoundOn404(url))
      : Promise.resolve(null),
  ]);
  return {
    sellerProfileId: sellerProfile.id,
    advertisingProfile: {
      id: advertisingProfile.id,
      countryCode: advertisingProfile.countryCode,
      currency: advertisingProfile.currency,
    },
    today: today ?? new Date().toISOString().slice(0, 10),
    products: products.members,
    /** More listings than loaded: the picker searches the API. */
    productsTruncated: products.total > products.members.length,
    creation,
  };
}

export type ActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent: string; violations: WizardViolation[]; message: string | null };

/** Writes: `create` sends the wizard's payload (then shows the batch), `retry` re-pushes it. */
export async function createCampaignAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const api = serverApi(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "create") {
      const answer = await api.json<{ batch: string }>("/api/campaign_creations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: String(form.get("payload") ?? "{}"),
      });
      const id = answer.batch.split("/").pop() ?? "";
      // The page's own path (a fetcher posts to it as `….data`), now showing the batch.
      const path = new URL(request.url).pathname.replace(/\.data$/, "");
      return redirect(`${path}?batch=${id}`);
    }
    if (intent === "retry") {
      const id = String(form.get("batch") ?? "");
      if (!UUID.test(id))
        return data<ActionResult>({ ok: false, intent, violations: [], message: null }, 400);
      await api.json(`/api/change_batches/${id}/push`, { method: "POST" });
      return data<ActionResult>({ ok: true, intent });
    }
    return data<ActionResult>({ ok: false, intent, violations: [], message: null }, 400);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data<ActionResult>({
        ok: false,
        intent,
        violations: violationsOfBody(error.body),
        message: error.message,
      });
    throw error;
  }
}
