import { ActionIcon, Menu, Text } from "@mantine/core";
import { IconLogout, IconUser, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { browserHydra } from "../lib/api/session-hydra.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";
import { useSessionUser } from "../session/SessionKeeper.tsx";
import { isAdminUser } from "../session/session.ts";
import { sessionStore } from "../session/store.ts";

/** The signed-in user's name and sign-out (revokes the token on the server, spec §4). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const localized = useLocalizedPath();
  if (!user) return null;

  async function signOut() {
    try {
      await browserHydra().request("/api/sign-out", { method: "POST" });
    } catch {
      // Signed out locally either way; a 401 has done so already.
    }
    sessionStore().signOut();
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t("user.menu")} data-testid="user-menu">
          <IconUserCircle size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} data-testid="user-name">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.email}
            {isAdminUser(user) ? ` · ${t("user.admin")}` : ""}
          </Text>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={localized("/profile")}
          leftSection={<IconUser size={16} />}
          data-testid="user-profile"
        >
          {t("user.profile")}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          {t("user.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
