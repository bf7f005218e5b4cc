import {
  ActionIcon,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { BIDDING_STRATEGIES, type BiddingStrategy } from "../wizard-state.ts";

export interface WizardViolation {
  propertyPath: string;
  message: string;
  code?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

/**
 * The translated text of a violation: the API's rule codes are translation keys
 * (`campaignCreate.violation.bidOutOfRange` with its limits), the shape codes of every form
 * (`required`, `invalid`, …) live under `formValidationError`; the message is the fallback.
 */
export function useViolationText(currency: string) {
  const { t, i18n } = useTranslation();
  return (v: WizardViolation) => {
    if (!v.code) return v.message;
    const key = v.code.includes(".") ? v.code : `formValidationError.${v.code}`;
    // Limits in the locale's number format (1.000.000 / 1,000,000); a bid's or budget's limits
    // are money, so they name the marketplace's currency (1,00 € – 1.000.000,00 €).
    const money = /(bid|budget)OutOfRange$/i.test(v.code);
    const params = Object.fromEntries(
      Object.entries(v.params ?? {}).map(([name, value]) => [
        name,
        typeof value === "number"
          ? numberFormat(
              intlLocale(i18n.language),
              money ? { style: "currency", currency } : undefined,
            ).format(value)
          : value,
      ]),
    );
    return t(key, { ...params, defaultValue: v.message });
  };
}

/** Decimal comma in German, point in English (what a seller types into a money field). */
export function useDecimalSeparator(): string {
  const { i18n } = useTranslation();
  return (
    numberFormat(intlLocale(i18n.language))
      .formatToParts(1.5)
      .find((p) => p.type === "decimal")?.value ?? "."
  );
}

/** Bidding strategy and placement adjustments: shared by the wizard and the campaign settings. */
export function BiddingFields({
  strategy,
  top,
  productPage,
  restOfSearch,
  onChange,
  names,
}: {
  strategy: BiddingStrategy;
  top: number | "";
  productPage: number | "";
  restOfSearch: number | "";
  onChange: (
    patch: Partial<{
      biddingStrategy: BiddingStrategy;
      placementTopOfSearch: number | "";
      placementProductPage: number | "";
      placementRestOfSearch: number | "";
    }>,
  ) => void;
  /** Form field names, when rendered inside a form. */
  names?: { strategy: string; top: string; productPage: string; restOfSearch: string };
}) {
  const { t } = useTranslation();
  const percent = (v: string | number) => (v === "" ? "" : Math.round(Number(v)));
  return (
    <Stack gap="sm">
      <Select
        label={t("campaignCreate.campaign.biddingStrategy")}
        data={BIDDING_STRATEGIES.map((s) => ({
          value: s,
          label: t(`campaignCreate.strategy.${s}`),
        }))}
        value={strategy}
        allowDeselect={false}
        onChange={(v) => v && onChange({ biddingStrategy: v as BiddingStrategy })}
        name={names?.strategy}
        data-testid="bidding-strategy"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t("campaignCreate.campaign.placementTopOfSearch")}
          description={t("campaignCreate.campaign.placementHint")}
          value={top}
          min={0}
          max={900}
          allowDecimal={false}
          suffix=" %"
          onChange={(v) => onChange({ placementTopOfSearch: percent(v) })}
          name={names?.top}
          data-testid="placement-top"
        />
        <NumberInput
          label={t("campaignCreate.campaign.placementRestOfSearch")}
          description={t("campaignCreate.campaign.placementHint")}
          value={restOfSearch}
          min={0}
          max={900}
          allowDecimal={false}
          suffix=" %"
          onChange={(v) => onChange({ placementRestOfSearch: percent(v) })}
          name={names?.restOfSearch}
          data-testid="placement-rest"
        />
        <NumberInput
          label={t("campaignCreate.campaign.placementProductPage")}
          description={t("campaignCreate.campaign.placementHint")}
          value={productPage}
          min={0}
          max={900}
          allowDecimal={false}
          suffix=" %"
          onChange={(v) => onChange({ placementProductPage: percent(v) })}
          name={names?.productPage}
          data-testid="placement-product"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The × that removes one row of a list the wizard builds. */
export function RemoveButton({ onRemove, size }: { onRemove: () => void; size?: "xs" }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      size={size}
      variant={size ? "transparent" : "subtle"}
      color="red"
      aria-label={t("campaignCreate.remove")}
      onClick={onRemove}
    >
      ×
    </ActionIcon>
  );
}

/** A money amount as a seller types it: never negative, cents, the locale's decimal mark. */
export function MoneyInput(
  props: Omit<NumberInputProps, "min" | "decimalScale" | "decimalSeparator">,
) {
  const decimal = useDecimalSeparator();
  return <NumberInput min={0} decimalScale={2} decimalSeparator={decimal} {...props} />;
}
