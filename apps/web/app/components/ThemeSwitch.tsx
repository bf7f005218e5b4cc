import { ActionIcon } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useAppState } from "../lib/app-state.tsx";
import { DeferredTooltip } from "./DeferredTooltip.tsx";

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme, setDark } = useAppState();
  const label = theme.dark ? t("theme.light") : t("theme.dark");
  return (
    <DeferredTooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t("theme.toggle")}
        aria-pressed={theme.dark}
        data-testid="theme-switch"
        onClick={() => setDark(!theme.dark)}
      >
        {theme.dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </DeferredTooltip>
  );
}
