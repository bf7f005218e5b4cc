import "@mantine/dates/styles.css";
import { Group, SegmentedControl, Select, Skeleton, Text, Tooltip } from "@mantine/core";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AfterHydration } from "../AfterHydration.tsx";
import { type DateRange, RANGE_PRESETS, type RangePreset, rangeParams } from "./date-range.ts";
import { useFormat } from "./format.ts";

// The calendar (@mantine/dates, dayjs) is needed only for a custom range: it loads on demand.
const CustomRangePicker = lazy(() => import("./CustomRangePicker.tsx"));

/** Changing the range or the currency starts every table on this screen at its first page. */
function withoutPages(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) if (key === "page" || key.endsWith(".page")) next.delete(key);
  for (const key of ["range", "from", "to"]) next.delete(key);
  return next;
}

/**
 * The one date-range control of every Hangar screen, kept in the URL (`range`, `from`, `to`):
 * presets, or a custom range picked on a calendar. Days are the marketplace's calendar days.
 */
export function DateRangeControl({ range, today }: { range: DateRange; today: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();

  const apply = (next: DateRange | { preset: RangePreset; from?: string; to?: string }) => {
    const search = withoutPages(params);
    const values =
      next.preset === "custom" && next.from && next.to
        ? rangeParams({ preset: "custom", from: next.from, to: next.to })
        : { range: next.preset };
    for (const [key, value] of Object.entries(values)) search.set(key, value);
    setParams(search, { preventScrollReset: true });
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="date-range" data-from={range.from} data-to={range.to}>
      <Select
        aria-label={t("hangar.range.label")}
        data-testid="range-preset"
        size="xs"
        w={170}
        allowDeselect={false}
        value={range.preset}
        data={RANGE_PRESETS.map((preset) => ({
          value: preset,
          label: t(`hangar.range.${preset}`),
        }))}
        onChange={(value) => {
          if (!value) return;
          if (value === "custom") apply({ preset: "custom", from: range.from, to: range.to });
          else apply({ preset: value as RangePreset });
        }}
      />
      {range.preset === "custom" ? (
        <AfterHydration fallback={<Skeleton h={30} w={220} />}>
          <CustomRangePicker
            from={range.from}
            to={range.to}
            today={today}
            onChange={(from, to) => apply({ preset: "custom", from, to })}
          />
        </AfterHydration>
      ) : (
        <Tooltip label={t("hangar.range.marketplaceDays")} withArrow>
          <Text size="xs" c="dimmed" data-testid="range-text">
            {format.day(range.from)} – {format.day(range.to)}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

/** Money in the marketplace's currency or converted into the seller profile's default one. */
export function CurrencySwitch({
  nativeCurrency,
  defaultCurrency,
  converted,
}: {
  nativeCurrency: string | null;
  defaultCurrency: string;
  converted: boolean;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (nativeCurrency === defaultCurrency) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("hangar.currency.label")}
      data-testid="currency-switch"
      value={converted ? "default" : "native"}
      data={[
        {
          value: "native",
          label: nativeCurrency
            ? t("hangar.currency.native", { currency: nativeCurrency })
            : t("hangar.currency.marketplaces"),
        },
        { value: "default", label: t("hangar.currency.default", { currency: defaultCurrency }) },
      ]}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === "default") next.set("currency", "default");
        else next.delete("currency");
        setParams(next, { preventScrollReset: true });
      }}
    />
  );
}
