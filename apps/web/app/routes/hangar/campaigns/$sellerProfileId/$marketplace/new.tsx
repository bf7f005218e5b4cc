import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import {
  CreationProgress,
  RUNNING,
} from "../../../../../components/campaigns/CreationProgress.tsx";
import { CampaignWizard } from "../../../../../components/campaigns/wizard/CampaignWizard.tsx";
import {
  creationPayload,
  initialState,
  type WizardState,
} from "../../../../../components/campaigns/wizard-state.ts";
import { useHangarLink } from "../../../../../components/hangar/links.ts";
import { getI18n } from "../../../../../i18n/i18n.ts";
import { splitLocale } from "../../../../../route-table.ts";
import type { Route } from "./+types/new";
import { type ActionResult, createCampaignAction, loadCampaignCreation } from "./new.server.ts";

/**
 * /hangar/campaigns/{sellerProfileId}/{marketplace}/new: the campaign creation wizard, and with
 * `?batch=<id>` the creation's progress and result (polled while Amazon works on it).
 */
export function loader(args: Route.LoaderArgs) {
  return loadCampaignCreation(args);
}

/** Writes: `create` sends the wizard's payload (then shows the batch), `retry` re-pushes it. */
export function action(args: Route.ActionArgs) {
  return createCampaignAction(args);
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
