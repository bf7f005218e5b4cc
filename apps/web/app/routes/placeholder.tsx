import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { EmptyState } from "../components/EmptyState.tsx";
import { entryForRouteId } from "../route-table.ts";

/**
 * A screen whose feature has not been built yet: its layout, heading and an honest empty state.
 * The loader makes client navigations pass the server's route middleware too; the title comes
 * from the root's meta.
 */
export async function loader() {
  return null;
}

export default function PlaceholderPage() {
  const { t } = useTranslation();
  const entry = entryForRouteId(useMatches().at(-1)?.id);
  if (!entry) return null;
  return (
    <Stack gap="xs" data-testid="page" data-page={entry.key}>
      <Title order={1}>{t(`pages.${entry.key}.title`)}</Title>
      <Text c="dimmed">{t(`pages.${entry.key}.description`)}</Text>
      <EmptyState />
    </Stack>
  );
}
