import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { writeBrowserCookie } from "../lib/cookies.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_OPTIONS } from "../lib/locale.ts";
import { LOCALES, type Locale, localizePath, splitLocale } from "../route-table.ts";

/** Switches language on the same page and remembers the choice (cookie i18n_redirected). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { locale, path } = splitLocale(location.pathname);
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("language.label")}
      data-testid="language-switch"
      value={locale}
      onChange={(value) => {
        const next = value as Locale;
        writeBrowserCookie(LOCALE_COOKIE, next, LOCALE_COOKIE_OPTIONS);
        navigate(`${localizePath(path, next)}${location.search}${location.hash}`);
      }}
      data={LOCALES.map((l) => ({ value: l, label: l.toUpperCase(), title: t(`language.${l}`) }))}
    />
  );
}
