/** The keyword page's cells: a staged row's state and where a search term came from. */
import { Badge, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChangeView } from "../../../components/hangar/changes/model.ts";
import { type RowResult, type Stage, stageOf, type TermSource } from "./model.ts";

/** Badges show their whole label (no ellipsis in a narrow column). */
export const FULL_BADGE = {
  root: { flexShrink: 0, maxWidth: "none" },
  label: { overflow: "visible" },
} as const;

const STAGE_COLOR: Record<Stage, string> = {
  inTray: "blue",
  pending: "gray",
  applied: "teal",
  failed: "red",
};

/** A staged creation's state as a small badge, with Amazon's message when it failed. */
function StageBadge({
  state,
  label,
  testId,
  plain = false,
  adGroupId,
}: {
  state: { stage: Stage; message: string | null };
  label: string;
  testId: string;
  /** A source negation's ad group. */
  adGroupId?: string;
  /** As a line of text that wraps (a source negation's long label). */
  plain?: boolean;
}) {
  if (plain)
    return (
      <Text
        size="xs"
        c={`${STAGE_COLOR[state.stage]}.8`}
        data-testid={testId}
        data-stage={state.stage}
        data-ad-group={adGroupId}
      >
        {label}
        {state.message ? ` – ${state.message}` : ""}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Badge
        size="sm"
        tt="none"
        fw={500}
        color={STAGE_COLOR[state.stage]}
        variant="light"
        styles={FULL_BADGE}
        data-testid={testId}
        data-stage={state.stage}
        data-ad-group={adGroupId}
      >
        {label}
      </Badge>
      {state.message ? (
        <Text size="xs" c="red" data-testid={`${testId}-message`}>
          {state.message}
        </Text>
      ) : null}
    </Group>
  );
}

/** A staged row's keyword and source negations, each with where it stands. */
export function RowStages({
  result,
  pushed,
  sources,
}: {
  result: RowResult;
  pushed: ReadonlyMap<string, ChangeView>;
  sources: TermSource[];
}) {
  const { t } = useTranslation();
  const state = stageOf(result, pushed);
  const nameOf = (id: string) => sources.find((s) => s.adGroupId === id)?.adGroupName ?? id;
  return (
    <Stack gap={2} data-testid="kw-result-ok" data-stage={state.stage}>
      <StageBadge
        state={state}
        label={t(`keywordRecs.stage.${state.stage}`)}
        testId="kw-result-keyword"
      />
      {result.negations.map((n) =>
        n.ok ? (
          <StageBadge
            key={n.adGroupId}
            plain
            state={stageOf(n, pushed)}
            label={t("keywordRecs.negation", {
              adGroup: nameOf(n.adGroupId),
              stage: t(`keywordRecs.stage.${stageOf(n, pushed).stage}`),
            })}
            testId="kw-result-negation"
            adGroupId={n.adGroupId}
          />
        ) : (
          <Text key={n.adGroupId} size="xs" c="red" data-testid="kw-result-negation-error">
            {t("keywordRecs.negationRefused", { adGroup: nameOf(n.adGroupId), message: n.message })}
          </Text>
        ),
      )}
    </Stack>
  );
}

/** Where a search term came from, and the source negation that goes with harvesting it. */
export function SourceCell({
  sources,
  own,
  negate,
  done,
  onNegate,
}: {
  sources: TermSource[];
  own: boolean;
  negate: boolean;
  done: boolean;
  onNegate(negate: boolean): void;
}) {
  const { t } = useTranslation();
  const open = sources.filter((s) => !s.negated);
  return (
    <Stack gap={0} data-testid="kw-sources">
      {own ? (
        <Text size="xs" c="dimmed" data-testid="kw-source-own">
          {t("keywordRecs.source.own")}
        </Text>
      ) : null}
      {sources.map((s) => (
        <Group
          key={s.adGroupId}
          gap={4}
          wrap="nowrap"
          data-testid="kw-source"
          data-ad-group={s.adGroupId}
        >
          <Text size="xs" c="dimmed" data-campaign={s.campaignName ?? undefined}>
            {s.campaignName
              ? t("keywordRecs.source.fromCampaign", {
                  adGroup: s.adGroupName,
                  campaign: s.campaignName,
                })
              : t("keywordRecs.source.from", { adGroup: s.adGroupName })}
            {s.via
              ? ` · ${
                  s.matchType
                    ? t("keywordRecs.source.viaKeyword", {
                        keyword: s.via,
                        match: t(`keywordRecs.match.${s.matchType}`, {
                          defaultValue: s.matchType,
                        }),
                      })
                    : t("keywordRecs.source.viaTarget", { target: s.via })
                }`
              : ""}
          </Text>
          {s.negated ? (
            <Badge
              size="xs"
              color="gray"
              variant="outline"
              styles={FULL_BADGE}
              data-testid="kw-source-negated"
            >
              {t("keywordRecs.source.negated")}
            </Badge>
          ) : null}
        </Group>
      ))}
      {open.length > 0 ? (
        <Checkbox
          size="xs"
          mt={2}
          checked={negate}
          disabled={done}
          onChange={(event) => onNegate(event.currentTarget.checked)}
          onClick={(event) => event.stopPropagation()}
          label={t("keywordRecs.source.negate", { count: open.length })}
          data-testid="kw-negate"
        />
      ) : null}
    </Stack>
  );
}
