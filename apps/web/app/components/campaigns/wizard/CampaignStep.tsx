import { Button, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DateField } from "../../DateField.tsx";
import { suggestedName } from "../wizard-state.ts";
import { BiddingFields, MoneyInput } from "./fields.tsx";
import type { StepProps } from "./step-props.ts";

export function CampaignStep({
  state,
  setState,
  marketplace,
  currency,
}: StepProps & { marketplace: string; currency: string }) {
  const { t } = useTranslation();
  const suggestion = suggestedName(state, marketplace);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("campaignCreate.campaign.name")}
        description={t("campaignCreate.campaign.nameHint", { suggestion })}
        value={state.nameTouched ? state.name : suggestion}
        maxLength={128}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((s) => ({ ...s, name: value, nameTouched: true }));
        }}
        rightSectionWidth={120}
        rightSection={
          state.nameTouched && state.name !== suggestion ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setState((s) => ({ ...s, name: "", nameTouched: false }))}
            >
              {t("campaignCreate.campaign.useSuggestion")}
            </Button>
          ) : null
        }
        data-testid="campaign-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyInput
          label={t("campaignCreate.campaign.dailyBudget", { currency })}
          value={state.dailyBudget}
          onChange={(v) => setState((s) => ({ ...s, dailyBudget: v === "" ? "" : Number(v) }))}
          data-testid="campaign-budget"
        />
        <DateField
          label={t("campaignCreate.campaign.startDate")}
          value={state.startDate}
          onChange={(value) => setState((s) => ({ ...s, startDate: value }))}
          required
          data-testid="campaign-start"
        />
        <DateField
          label={t("campaignCreate.campaign.endDate")}
          description={t("campaignCreate.campaign.endDateHint")}
          value={state.endDate}
          onChange={(value) => setState((s) => ({ ...s, endDate: value }))}
          minDate={state.startDate || undefined}
          data-testid="campaign-end"
        />
      </SimpleGrid>
      <BiddingFields
        strategy={state.biddingStrategy}
        top={state.placementTopOfSearch}
        productPage={state.placementProductPage}
        restOfSearch={state.placementRestOfSearch}
        onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
      />
    </Stack>
  );
}
