import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { redirect, useRevalidator, useSearchParams } from "react-router";
import { AmazonConnectionsPanel } from "../components/amazon/AmazonConnectionsPanel.tsx";
import { AdvertisingSettings } from "../components/settings/advertising/AdvertisingSettings.tsx";
import { AdvertisingProfileList } from "../components/settings/advertising-profiles.ts";
import { GlobalGoalSettings } from "../components/settings/global-goals/GlobalGoalSettings.tsx";
import { InheritanceSettings } from "../components/settings/inheritance/InheritanceSettings.tsx";
import { SellerProfileSettings } from "../components/settings/SellerProfileSettings.tsx";
import { SellingAccountsSettings } from "../components/settings/selling-accounts/SellingAccountsSettings.tsx";
import { ShippingSettings } from "../components/settings/shipping/ShippingSettings.tsx";
import { StorageDisruptionSettings } from "../components/settings/storage-disruption/StorageDisruptionSettings.tsx";
import { TagSettings } from "../components/settings/TagSettings.tsx";
import { TaxSettings } from "../components/settings/TaxSettings.tsx";
import type { Tag, Tax } from "../components/settings/types.ts";
import { getI18n } from "../i18n/i18n.ts";
import { serverHydra } from "../lib/api/session-hydra.ts";
import { ConversionProvider, isoToday, loadConversionRates } from "../lib/money.tsx";
import { localizePath, splitLocale } from "../route-table.ts";
import { sessionContext } from "../session/server-session.ts";
import type { Route } from "./+types/settings";
import { settingsAction } from "./settings.server.ts";

const TABS = [
  "seller-profile",
  "taxes",
  "shipping",
  "tags",
  "amazon",
  "global-goals",
  "advertising",
  "storage-disruption",
  "inheritance",
  "selling-accounts",
] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const profile = session.profile;
  if (!profile) {
    throw redirect(
      localizePath("/profile-selection", splitLocale(new URL(request.url).pathname).locale),
    );
  }
  const hydra = serverHydra(context, request);
  const customer = session.user?.customer.id ?? profile.customer?.id;
  const [taxes, tags, rates, advertisingProfiles] = await Promise.all([
    hydra.collection<Tax>("/api/taxes", { customer, pagination: false }),
    hydra.collection<Tag>("/api/tags", {
      profile: profile.id,
      "order[text]": "ASC",
      pagination: false,
    }),
    loadConversionRates(hydra, isoToday()),
    AdvertisingProfileList.load(hydra, profile.id),
  ]);
  return {
    profile,
    taxes: taxes.members,
    tags: tags.members,
    rates,
    advertisingProfiles,
  };
}

/** The panels' writes: seller profile, taxes, shipping and tags (settings.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.settings.title")} · Starport` }];
}

/** Settings: seller profile, taxes and tags (spec §2 settings pages). */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "seller-profile";
  const { profile, taxes, tags, rates, advertisingProfiles } = loaderData;
  const refresh = () => void revalidate();

  return (
    <ConversionProvider currency={profile.settings.defaultCurrency} rates={rates}>
      <Stack gap="md" data-testid="page" data-page="settings">
        <Title order={1}>{t("pages.settings.title")}</Title>
        <Text c="dimmed">{t("pages.settings.description")}</Text>
        <Tabs
          value={tab}
          onChange={(value) =>
            value && setParams({ tab: value }, { replace: true, preventScrollReset: true })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="seller-profile">{t("settings.tabs.sellerProfile")}</Tabs.Tab>
            <Tabs.Tab value="taxes">{t("settings.tabs.taxes")}</Tabs.Tab>
            <Tabs.Tab value="shipping">{t("shipping.tab")}</Tabs.Tab>
            <Tabs.Tab value="tags">{t("settings.tabs.tags")}</Tabs.Tab>
            <Tabs.Tab value="amazon">{t("settings.tabs.amazon")}</Tabs.Tab>
            <Tabs.Tab value="global-goals">{t("settingsGoals.tabs.globalGoals")}</Tabs.Tab>
            <Tabs.Tab value="advertising">{t("settingsGoals.tabs.advertising")}</Tabs.Tab>
            <Tabs.Tab value="storage-disruption">
              {t("settingsGoals.tabs.storageDisruption")}
            </Tabs.Tab>
            <Tabs.Tab value="inheritance">{t("settingsGoals.tabs.inheritance")}</Tabs.Tab>
            <Tabs.Tab value="selling-accounts">{t("settingsGoals.tabs.sellingAccounts")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="seller-profile" pt="md">
            <SellerProfileSettings
              key={profile.id}
              profile={profile}
              rates={rates}
              advertisingProfiles={advertisingProfiles}
              onSaved={refresh}
            />
          </Tabs.Panel>
          <Tabs.Panel value="taxes" pt="md">
            <TaxSettings taxes={taxes} onChanged={refresh} />
          </Tabs.Panel>
          <Tabs.Panel value="shipping" pt="md">
            <ShippingSettings profileId={profile.id} />
          </Tabs.Panel>
          <Tabs.Panel value="tags" pt="md">
            <TagSettings tags={tags} onChanged={refresh} />
          </Tabs.Panel>
          <Tabs.Panel value="amazon" pt="md">
            <AmazonConnectionsPanel sellerProfileId={profile.id} />
          </Tabs.Panel>
          <Tabs.Panel value="global-goals" pt="md">
            <GlobalGoalSettings profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="advertising" pt="md">
            <AdvertisingSettings
              profile={profile}
              marketplaces={advertisingProfiles.map((p) => p.countryCode)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="storage-disruption" pt="md">
            <StorageDisruptionSettings profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="inheritance" pt="md">
            <InheritanceSettings profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="selling-accounts" pt="md">
            <SellingAccountsSettings
              sellerProfileId={profile.id}
              advertisedMarketplaces={advertisingProfiles.map((p) => p.countryCode)}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </ConversionProvider>
  );
}
