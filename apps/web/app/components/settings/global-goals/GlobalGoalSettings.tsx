import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LevelSettings } from "../advertising/LevelSettings.tsx";
import { GOAL_FIELDS } from "../advertising/settings-fields.ts";

/** Settings → global goals: the seller profile's advertising goal, inherited by every product. */
export function GlobalGoalSettings({
  profile,
}: {
  profile: { id: string; name: string; settings: { defaultCurrency: string } };
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("settingsGoals.global.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("settingsGoals.global.description")}
        </Text>
        <LevelSettings
          testId="global-goals"
          target={{ level: "global", sellerProfileId: profile.id, profileName: profile.name }}
          fields={GOAL_FIELDS}
          currency={profile.settings.defaultCurrency}
        />
      </Stack>
    </Card>
  );
}
