import { Badge, Button, Group, Stack } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Await, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  MarketplaceSales,
  type MarketplaceSalesView,
} from "../../../../components/economics/MarketplaceSales.tsx";
import { HydrationMark } from "../../../../components/HydrationMark.tsx";
import { HangarEditing } from "../../../../components/hangar/changes/HangarEditing.tsx";
import { DailyChart } from "../../../../components/hangar/DailyChart.tsx";
import { FiguresFailed, FiguresPending } from "../../../../components/hangar/FiguresPending.tsx";
import { HangarHeader, HangarRates } from "../../../../components/hangar/HangarHeader.tsx";
import { HangarTable } from "../../../../components/hangar/HangarTable.tsx";
import {
  afterShell,
  currencyChoice,
  findMarketplace,
  hangarStart,
  loadAdvertisingProfiles,
  loadDaily,
  loadRates,
  loadTable,
  notFoundOn404,
  rangeInfo,
  throwNotFound,
} from "../../../../components/hangar/hangar.server.ts";
import { hangarShouldRevalidate, useHangarLink } from "../../../../components/hangar/links.ts";
import { TABLES } from "../../../../components/hangar/tables.ts";
import { GoalVsActual } from "../../../../components/settings/advertising/GoalVsActual.tsx";
import { getI18n } from "../../../../i18n/i18n.ts";
import { splitLocale } from "../../../../route-table.ts";
import type { SellerProfile } from "../../../../session/session.ts";
import type { Route } from "./+types/$marketplace";

/** /hangar/campaigns/{sellerProfileId}/{marketplace}: the marketplace's campaign table. */
export async function loader({ request, context, params: route }: Route.LoaderArgs) {
  // Independent reads start together: Amazon's day, the seller profile with its marketplaces
  // and the rates; only the table and the chart wait for the marketplace and the range.
  const start = hangarStart(context, request);
  const { hydra, params, url } = start;
  const rates = loadRates(hydra);
  const sellerProfilePromise =
    route.sellerProfileId === start.profile.id
      ? Promise.resolve(start.profile)
      : hydra
          .item<SellerProfile>(`/api/seller_profiles/${route.sellerProfileId}`)
          .catch(notFoundOn404(url));
  const profilesPromise = sellerProfilePromise.then((sellerProfile) =>
    loadAdvertisingProfiles(hydra, sellerProfile).catch(notFoundOn404(url)),
  );
  // Settled here so that a 404 of one read does not leave the others unhandled.
  rates.catch(() => {});
  const [amazonToday, sellerProfile, profiles] = await Promise.all([
    start.amazonToday,
    sellerProfilePromise,
    profilesPromise,
  ]);
  const advertisingProfile = findMarketplace(profiles, route.marketplace) ?? throwNotFound(url);
  const info = rangeInfo({ params, amazonToday }, advertisingProfile.timezone);
  const currency = currencyChoice(params, sellerProfile, advertisingProfile.currency);
  const scope = { profile: advertisingProfile.id };
  // The figures stream after the shell (see afterShell): the header, range and filters first.
  const figures = afterShell(async () => {
    const [table, daily, sales] = await Promise.all([
      loadTable(hydra, TABLES.campaigns, params, {
        range: info.range,
        currency: currency.send,
        scope,
        nativeCurrency: advertisingProfile.currency,
      }),
      loadDaily(hydra, {
        entity: "campaigns",
        ...scope,
        currency: currency.send,
        from: info.range.from,
        to: info.range.to,
      }).catch(() => []),
      hydra
        .collection<MarketplaceSalesView>("/api/marketplace_sales", {
          ...scope,
          from: info.range.from,
          to: info.range.to,
        })
        .then((c) => c.members[0] ?? null)
        .catch(() => null),
    ]);
    return { table, daily, sales };
  });
  return {
    sellerProfile: { id: sellerProfile.id, settings: sellerProfile.settings },
    advertisingProfile,
    info,
    currency,
    figures,
    rates: await rates,
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return hangarShouldRevalidate(args);
}

export function meta({ location, params }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [
    {
      title: `${t("hangar.marketplace.title", { marketplace: t(`marketplaces.${params.marketplace?.toUpperCase()}`, { defaultValue: params.marketplace }) })} · Starport`,
    },
  ];
}

export default function MarketplaceCampaigns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const link = useHangarLink();
  const { sellerProfile, advertisingProfile, info, currency, figures, rates } = loaderData;
  const marketplace = t(`marketplaces.${advertisingProfile.countryCode}`, {
    defaultValue: advertisingProfile.countryCode,
  });
  return (
    <HangarRates rates={rates}>
      <HangarEditing
        sellerProfileId={sellerProfile.id}
        advertisingProfileId={advertisingProfile.id}
        currency={advertisingProfile.currency}
      >
        <Stack gap="md" data-testid="page" data-page="campaigns-marketplace">
          <HangarHeader
            title={t("hangar.marketplace.title", { marketplace })}
            subtitle={
              <Group gap="xs">
                <Badge variant="light">{advertisingProfile.countryCode}</Badge>
                <Suspense fallback={null}>
                  <Await resolve={figures} errorElement={null}>
                    {({ table }) => (
                      <span>{t("hangar.marketplace.subtitle", { count: table.totalItems })}</span>
                    )}
                  </Await>
                </Suspense>
              </Group>
            }
            range={info.range}
            today={info.today}
            nativeCurrency={advertisingProfile.currency}
            defaultCurrency={sellerProfile.settings.defaultCurrency}
            converted={currency.convert}
            extra={
              <Button
                component={Link}
                to={link(
                  `/hangar/campaigns/${sellerProfile.id}/${advertisingProfile.countryCode}/new`,
                )}
                size="xs"
                data-testid="create-campaign"
              >
                {t("campaignCreate.open")}
              </Button>
            }
          />
          <Suspense fallback={<FiguresPending />}>
            <Await resolve={figures} errorElement={<FiguresFailed />}>
              {({ table, daily, sales }) => (
                <>
                  <HydrationMark />
                  <GoalVsActual
                    sellerProfileId={sellerProfile.id}
                    marketplace={advertisingProfile.countryCode}
                    actualAcos={table.totals?.acos ?? null}
                    actualTacos={sales?.tacos ?? null}
                  />
                  <MarketplaceSales sales={sales} />
                  <DailyChart
                    daily={daily}
                    range={info.range}
                    currency={currency.shown}
                    restatedFrom={info.restatedFrom}
                  />
                  <HangarTable
                    def={TABLES.campaigns}
                    result={table}
                    currency={currency.shown}
                    converted={currency.convert && currency.send !== null}
                    rowHref={(row) => (row.id ? link(`/hangar/campaigns/detail/${row.id}`) : null)}
                    compare
                    exportName={`campaigns-${advertisingProfile.countryCode}`}
                  />
                </>
              )}
            </Await>
          </Suspense>
        </Stack>
      </HangarEditing>
    </HangarRates>
  );
}
