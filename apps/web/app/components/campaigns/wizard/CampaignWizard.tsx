import { Alert, Button, Group, List, Paper, Stack, Stepper, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  missingOn,
  STEPS,
  type Step,
  stepOfPath,
  type WizardProduct,
  type WizardState,
} from "../wizard-state.ts";
import { AdGroupStep } from "./AdGroupStep.tsx";
import { CampaignStep } from "./CampaignStep.tsx";
import { useViolationText, type WizardViolation } from "./fields.tsx";
import { NegativesStep } from "./NegativesStep.tsx";
import { ProductsStep } from "./ProductsStep.tsx";
import { ReviewStep } from "./ReviewStep.tsx";
import { TargetingStep } from "./TargetingStep.tsx";
import { TargetsStep } from "./TargetsStep.tsx";

/**
 * The campaign creation wizard (issue 10 §7): targeting → campaign → ad group → products →
 * keywords or targets → negatives → review. It only edits the state; `onCreate` sends it.
 */
export function CampaignWizard({
  state,
  setState,
  marketplace,
  currency,
  profileId,
  products,
  productSearch,
  violations,
  creating,
  onCreate,
}: {
  state: WizardState;
  setState: (update: (s: WizardState) => WizardState) => void;
  marketplace: string;
  currency: string;
  profileId: string;
  products: readonly WizardProduct[];
  /** Set when the loaded listings are not all: the picker asks the API while searching. */
  productSearch?: { sellerProfile: string; marketplace: string } | null;
  violations: readonly WizardViolation[];
  creating: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [tried, setTried] = useState(false);
  const step = STEPS[active] as Step;
  const missing = missingOn(step, state);
  const violationText = useViolationText(currency);
  const stepsWithViolations = new Set(violations.map((v) => stepOfPath(v.propertyPath)));
  const next = () => {
    if (missing.length) {
      setTried(true);
      return;
    }
    setTried(false);
    setActive((a) => Math.min(a + 1, STEPS.length - 1));
  };

  return (
    <Stack gap="md" data-testid="campaign-wizard">
      <Stepper
        active={active}
        onStepClick={(index) => {
          // Back freely; forward only over complete steps.
          if (
            index <= active ||
            STEPS.slice(active, index).every((s) => !missingOn(s, state).length)
          )
            setActive(index);
        }}
        size="sm"
        allowNextStepsSelect={false}
      >
        {STEPS.map((s) => (
          <Stepper.Step
            key={s}
            label={t(`campaignCreate.steps.${s}`)}
            color={stepsWithViolations.has(s) ? "red" : undefined}
            data-testid={`step-${s}`}
          />
        ))}
      </Stepper>
      <Paper withBorder p="md" data-testid={`wizard-step-${step}`}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t(`campaignCreate.steps.${step}`)}
          </Title>
          {step === "targeting" && <TargetingStep state={state} setState={setState} />}
          {step === "campaign" && (
            <CampaignStep
              state={state}
              setState={setState}
              marketplace={marketplace}
              currency={currency}
            />
          )}
          {step === "adGroup" && (
            <AdGroupStep state={state} setState={setState} currency={currency} />
          )}
          {step === "products" && (
            <ProductsStep
              state={state}
              setState={setState}
              products={products}
              search={productSearch ?? null}
            />
          )}
          {step === "targets" && (
            <TargetsStep
              state={state}
              setState={setState}
              currency={currency}
              profileId={profileId}
            />
          )}
          {step === "negatives" && <NegativesStep state={state} setState={setState} />}
          {step === "review" && (
            <ReviewStep state={state} marketplace={marketplace} currency={currency} />
          )}
          {tried && missing.length > 0 && (
            <Alert color="red" data-testid="wizard-missing">
              {missing.map((m) => t(`campaignCreate.missing.${m}`)).join(" ")}
            </Alert>
          )}
          {violations.length > 0 && (
            <Alert color="red" title={t("campaignCreate.violationsTitle")} data-testid="violations">
              <List size="sm">
                {violations.map((v) => (
                  <List.Item key={`${v.propertyPath}-${v.message}`}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setActive(STEPS.indexOf(stepOfPath(v.propertyPath)))}
                    >
                      {t(`campaignCreate.steps.${stepOfPath(v.propertyPath)}`)}
                    </Button>{" "}
                    <code>{v.propertyPath}</code>: {violationText(v)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={active === 0}
          onClick={() => setActive((a) => Math.max(0, a - 1))}
          data-testid="wizard-back"
        >
          {t("campaignCreate.back")}
        </Button>
        {step === "review" ? (
          <Button onClick={onCreate} loading={creating} data-testid="wizard-create">
            {t("campaignCreate.create")}
          </Button>
        ) : (
          <Button onClick={next} data-testid="wizard-next">
            {t("campaignCreate.next")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
