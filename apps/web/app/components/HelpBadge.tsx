import { ActionIcon, Affix, Menu } from "@mantine/core";
import { IconBook, IconHelp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** Floating help badge (spec §1); icons are 24×24. The support form joins with the session work. */
export function HelpBadge() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const knowledgeBaseUrl = root?.publicConfig.knowledgeBaseUrl;
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Menu position="top-end" withinPortal>
        <Menu.Target>
          <ActionIcon size={48} radius="xl" aria-label={t("help.badge")} data-testid="help-badge">
            <IconHelp size={24} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {knowledgeBaseUrl ? (
            <Menu.Item
              component="a"
              href={knowledgeBaseUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconBook size={24} />}
            >
              {t("help.knowledgeBase")}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
