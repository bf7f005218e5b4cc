import { Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconRocket } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function EmptyState() {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRocket size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t("page.emptyTitle")}
        </Title>
        <Text c="dimmed" ta="center">
          {t("page.emptyDescription")}
        </Text>
      </Stack>
    </Center>
  );
}
