import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher, useRevalidator } from "react-router";
import {
  type CreationBatch,
  type CreationChange,
  CreationProgress,
  RUNNING,
} from "../../../../../components/campaigns/CreationProgress.tsx";
import { CampaignWizard } from "../../../../../components/campaigns/wizard/CampaignWizard.tsx";
import type { WizardViolation } from "../../../../../components/campaigns/wizard/fields.tsx";
import {
  creationPayload,
  initialState,
  type WizardProduct,
  type WizardState,
} from "../../../../../components/campaigns/wizard-state.ts";
import {
  findMarketplace,
  hangarStart,
  loadAdvertisingProfiles,
  notFoundOn404,
  throwNotFound,
} from "../../../../../components/hangar/hangar.server.ts";
import { useHangarLink } from "../../../../../components/hangar/links.ts";
import { getI18n } from "../../../../../i18n/i18n.ts";
import { ApiError } from "../../../../../lib/api/client.ts";
import { buildUrl, violationsOfBody } from "../../../../../lib/api/hydra.ts";
import { splitLocale } from "../../../../../route-table.ts";
import { serverApi } from "../../../../../session/server-session.ts";
import type { SellerProfile } from "../../../../../session/session.ts";
import type { Route } from "./+types/new";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /hangar/campaigns/{sellerProfileId}/{marketplace}/new: the campaign creation wizard, and with
 * `?batch=<id>` the creation's progress and result (polled while Amazon works on it).
 */
export async function loader({ request, context, params: route }: Route.LoaderArgs) {
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

type ActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent: string; violations: WizardViolation[]; message: string | null };

/** Writes: `create` sends the wizard's payload (then shows the batch), `retry` re-pushes it. */
export async function action({ request, context }: Route.ActionArgs) {
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

export function meta({ location, params }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [
    {
      title: `${t("campaignCreate.title", { marketplace: params.marketplace?.toUpperCase() })} · Starport`,
    },
  ];
}

export default function CampaignCreatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const link = useHangarLink();
  const fetcher = useFetcher<ActionResult>();
  const revalidator = useRevalidator();
  const { sellerProfileId, advertisingProfile, today, products, productsTruncated, creation } =
    loaderData;
  const marketplace = advertisingProfile.countryCode;
  const [state, setStateRaw] = useState<WizardState>(() => initialState(today));
  const setState = (update: (s: WizardState) => WizardState) => setStateRaw(update);
  const result = fetcher.data;
  const violations = result && !result.ok && result.intent === "create" ? result.violations : [];
  const running = creation ? RUNNING.has(creation.batch.status) : false;

  // While Amazon works on the batch, read its progress again every second.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const listHref = link(`/hangar/campaigns/${sellerProfileId}/${marketplace}`);
  const campaign = creation?.changes.find((c) => c.entityType === "campaigns" && c.entity);
  return (
    <Stack gap="md" data-testid="page" data-page="campaign-new">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{t("campaignCreate.title", { marketplace })}</Title>
          <Group gap="xs">
            <Badge variant="light">{marketplace}</Badge>
            <Anchor component={Link} to={listHref} size="sm" data-testid="parent-link">
              {t("campaignCreate.backToList")}
            </Anchor>
          </Group>
        </Stack>
      </Group>
      {creation ? (
        <CreationProgress
          batch={creation.batch}
          changes={creation.changes}
          campaignHref={
            campaign?.entity ? link(`/hangar/campaigns/detail/${campaign.entity}`) : null
          }
          retrying={fetcher.state !== "idle"}
          onRetry={() =>
            fetcher.submit({ intent: "retry", batch: creation.batch.id }, { method: "post" })
          }
        />
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {t("campaignCreate.description")}
          </Text>
          {result && !result.ok && violations.length === 0 && result.message && (
            <Text c="red" size="sm" data-testid="create-error">
              {t("campaignCreate.failed")}
            </Text>
          )}
          <CampaignWizard
            state={state}
            setState={setState}
            marketplace={marketplace}
            currency={advertisingProfile.currency}
            profileId={advertisingProfile.id}
            products={products}
            productSearch={
              productsTruncated
                ? { sellerProfile: sellerProfileId, marketplace: advertisingProfile.countryCode }
                : null
            }
            violations={violations}
            creating={fetcher.state !== "idle"}
            onCreate={() =>
              fetcher.submit(
                {
                  intent: "create",
                  payload: JSON.stringify(
                    creationPayload(state, advertisingProfile.id, marketplace),
                  ),
                },
                { method: "post" },
              )
            }
          />
        </>
      )}
    </Stack>
  );
}
