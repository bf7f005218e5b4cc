import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { formatDateTime } from "../../lib/dates.ts";
import { useLocale, useLocalizedPath } from "../../lib/use-locale.ts";
import { useSessionUser } from "../../session/SessionKeeper.tsx";

/**
 * On every page while an administrator views Starport as a user (issue 22): whom they see it as,
 * who they are and until when, and the way back to their own session. Dark red: white text on it
 * keeps the contrast (5.3 : 1) that orange (3 : 1) did not.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const user = useSessionUser();
  const fetcher = useFetcher();
  const impersonation = user?.impersonation;
  if (!user || !impersonation) return null;
  return (
    <Alert
      color="red.9"
      variant="filled"
      radius={0}
      p="xs"
      role="status"
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500} style={{ flex: 1 }}>
          {t("impersonation.banner", {
            name: user.name,
            email: user.email,
            admin: impersonation.actor.name,
            until: formatDateTime(impersonation.endsAt, locale),
          })}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          style={{ flexShrink: 0 }}
          loading={fetcher.state !== "idle"}
          onClick={() =>
            void fetcher.submit(
              { intent: "end" },
              { method: "post", action: localized("/admin/impersonation") },
            )
          }
          data-testid="impersonation-end"
        >
          {t("impersonation.end")}
        </Button>
      </Group>
    </Alert>
  );
}
