import { MARKETPLACES } from "@starport/marketplaces";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Every Amazon marketplace as a select's options, named in the user's language ("Deutschland",
 * "Germany"); `withCode` puts the code first ("DE · Deutschland") where the code is what a seller
 * looks for.
 */
export function useMarketplaceOptions({ withCode = false }: { withCode?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the language
  return useMemo(
    () =>
      MARKETPLACES.map((m) => {
        const name = t(`marketplaces.${m.code}`);
        return { value: m.code, label: withCode ? `${m.code} · ${name}` : name };
      }),
    [t, withCode, i18n.language],
  );
}
