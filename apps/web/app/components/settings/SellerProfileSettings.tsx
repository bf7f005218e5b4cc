import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useHydraForm } from "../../lib/hydra-form.ts";
import { CONVERSION_CURRENCIES, type ConversionRate, Money } from "../../lib/money.tsx";
import { useRouteWrite } from "../../lib/route-write.ts";
import type { SellerProfile } from "../../session/session.ts";
import { useMarketplaceOptions } from "../marketplaces/use-marketplace-options.ts";
import { ADVERTISING_METRICS, type AdvertisingProfile } from "./types.ts";

interface Props {
  profile: SellerProfile;
  rates: readonly ConversionRate[];
  advertisingProfiles: readonly AdvertisingProfile[];
  onSaved(): void;
}

/** The seller profile's name and display defaults (spec §3 settings), saved by the settings action. */
export function SellerProfileSettings({ profile, rates, advertisingProfiles, onSaved }: Props) {
  const { t } = useTranslation();
  const marketplaceOptions = useMarketplaceOptions();
  const write = useRouteWrite();
  const form = useHydraForm(
    {
      name: profile.name,
      defaultAdvertisingMetric: profile.settings.defaultAdvertisingMetric,
      defaultCurrency: profile.settings.defaultCurrency,
      defaultMarketplace: profile.settings.defaultMarketplace,
    },
    (values) =>
      write(
        "seller-profile.save",
        {},
        {
          name: values.name,
          settings: {
            defaultAdvertisingMetric: values.defaultAdvertisingMetric,
            defaultCurrency: values.defaultCurrency,
            defaultMarketplace: values.defaultMarketplace,
          },
        },
      ),
    { onSaved },
  );

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit} noValidate data-testid="seller-profile-form">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("settings.sellerProfile.title")}
            </Title>
            <TextInput
              label={t("settings.sellerProfile.name")}
              name="name"
              value={form.values.name}
              onChange={(event) => form.set("name", event.currentTarget.value)}
              error={form.error("name")}
            />
            <Select
              label={t("settings.sellerProfile.defaultAdvertisingMetric")}
              name="defaultAdvertisingMetric"
              data={[...ADVERTISING_METRICS]}
              value={form.values.defaultAdvertisingMetric}
              onChange={(value) => value && form.set("defaultAdvertisingMetric", value)}
              error={form.error("settings.defaultAdvertisingMetric")}
              allowDeselect={false}
            />
            <Select
              label={t("settings.sellerProfile.defaultCurrency")}
              name="defaultCurrency"
              data={[...CONVERSION_CURRENCIES]}
              value={form.values.defaultCurrency}
              onChange={(value) => value && form.set("defaultCurrency", value)}
              error={form.error("settings.defaultCurrency")}
              allowDeselect={false}
            />
            <Select
              label={t("settings.sellerProfile.defaultMarketplace")}
              name="defaultMarketplace"
              data={marketplaceOptions}
              value={form.values.defaultMarketplace}
              onChange={(value) => value && form.set("defaultMarketplace", value)}
              error={form.error("settings.defaultMarketplace")}
              allowDeselect={false}
              searchable
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} data-testid="save-seller-profile">
                {t("settings.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg" data-testid="conversion-rates">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("settings.conversionRates.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("settings.conversionRates.description", {
              currency: profile.settings.defaultCurrency,
            })}
          </Text>
          <Table>
            <Table.Tbody>
              {CONVERSION_CURRENCIES.map((currency) => (
                <Table.Tr key={currency}>
                  <Table.Td>100 {currency}</Table.Td>
                  <Table.Td>
                    <Money amount={100} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rates.length === 0 && <Text size="sm">{t("settings.conversionRates.none")}</Text>}
        </Stack>
      </Card>

      <Card withBorder padding="lg" data-testid="advertising-profiles">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("settings.advertisingProfiles.title")}
          </Title>
          {advertisingProfiles.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("settings.advertisingProfiles.empty")}
            </Text>
          ) : (
            advertisingProfiles.map((ad) => (
              <Group key={ad.id} gap="sm">
                <Text fw={600}>{t(`marketplaces.${ad.countryCode}`)}</Text>
                <Text size="sm" c="dimmed">
                  {ad.amazonProfileId} · {ad.currency} · {ad.timezone}
                </Text>
                {ad.active && <Badge>{t("settings.advertisingProfiles.active")}</Badge>}
              </Group>
            ))
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
