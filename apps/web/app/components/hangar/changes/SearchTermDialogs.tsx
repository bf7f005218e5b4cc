/**
 * The two harvest dialogs of a search term (SearchTermActions.tsx): add it as a keyword or as a
 * negative. They load after the page, with the first search-term row (issue 23, first-load JS).
 */
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { NumberInput } from "../../LazyNumberInput.tsx";
import { Modal } from "../../LazyOverlays.tsx";
import { useFormat } from "../format.ts";
import type { HangarRow } from "../tables.ts";
import { useChangeAction, useChanges } from "./ChangesContext.tsx";
import { actionError } from "./format.ts";
import { type AdGroupChoice, idOf } from "./model.ts";

/** What both harvests share: the change action, its error, and the tray opening on success. */
function useHarvest(onClose: () => void) {
  const { t } = useTranslation();
  const changes = useChanges();
  const [error, setError] = useState<string | null>(null);
  const action = useChangeAction((result) => {
    if (result.ok) {
      onClose();
      changes?.setTrayOpen(true);
    } else setError(actionError(result, t));
  });
  return { changes, action, error, setError };
}

/** The modal both harvests show: their fields, the error, cancel and "add to tray". */
function HarvestModal({
  title,
  testId,
  error,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  /** `add-keyword` or `add-negative`: the modal's and its submit button's test ids. */
  testId: string;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm" data-testid={`${testId}-modal`}>
          {children}
          {error ? (
            <Text size="sm" c="red" data-testid="harvest-error">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("changes.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
              {t("changes.harvest.addToTray")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AddKeywordModal({ row, onClose }: { row: HangarRow; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { changes, action, error, setError } = useHarvest(onClose);
  const choices = useFetcher<{ adGroups: AdGroupChoice[] }>();
  const load = choices.load;
  const actionPath = changes?.actionPath;
  const profileId = changes?.advertisingProfileId;
  useEffect(() => {
    if (actionPath) void load(`${actionPath}?view=keywordTargets&profile=${profileId}`);
  }, [actionPath, profileId, load]);
  const term = String(row.searchTerm ?? "");
  const rowAdGroup = idOf(row.adGroup as string | null);
  const groups = choices.data?.adGroups ?? [];
  const [adGroup, setAdGroup] = useState<string | null>(null);
  const chosen = adGroup ?? (groups.some((g) => g.id === rowAdGroup) ? rowAdGroup : null);
  const [text, setText] = useState(term);
  const [matchType, setMatchType] = useState<"EXACT" | "PHRASE" | "BROAD">("EXACT");
  const cpc = (row.metrics as { cpc?: number | null } | undefined)?.cpc;
  const [bid, setBid] = useState<string | number>(cpc ? Math.round(cpc * 100) / 100 : "");
  const submit = () => {
    if (!chosen) return setError(t("changes.harvest.chooseAdGroup"));
    if (typeof bid !== "number" || bid <= 0) return setError(t("changes.error.number"));
    if (!text.trim()) return setError(t("changes.harvest.textRequired"));
    action.submit({
      intent: "createKeyword",
      sellerProfile: changes?.sellerProfileId ?? "",
      adGroup: chosen,
      keywordText: text.trim(),
      matchType,
      bid,
      searchTerm: term,
    });
  };
  return (
    <HarvestModal
      title={t("changes.harvest.keywordTitle", { term })}
      testId="add-keyword"
      error={error}
      busy={action.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t("changes.harvest.keywordText")}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Select
        label={t("changes.harvest.adGroup")}
        searchable
        data={groups.map((g) => ({ value: g.id, label: `${g.campaignName} › ${g.name}` }))}
        value={chosen}
        onChange={setAdGroup}
        placeholder={choices.state === "loading" ? t("changes.loading") : undefined}
        nothingFoundMessage={t("changes.harvest.noAdGroups")}
        data-testid="add-keyword-adgroup"
        comboboxProps={{ zIndex: 500 }}
      />
      <SegmentedControl
        value={matchType}
        onChange={(v) => setMatchType(v as typeof matchType)}
        data={(["EXACT", "PHRASE", "BROAD"] as const).map((m) => ({
          value: m,
          label: t(`hangar.enum.${m}`),
        }))}
        data-testid="add-keyword-match"
      />
      <NumberInput
        label={t("changes.field.bid")}
        value={bid}
        onChange={setBid}
        decimalScale={2}
        decimalSeparator={format.locale.startsWith("de") ? "," : "."}
        allowNegative={false}
        hideControls
        data-testid="add-keyword-bid"
      />
    </HarvestModal>
  );
}

function AddNegativeModal({ row, onClose }: { row: HangarRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { changes, action, error, setError } = useHarvest(onClose);
  const term = String(row.searchTerm ?? "");
  const [matchType, setMatchType] = useState<"NEGATIVE_EXACT" | "NEGATIVE_PHRASE">(
    "NEGATIVE_EXACT",
  );
  const [level, setLevel] = useState<"adGroup" | "campaign">("adGroup");
  const campaign = idOf(row.campaign as string | null);
  const adGroup = idOf(row.adGroup as string | null);
  const submit = () => {
    if (!campaign) return setError(t("changes.error.generic"));
    action.submit({
      intent: "createNegative",
      sellerProfile: changes?.sellerProfileId ?? "",
      level,
      campaign,
      adGroup,
      keywordText: term,
      matchType,
      searchTerm: term,
    });
  };
  return (
    <HarvestModal
      title={t("changes.harvest.negativeTitle", { term })}
      testId="add-negative"
      error={error}
      busy={action.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <SegmentedControl
        value={matchType}
        onChange={(v) => setMatchType(v as typeof matchType)}
        data={(["NEGATIVE_EXACT", "NEGATIVE_PHRASE"] as const).map((m) => ({
          value: m,
          label: t(`hangar.enum.${m}`),
        }))}
        data-testid="add-negative-match"
      />
      <SegmentedControl
        value={level}
        onChange={(v) => setLevel(v as typeof level)}
        data={[
          { value: "adGroup", label: t("changes.harvest.levelAdGroup") },
          { value: "campaign", label: t("changes.harvest.levelCampaign") },
        ]}
        data-testid="add-negative-level"
      />
    </HarvestModal>
  );
}

/** The dialog a search term's menu opened. */
export function SearchTermDialog({
  kind,
  row,
  onClose,
}: {
  kind: "keyword" | "negative";
  row: HangarRow;
  onClose: () => void;
}) {
  return kind === "keyword" ? (
    <AddKeywordModal row={row} onClose={onClose} />
  ) : (
    <AddNegativeModal row={row} onClose={onClose} />
  );
}
