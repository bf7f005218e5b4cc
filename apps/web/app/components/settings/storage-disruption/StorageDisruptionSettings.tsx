import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LevelSettings } from "../advertising/LevelSettings.tsx";
import { STORAGE_FIELDS } from "../advertising/settings-fields.ts";

/** Settings → storage disruption: what ads do when stock runs low or out (global level). */
export function StorageDisruptionSettings({
  profile,
}: {
  profile: { id: string; name: string; settings: { defaultCurrency: string } };
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("settingsGoals.storage.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("settingsGoals.storage.description")}
        </Text>
        <LevelSettings
          testId="storage-disruption"
          target={{ level: "global", sellerProfileId: profile.id, profileName: profile.name }}
          fields={STORAGE_FIELDS}
          currency={profile.settings.defaultCurrency}
        />
      </Stack>
    </Card>
  );
}
