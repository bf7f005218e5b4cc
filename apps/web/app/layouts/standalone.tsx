import { Center, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ImpersonationBanner } from "../components/admin/ImpersonationBanner.tsx";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { ThemeSwitch } from "../components/ThemeSwitch.tsx";

/** A centred card without navigation: sign-in, registration, onboarding, profile selection. */
export default function StandaloneLayout() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" data-layout="standalone">
      <Stack w="100%" maw={480} gap="md">
        <ImpersonationBanner />
        <Text ta="center" fw={700} size="xl" c="indigo">
          {t("app.name")}
        </Text>
        <Paper withBorder shadow="md" p="xl" radius="md">
          <Outlet />
        </Paper>
        <Group justify="center" gap="sm">
          <LanguageSwitch />
          <ThemeSwitch />
        </Group>
      </Stack>
    </Center>
  );
}
