import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { DateField } from "../DateField.tsx";
import { changeErrorText } from "../hangar/changes/format.ts";
import { useFormat } from "../hangar/format.ts";
import {
  BiddingFields,
  MoneyInput,
  useViolationText,
  type WizardViolation,
} from "./wizard/fields.tsx";
import type { BiddingStrategy } from "./wizard-state.ts";

/** The campaign fields the settings edit, in the API's terms (contract: Change values). */
export interface CampaignSettingsValues {
  name: string;
  state: string;
  budget: number | null;
  biddingStrategy: string | null;
  placementTopOfSearch: number | null;
  placementProductPage: number | null;
  placementRestOfSearch: number | null;
  startDate: string | null;
  endDate: string | null;
}
export const SETTINGS_FIELDS = [
  "name",
  "state",
  "budget",
  "biddingStrategy",
  "placementTopOfSearch",
  "placementProductPage",
  "placementRestOfSearch",
  "startDate",
  "endDate",
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export type SettingsActionResult =
  | { intent: "settings"; ok: true; batch: string | null; fields: SettingsField[] }
  | { intent: "settings"; ok: false; violations: WizardViolation[]; message: string | null };

interface BatchState {
  status: string;
  changes: {
    field: string | null;
    status: string;
    errorCode: string | null;
    errorMessage: string | null;
  }[];
}
const FINAL = new Set(["applied", "partially_applied", "failed"]);

/**
 * Campaign settings (issue 10 §6): name, state, daily budget, bidding strategy, placement
 * adjustments and dates, saved as changes and pushed to Amazon by the page's route action; the
 * result per field shows when Amazon has answered.
 */
export function CampaignSettings({
  campaign,
  currency,
}: {
  campaign: CampaignSettingsValues;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const fetcher = useFetcher<SettingsActionResult>();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const violationText = useViolationText(currency);
  const [open, setOpen] = useState(false);
  const initial = () => ({
    name: campaign.name,
    state: campaign.state,
    budget: (campaign.budget ?? "") as number | "",
    biddingStrategy: (campaign.biddingStrategy ?? "LEGACY_FOR_SALES") as BiddingStrategy,
    placementTopOfSearch: (campaign.placementTopOfSearch ?? 0) as number | "",
    placementProductPage: (campaign.placementProductPage ?? 0) as number | "",
    placementRestOfSearch: (campaign.placementRestOfSearch ?? 0) as number | "",
    startDate: campaign.startDate ?? "",
    endDate: campaign.endDate ?? "",
  });
  const [form, setForm] = useState(initial);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const edit = (patch: Partial<ReturnType<typeof initial>>) => {
    setForm((f) => ({ ...f, ...patch }));
    setEdited((e) => new Set([...e, ...Object.keys(patch)]));
  };
  const [batch, setBatch] = useState<BatchState | null>(null);
  const result = fetcher.data;
  const archived = campaign.state === "ARCHIVED";

  // After a push: follow the batch until Amazon has answered, then show the page's new values.
  const batchIri = result?.ok ? result.batch : null;
  useEffect(() => {
    if (!batchIri) return;
    let stopped = false;
    setBatch({ status: "pending", changes: [] });
    const poll = async () => {
      while (!stopped) {
        try {
          const hydra = browserHydra();
          const [b, list] = await Promise.all([
            hydra.item<{ status: string }>(batchIri),
            hydra.collection<BatchState["changes"][number]>(
              "/api/changes",
              { batch: batchIri, itemsPerPage: 100 },
              { fresh: true },
            ),
          ]);
          if (stopped) return;
          setBatch({ status: b.status, changes: list.members });
          if (FINAL.has(b.status)) {
            void revalidate.current();
            return;
          }
        } catch {
          // A failed read is tried again with the next tick.
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [batchIri]);

  useEffect(() => {
    if (fetcher.state === "submitting") setEdited(new Set());
  }, [fetcher.state]);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok && result.fields.length > 0) setOpen(false);
  }, [fetcher.state, result]);

  // A refused field's message goes once the seller changes that field.
  const violations = (result && !result.ok ? result.violations : []).filter(
    (v) => !edited.has(v.propertyPath),
  );
  const violationOf = (field: string) => {
    const v = violations.find((x) => x.propertyPath === field);
    return v ? violationText(v) : undefined;
  };
  const failed = batch?.changes.filter((c) => c.status === "failed") ?? [];
  const applied = batch?.changes.filter((c) => c.status === "applied") ?? [];

  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setForm(initial());
            setEdited(new Set());
            setOpen(true);
          }}
          disabled={archived}
          title={archived ? t("campaignSettings.archivedHint") : undefined}
          data-testid="campaign-settings-open"
        >
          {t("campaignSettings.edit")}
        </Button>
      </Group>
      {batch && (
        <Alert
          data-testid="settings-result"
          data-status={batch.status}
          color={
            !FINAL.has(batch.status) ? "blue" : batch.status === "applied" ? "green" : "orange"
          }
        >
          {!FINAL.has(batch.status) ? (
            <Text size="sm">{t("campaignSettings.pending")}</Text>
          ) : (
            <Stack gap={4}>
              {applied.length > 0 && (
                <Text size="sm">
                  {t("campaignSettings.applied", {
                    fields: applied
                      .map((c) =>
                        t(`campaignSettings.field.${c.field}`, { defaultValue: c.field ?? "" }),
                      )
                      .join(", "),
                  })}
                </Text>
              )}
              {failed.length > 0 && (
                <>
                  <Text size="sm">{t("campaignSettings.failed", { count: failed.length })}</Text>
                  <List size="sm">
                    {failed.map((c) => (
                      <List.Item key={`${c.field}-${c.errorMessage}`}>
                        {t(`campaignSettings.field.${c.field}`, { defaultValue: c.field ?? "" })}:{" "}
                        {changeErrorText(c, t)}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Stack>
          )}
        </Alert>
      )}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("campaignSettings.title")}
        size="lg"
      >
        <fetcher.Form method="post" data-testid="campaign-settings-form">
          <input type="hidden" name="intent" value="settings" />
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("campaignSettings.description")}
            </Text>
            <TextInput
              label={t("campaignSettings.name")}
              name="name"
              value={form.name}
              maxLength={128}
              onChange={(e) => {
                const value = e.currentTarget.value;
                edit({ name: value });
              }}
              error={violationOf("name")}
              data-testid="settings-name"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t("campaignSettings.state")}
                name="state"
                data={["ENABLED", "PAUSED", "ARCHIVED"].map((s) => ({
                  value: s,
                  label: t(`hangar.state.${s}`),
                }))}
                value={form.state}
                allowDeselect={false}
                onChange={(v) => v && edit({ state: v })}
                error={violationOf("state")}
                data-testid="settings-state"
              />
              <MoneyInput
                label={t("campaignSettings.dailyBudget", { currency })}
                name="budget"
                value={form.budget}
                onChange={(v) => edit({ budget: v === "" ? "" : Number(v) })}
                error={violationOf("budget")}
                description={
                  campaign.budget !== null ? format.money(campaign.budget, currency) : undefined
                }
                data-testid="settings-budget"
              />
            </SimpleGrid>
            <BiddingFields
              strategy={form.biddingStrategy}
              top={form.placementTopOfSearch}
              productPage={form.placementProductPage}
              restOfSearch={form.placementRestOfSearch}
              onChange={(patch) => edit(patch)}
              names={{
                strategy: "biddingStrategy",
                top: "placementTopOfSearch",
                productPage: "placementProductPage",
                restOfSearch: "placementRestOfSearch",
              }}
            />
            {[
              "biddingStrategy",
              "placementTopOfSearch",
              "placementRestOfSearch",
              "placementProductPage",
            ].map((field) =>
              violationOf(field) ? (
                <Text key={field} size="sm" c="red">
                  {t(`campaignSettings.field.${field}`)}: {violationOf(field)}
                </Text>
              ) : null,
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label={t("campaignSettings.startDate")}
                name="startDate"
                value={form.startDate}
                onChange={(value) => edit({ startDate: value })}
                error={violationOf("startDate")}
              />
              <DateField
                label={t("campaignSettings.endDate")}
                description={t("campaignSettings.endDateHint")}
                name="endDate"
                value={form.endDate}
                onChange={(value) => edit({ endDate: value })}
                error={violationOf("endDate")}
              />
            </SimpleGrid>
            {result && !result.ok && violations.length === 0 && (
              <Alert color="red">{t("campaignSettings.error")}</Alert>
            )}
            {result?.ok && result.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("campaignSettings.noChanges")}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t("campaignSettings.cancel")}
              </Button>
              <Button type="submit" loading={fetcher.state !== "idle"} data-testid="settings-save">
                {t("campaignSettings.save")}
              </Button>
            </Group>
            {batch && !FINAL.has(batch.status) && (
              <Badge variant="light">{t("campaignSettings.pending")}</Badge>
            )}
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
