import { ActionIcon, Affix, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBook, IconHelp, IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import type { DialogResult } from "./HelpDialog.tsx";
import { lazyOverlay } from "./LazyOverlays.tsx";
import type { SupportRequestSent } from "./SupportForm.tsx";

/** The support dialog and its form (a textarea, the provider's widget) arrive after the page. */
const SupportDialog = lazyOverlay(() => import("./SupportDialog.tsx").then((m) => m.default));

/**
 * Floating help badge (spec §1); icons are 24×24. Two choices: the support form (in the help
 * dialog) and the knowledge-base categories page in a new tab.
 */
export function HelpBadge() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const knowledgeBaseUrl = root?.publicConfig.knowledgeBaseUrl;
  const supportWidget = root?.publicConfig.supportWidget ?? null;
  const [supportOpen, setSupportOpen] = useState(false);

  function closed(result: DialogResult<SupportRequestSent>) {
    setSupportOpen(false);
    if (result.type === "close") {
      notifications.show({
        message: t("support.sent"),
        color: "teal",
        "data-toast": "support-sent",
      } as Parameters<typeof notifications.show>[0]);
    }
  }

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Menu position="top-end" withinPortal>
          <Menu.Target>
            <ActionIcon size={48} radius="xl" aria-label={t("help.badge")} data-testid="help-badge">
              <IconHelp size={24} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconMessage size={24} />}
              onClick={() => setSupportOpen(true)}
              data-testid="help-support"
            >
              {t("help.supportForm")}
            </Menu.Item>
            {knowledgeBaseUrl ? (
              <Menu.Item
                component="a"
                href={knowledgeBaseUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconBook size={24} />}
                data-testid="help-knowledge-base"
              >
                {t("help.knowledgeBase")}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Affix>
      <SupportDialog
        opened={supportOpen}
        onClosed={closed}
        label={t("help.supportForm")}
        widget={supportWidget}
      />
    </>
  );
}
