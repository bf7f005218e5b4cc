import { Card, Select, Stack, Text, Title } from "@mantine/core";
import { MARKETPLACES } from "@starport/marketplaces";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GlobalLevelCard } from "./GlobalLevelCard.tsx";
import { LevelSettings } from "./LevelSettings.tsx";
import { BIDDING_FIELDS, GOAL_FIELDS } from "./settings-fields.ts";

/**
 * Settings → advertising: bidding rules of the seller profile (global level) and the advertising
 * goal per marketplace, each value with its effective value, its source and "reset to inherited".
 */
export function AdvertisingSettings({
  profile,
  marketplaces,
}: {
  profile: {
    id: string;
    name: string;
    settings: { defaultCurrency: string; defaultMarketplace: string };
  };
  /** Marketplaces of the profile's advertising profiles (country codes), listed first. */
  marketplaces: readonly string[];
}) {
  const { t } = useTranslation();
  const codes = [...new Set([...marketplaces, ...MARKETPLACES.map((m) => m.code)])];
  const [marketplace, setMarketplace] = useState<string>(
    marketplaces[0] ?? profile.settings.defaultMarketplace,
  );
  const currency =
    MARKETPLACES.find((m) => m.code === marketplace)?.currency ?? profile.settings.defaultCurrency;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("settingsGoals.marketplace.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("settingsGoals.marketplace.description")}
          </Text>
          <Select
            label={t("settingsGoals.marketplace.choose")}
            w={260}
            searchable
            data={codes.map((code) => ({
              value: code,
              label: t(`marketplaces.${code}`, { defaultValue: code }),
            }))}
            value={marketplace}
            onChange={(value) => value && setMarketplace(value)}
            data-testid="marketplace-goal-select"
          />
          <LevelSettings
            testId="marketplace-goals"
            target={{
              level: "marketplace",
              sellerProfileId: profile.id,
              profileName: profile.name,
              marketplace,
            }}
            fields={GOAL_FIELDS}
            currency={currency}
          />
        </Stack>
      </Card>
      <GlobalLevelCard
        profile={profile}
        section="bidding"
        fields={BIDDING_FIELDS}
        testId="bidding"
      />
    </Stack>
  );
}
