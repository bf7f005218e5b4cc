import { Radio, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StepProps } from "./step-props.ts";

export function TargetingStep({ state, setState }: StepProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={state.targetingType}
      onChange={(value) =>
        setState((s) => ({ ...s, targetingType: value === "AUTO" ? "AUTO" : "MANUAL" }))
      }
      label={t("campaignCreate.targeting.label")}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="MANUAL"
          label={t("campaignCreate.targeting.manual")}
          description={t("campaignCreate.targeting.manualHint")}
          data-testid="targeting-manual"
        />
        <Radio
          value="AUTO"
          label={t("campaignCreate.targeting.auto")}
          description={t("campaignCreate.targeting.autoHint")}
          data-testid="targeting-auto"
        />
      </Stack>
    </Radio.Group>
  );
}
