import { SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AUTO_GROUPS } from "../wizard-state.ts";
import { MoneyInput } from "./fields.tsx";
import { KeywordsEditor } from "./KeywordsEditor.tsx";
import type { StepProps } from "./step-props.ts";
import { TargetsEditor } from "./TargetsEditor.tsx";

/** Bids of the automatic targeting groups, or the manual keywords or product targets. */
export function TargetsStep({
  state,
  setState,
  currency,
  profileId,
}: StepProps & { currency: string; profileId: string }) {
  const { t } = useTranslation();
  if (state.targetingType === "AUTO")
    return (
      <Stack gap="sm" data-testid="auto-bids">
        <Text size="sm" c="dimmed">
          {t("campaignCreate.auto.hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {AUTO_GROUPS.map((group) => (
            <MoneyInput
              key={group}
              label={t(`campaignCreate.auto.${group}`, { currency })}
              value={state.autoBids[group]}
              onChange={(v) =>
                setState((s) => ({
                  ...s,
                  autoBids: { ...s.autoBids, [group]: v === "" ? "" : Number(v) },
                }))
              }
              data-testid={`auto-bid-${group}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={state.manualKind}
        onChange={(v) =>
          setState((s) => ({ ...s, manualKind: v === "targets" ? "targets" : "keywords" }))
        }
        data={[
          { value: "keywords", label: t("campaignCreate.keywords.tab") },
          { value: "targets", label: t("campaignCreate.targets.tab") },
        ]}
        data-testid="manual-kind"
      />
      {state.manualKind === "keywords" ? (
        <KeywordsEditor
          state={state}
          setState={setState}
          currency={currency}
          profileId={profileId}
        />
      ) : (
        <TargetsEditor state={state} setState={setState} currency={currency} />
      )}
    </Stack>
  );
}
