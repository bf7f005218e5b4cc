import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";

/**
 * What a sync brought from Amazon, as the API sends it (`result.arrived` of a sync run: counts per kind,
 * summed from the run's steps by @starport/sync's syncArrivals), worded for the user's language:
 * "48 Kampagnen, 612 Anzeigengruppen, 3.600 Keywords und Berichte für 90 Tage".
 */
export interface SyncArrivalsView {
  campaigns?: number;
  ad_groups?: number;
  keywords?: number;
  targets?: number;
  product_ads?: number;
  negative_keywords?: number;
  negative_targets?: number;
  products?: number;
  reportDays?: number;
}

const SHOWN = [
  "campaigns",
  "ad_groups",
  "keywords",
  "targets",
  "product_ads",
  "products",
  "reportDays",
] as const;

export function SyncArrivals({ arrived }: { arrived: SyncArrivalsView }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(intlLocale(i18n.language));
  const parts = SHOWN.flatMap((kind) => {
    const count = arrived[kind];
    return count ? [t(`syncArrivals.${kind}`, { count, formatted: number.format(count) })] : [];
  });
  if (parts.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { style: "long", type: "conjunction" });
  return (
    <Text size="xs" c="dimmed" data-testid="sync-arrivals">
      {t("syncArrivals.label", { list: list.format(parts) })}
    </Text>
  );
}
