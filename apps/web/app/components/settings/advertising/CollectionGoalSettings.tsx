import { Card, Stack, Text, Title } from "@mantine/core";
import type { EffectiveValue } from "@starport/settings";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { LevelSettings } from "./LevelSettings.tsx";
import {
  type EditableKey,
  formatSettingValue,
  GOAL_FIELDS,
  provenanceText,
} from "./settings-fields.ts";

/** The collection detail's settings tab: the collection's advertising goal (collection level). */
export function CollectionGoalSettings({
  profile,
  collection,
}: {
  profile: { id: string; name: string; currency: string };
  collection: { id: string; name: string; priority: number; createdAt: string };
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("settingsGoals.collection.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("settingsGoals.collection.description")}
        </Text>
        <LevelSettings
          testId="collection-goals"
          target={{
            level: "collection",
            sellerProfileId: profile.id,
            profileName: profile.name,
            collectionId: collection.id,
            collectionName: collection.name,
            priority: collection.priority,
            createdAt: collection.createdAt,
          }}
          fields={GOAL_FIELDS}
          currency={profile.currency}
        />
      </Stack>
    </Card>
  );
}

interface PreviewRow {
  sku: string;
  title: string;
  changes: { key: EditableKey; before: EffectiveValue<unknown>; after: EffectiveValue<unknown> }[];
}

/**
 * The text of the delete confirmation: which products' settings change when the collection goes
 * (they fall back to the next level), from the API's deletion preview.
 */
export async function collectionDeletionWarning(
  collectionId: string,
  t: TFunction,
  locale: string,
  currency: string,
): Promise<string> {
  const preview = await browserHydra().collection<PreviewRow>(
    "/api/collection_deletion_previews",
    { collection: collectionId, itemsPerPage: 20 },
    { fresh: true },
  );
  if (preview.totalItems === 0) return "";
  const lines = preview.members.map(
    (row) =>
      `${row.sku}: ${row.changes
        .map(
          (c) =>
            `${t(`settingsGoals.fields.${c.key}`)} ${formatSettingValue(c.key, c.before.value, t, locale, currency)} → ${formatSettingValue(c.key, c.after.value, t, locale, currency)} (${provenanceText(c.after.source, t)})`,
        )
        .join("; ")}`,
  );
  return [
    t("settingsGoals.collection.deleteChanges", { count: preview.totalItems }),
    ...lines,
  ].join("\n");
}
