import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ConversionRate } from "../../lib/money.tsx";
import { ChangesTrayButton } from "./changes/ChangesTray.tsx";
import { CurrencySwitch, DateRangeControl } from "./DateRangeControl.tsx";
import type { DateRange } from "./date-range.ts";
import { RatesContext } from "./MoneyText.tsx";

/** Title, facts and the shared range and currency controls at the top of every Hangar screen. */
export function HangarHeader({
  title,
  subtitle,
  range,
  today,
  nativeCurrency,
  defaultCurrency,
  converted,
  extra,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  range: DateRange;
  today: string;
  nativeCurrency: string | null;
  defaultCurrency: string;
  converted: boolean;
  extra?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm" component="div">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      <Group gap="sm" wrap="wrap">
        {extra}
        {/* The pending-changes tray, on screens that edit (null elsewhere). */}
        <ChangesTrayButton />
        <CurrencySwitch
          nativeCurrency={nativeCurrency}
          defaultCurrency={defaultCurrency}
          converted={converted}
        />
        <DateRangeControl range={range} today={today} />
      </Group>
    </Group>
  );
}

/** Makes the rates' dates available to converted amounts below. */
export function HangarRates({
  rates,
  children,
}: {
  rates: readonly ConversionRate[];
  children: ReactNode;
}) {
  return <RatesContext value={rates}>{children}</RatesContext>;
}
