import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LevelSettings } from "./LevelSettings.tsx";
import type { EditableKey } from "./settings-fields.ts";

export interface SettingsProfile {
  id: string;
  name: string;
  settings: { defaultCurrency: string };
}

/**
 * A card of seller-profile (global) settings: its title and description from
 * `settingsGoals.<section>`, then the fields with their effective values.
 */
export function GlobalLevelCard({
  profile,
  section,
  fields,
  testId,
}: {
  profile: SettingsProfile;
  section: "global" | "storage" | "bidding";
  fields: readonly EditableKey[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`settingsGoals.${section}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`settingsGoals.${section}.description`)}
        </Text>
        <LevelSettings
          testId={testId}
          target={{ level: "global", sellerProfileId: profile.id, profileName: profile.name }}
          fields={fields}
          currency={profile.settings.defaultCurrency}
        />
      </Stack>
    </Card>
  );
}
