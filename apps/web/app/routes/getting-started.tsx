import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  AUTOMATION_MODES,
  type AutomationMode,
  LIFECYCLE_STAGES,
  type LifecycleStage,
  SETTING_DEFAULTS,
} from "@starport/settings";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConnectAmazonButton } from "../components/amazon/ConnectAmazonButton.tsx";
import { SellerCentralNotice } from "../components/amazon/SellerCentralNotice.tsx";
import { lacksSellerCentral } from "../components/amazon/seller-central.ts";
import { useMarketplaceOptions } from "../components/marketplaces/use-marketplace-options.ts";
import { OnboardingMarketplaces } from "../components/settings/selling-accounts/OnboardingMarketplaces.tsx";
import { getI18n } from "../i18n/i18n.ts";
import { fieldErrors } from "../lib/hydra-form.ts";
import { CONVERSION_CURRENCIES } from "../lib/money.tsx";
import { useRouteWrite } from "../lib/route-write.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";
import { splitLocale } from "../route-table.ts";
import type { SessionUser } from "../session/session.ts";
import { sessionStore } from "../session/store.ts";
import type { Route } from "./+types/getting-started";
import { gettingStartedAction, loadGettingStarted } from "./getting-started.server.ts";
import {
  ONBOARDING_FINISH,
  ONBOARDING_SAVE_STEP,
  type OnboardingProgress,
  type StepKey,
} from "./getting-started-model.ts";

type OnboardingGoalType = "targetAcos" | "targetTacos";

const METRICS = [
  { value: "ACoS", label: "ACoS" },
  { value: "RoAS", label: "ROAS" },
  { value: "TACoS", label: "TACoS" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGettingStarted(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return gettingStartedAction(context, request);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.getting-started.title")} · Starport` }];
}

function useStepSaver(onSaved: (progress: OnboardingProgress) => void) {
  const { t } = useTranslation();
  const write = useRouteWrite();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  async function save(step: StepKey, body: unknown) {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const { answer } = await write(ONBOARDING_SAVE_STEP, { step }, body as object);
      onSaved(answer as OnboardingProgress);
    } catch (failure) {
      const messages = fieldErrors(failure, t);
      setFields(messages);
      if (Object.keys(messages).length === 0) setError(t("onboarding.saveFailed"));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, save };
}

function StepActions({
  busy,
  onSkip,
  submitLabel,
}: {
  busy: boolean;
  onSkip?: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      {onSkip ? (
        <Button variant="subtle" onClick={onSkip} disabled={busy} data-testid="step-skip">
          {t("onboarding.skip")}
        </Button>
      ) : null}
      <Button type="submit" loading={busy} data-testid="step-submit">
        {submitLabel}
      </Button>
    </Group>
  );
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;
}

/**
 * The onboarding stepper (spec §4): (1) seller profile, (2) Selling Partner API, (3) Advertising
 * API, (4) marketplaces, (5) global target ACoS, then finish. Every step is saved on the server,
 * so a reload resumes where the user stopped; steps 2–4 may be skipped for now.
 */
export default function GettingStartedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { sellerCentral } = loaderData;
  const adsOnly = lacksSellerCentral(sellerCentral);
  const [progress, setProgress] = useState<OnboardingProgress>(loaderData.progress);
  const stepIndex = (key: StepKey | null) =>
    key === null ? progress.steps.length : progress.steps.findIndex((s) => s.key === key);
  const [active, setActive] = useState(stepIndex(loaderData.progress.currentStep));
  const saver = useStepSaver((next) => {
    setProgress(next);
    setActive(
      next.currentStep === null
        ? next.steps.length
        : next.steps.findIndex((s) => s.key === next.currentStep),
    );
  });

  const profile = progress.sellerProfile;
  const [name, setName] = useState(profile?.name ?? "");
  const [marketplace, setMarketplace] = useState(profile?.settings.defaultMarketplace ?? "DE");
  const [currency, setCurrency] = useState(profile?.settings.defaultCurrency ?? "EUR");
  const [metric, setMetric] = useState(profile?.settings.defaultAdvertisingMetric ?? "ACoS");
  const [marketplaces, setMarketplaces] = useState<string[]>(progress.marketplaces ?? []);
  const [targetAcos, setTargetAcos] = useState<number | string>(progress.targetAcos ?? 20);
  const [goalType, setGoalType] = useState<OnboardingGoalType>(
    progress.goals?.goalType === "targetTacos" ? "targetTacos" : "targetAcos",
  );
  const [targetTacos, setTargetTacos] = useState<number | string>(
    progress.goals?.targetTacos ?? SETTING_DEFAULTS.targetTacos ?? 10,
  );
  const [lifecycleStage, setLifecycleStage] = useState<LifecycleStage>(
    progress.goals?.lifecycleStage ?? SETTING_DEFAULTS.lifecycleStage ?? "growth",
  );
  const [automationMode, setAutomationMode] = useState<AutomationMode>(
    progress.goals?.automationMode ?? SETTING_DEFAULTS.automationMode ?? "suggest",
  );
  const finishWrite = useRouteWrite();
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);

  const marketplaceOptions = useMarketplaceOptions();

  const onSubmit = (step: StepKey, body: () => unknown) => (event: FormEvent) => {
    event.preventDefault();
    void saver.save(step, body());
  };

  async function finish() {
    setFinishing(true);
    setFinishError(null);
    try {
      const { answer } = await finishWrite(ONBOARDING_FINISH);
      const store = sessionStore();
      store.setUser(answer as SessionUser);
      if (progress.sellerProfile) store.setProfile(progress.sellerProfile);
      navigate(localized("/"));
    } catch {
      setFinishError(t("onboarding.finishFailed"));
    } finally {
      setFinishing(false);
    }
  }

  const stepStatus = (key: StepKey) => progress.steps.find((s) => s.key === key)?.status;
  const description = (key: StepKey): ReactNode => {
    if (key === "sp-api" && sellerCentral?.state === "refused")
      return (
        <Text span size="sm" c="orange.9" data-testid="onboarding-sp-refused">
          {t("onboarding.spApi.refused")}
        </Text>
      );
    return stepStatus(key) === "skipped" ? t("onboarding.skipped") : null;
  };

  return (
    <Stack gap="md" data-testid="page" data-page="getting-started">
      <Title order={1} size="h2">
        {t("pages.getting-started.title")}
      </Title>
      <Text c="dimmed">{t("pages.getting-started.description")}</Text>
      {adsOnly ? <SellerCentralNotice access={sellerCentral} /> : null}
      <Stepper
        active={active}
        onStepClick={setActive}
        allowNextStepsSelect={false}
        orientation="vertical"
        size="sm"
        data-testid="onboarding-stepper"
        data-active-step={progress.steps[active]?.key ?? "done"}
      >
        <Stepper.Step label={t("onboarding.sellerProfile.title")}>
          <form
            onSubmit={onSubmit("seller-profile", () => ({
              name,
              defaultMarketplace: marketplace,
              defaultCurrency: currency,
              defaultAdvertisingMetric: metric,
            }))}
            noValidate
          >
            <Stack gap="sm">
              <ErrorLine error={saver.error} />
              <TextInput
                label={t("onboarding.sellerProfile.name")}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={saver.fields.name}
                required
              />
              <Select
                label={t("onboarding.sellerProfile.marketplace")}
                data={marketplaceOptions}
                value={marketplace}
                onChange={(value) => setMarketplace(value ?? "DE")}
                allowDeselect={false}
                error={saver.fields.defaultMarketplace}
                searchable
              />
              <Select
                label={t("onboarding.sellerProfile.currency")}
                data={[...CONVERSION_CURRENCIES]}
                value={currency}
                onChange={(value) => setCurrency(value ?? "EUR")}
                allowDeselect={false}
                error={saver.fields.defaultCurrency}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("onboarding.sellerProfile.metric")}
                </Text>
                <SegmentedControl
                  data={METRICS}
                  value={metric}
                  onChange={setMetric}
                  aria-label={t("onboarding.sellerProfile.metric")}
                />
              </Stack>
              <StepActions busy={saver.busy} submitLabel={t("onboarding.next")} />
            </Stack>
          </form>
        </Stepper.Step>
        {(["sp-api", "advertising-api"] as const).map((key) => (
          <Stepper.Step
            key={key}
            label={t(key === "sp-api" ? "onboarding.spApi.title" : "onboarding.adsApi.title")}
            description={description(key)}
          >
            <form onSubmit={onSubmit(key, () => ({ skipped: true }))} noValidate>
              <Stack gap="sm">
                <ErrorLine error={saver.error} />
                <Text>
                  {t(key === "sp-api" ? "onboarding.spApi.text" : "onboarding.adsApi.text")}
                </Text>
                {progress.sellerProfile ? (
                  <ConnectAmazonButton
                    api={key === "sp-api" ? "sp" : "ads"}
                    sellerProfileId={progress.sellerProfile.id}
                    returnTo={localized("/getting-started")}
                  />
                ) : null}
                <Text size="sm" c="dimmed">
                  {t("onboarding.connectLater")}
                </Text>
                <StepActions busy={saver.busy} submitLabel={t("onboarding.skip")} />
              </Stack>
            </form>
          </Stepper.Step>
        ))}
        <Stepper.Step
          label={t("onboarding.marketplaces.title")}
          description={description("marketplaces")}
        >
          <form onSubmit={onSubmit("marketplaces", () => ({ marketplaces }))} noValidate>
            <Stack gap="sm">
              <ErrorLine error={saver.error} />
              <OnboardingMarketplaces
                sellerProfileId={progress.sellerProfile?.id ?? null}
                value={marketplaces}
                onChange={setMarketplaces}
                error={saver.fields.marketplaces}
              />
              <StepActions
                busy={saver.busy}
                submitLabel={t("onboarding.next")}
                onSkip={() => void saver.save("marketplaces", { skipped: true })}
              />
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t("onboarding.targetAcos.title")}>
          <form
            onSubmit={onSubmit("target-acos", () => ({
              targetAcos: Number(targetAcos),
              goalType,
              ...(goalType === "targetTacos" ? { targetTacos: Number(targetTacos) } : {}),
              lifecycleStage,
              automationMode,
            }))}
            noValidate
          >
            <Stack gap="sm" data-testid="onboarding-goals">
              <ErrorLine error={saver.error} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="onboarding-goal-type">
                  {t("settingsGoals.fields.goalType")}
                </Text>
                <SegmentedControl
                  data={(["targetAcos", "targetTacos"] as const).map((value) => ({
                    value,
                    label: t(`settingsGoals.choices.goalType.${value}`),
                  }))}
                  value={goalType}
                  onChange={(value) => setGoalType(value as OnboardingGoalType)}
                  aria-labelledby="onboarding-goal-type"
                  data-testid="onboarding-goal-type"
                />
                <Text size="xs" c="dimmed">
                  {t("onboarding.goals.moreInSettings")}
                </Text>
              </Stack>
              <NumberInput
                label={t("onboarding.targetAcos.label")}
                description={t(
                  goalType === "targetTacos"
                    ? "onboarding.goals.acosGuardHint"
                    : "onboarding.targetAcos.hint",
                )}
                value={targetAcos}
                onChange={setTargetAcos}
                min={0.01}
                max={100}
                decimalScale={2}
                suffix=" %"
                error={saver.fields.targetAcos}
              />
              {goalType === "targetTacos" ? (
                <NumberInput
                  label={t("onboarding.goals.targetTacos")}
                  description={t("onboarding.goals.targetTacosHint")}
                  value={targetTacos}
                  onChange={setTargetTacos}
                  min={0.01}
                  max={100}
                  decimalScale={2}
                  suffix=" %"
                  error={saver.fields.targetTacos}
                  data-testid="onboarding-target-tacos"
                />
              ) : null}
              <Select
                label={t("settingsGoals.fields.lifecycleStage")}
                description={t("onboarding.goals.lifecycleHint")}
                data={LIFECYCLE_STAGES.map((value) => ({
                  value,
                  label: t(`settingsGoals.choices.lifecycleStage.${value}`),
                }))}
                value={lifecycleStage}
                onChange={(value) => value && setLifecycleStage(value as LifecycleStage)}
                allowDeselect={false}
                error={saver.fields.lifecycleStage}
                data-testid="onboarding-lifecycle"
              />
              <Select
                label={t("settingsGoals.fields.automationMode")}
                description={t("onboarding.goals.automationHint")}
                data={AUTOMATION_MODES.map((value) => ({
                  value,
                  label: t(`settingsGoals.choices.automationMode.${value}`),
                }))}
                value={automationMode}
                onChange={(value) => value && setAutomationMode(value as AutomationMode)}
                allowDeselect={false}
                error={saver.fields.automationMode}
                data-testid="onboarding-automation"
              />
              <StepActions busy={saver.busy} submitLabel={t("onboarding.next")} />
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="sm" data-testid="onboarding-complete">
            <Text data-ads-only={adsOnly ? "true" : undefined}>
              {t(adsOnly ? "onboarding.readyAdsOnly" : "onboarding.readyText")}
            </Text>
            <ErrorLine error={finishError} />
            <Group justify="flex-end">
              <Button
                onClick={() => void finish()}
                loading={finishing}
                data-testid="onboarding-finish"
              >
                {t("onboarding.finish")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
