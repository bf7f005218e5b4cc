import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { suggestedAdGroupName } from "../wizard-state.ts";
import { MoneyInput } from "./fields.tsx";
import type { StepProps } from "./step-props.ts";

export function AdGroupStep({ state, setState, currency }: StepProps & { currency: string }) {
  const { t } = useTranslation();
  const suggestion = suggestedAdGroupName(state);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t("campaignCreate.adGroup.name")}
        value={state.adGroupNameTouched ? state.adGroupName : suggestion}
        maxLength={255}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((s) => ({ ...s, adGroupName: value, adGroupNameTouched: true }));
        }}
        data-testid="ad-group-name"
      />
      <MoneyInput
        label={t("campaignCreate.adGroup.defaultBid", { currency })}
        value={state.defaultBid}
        onChange={(v) => setState((s) => ({ ...s, defaultBid: v === "" ? "" : Number(v) }))}
        data-testid="ad-group-bid"
      />
    </SimpleGrid>
  );
}
